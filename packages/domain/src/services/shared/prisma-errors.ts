/** A unique constraint refused the write (Prisma P2002): two requests raced for the same row. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}
