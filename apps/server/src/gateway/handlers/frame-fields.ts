/** Whether a client frame's `d` (or a field of it) is a JSON object, whose fields are then checked one by one. */
export function isFrameObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
