import { formatFileSize } from "@/lib/format";

/** The spec's limits of one message's files (40005 beyond them): 10 files, 25 MB together. */
export const FILES_MAX = 10;
export const FILES_BYTES_MAX = 25 * 1024 * 1024;

export const LIMITS_TEXT = `Up to ${FILES_MAX} files, ${FILES_BYTES_MAX / 1024 / 1024} MB together`;

/** Why these files cannot be sent as one message, for the person, or null when they can. */
export function overLimits(files: { size: number }[]): string | null {
  const total = files.reduce((sum, f) => sum + f.size, 0);
  const problems: string[] = [];
  if (files.length > FILES_MAX)
    problems.push(`A message can carry at most ${FILES_MAX} files: remove ${files.length - FILES_MAX}.`);
  if (total > FILES_BYTES_MAX) {
    problems.push(
      `Files can be at most ${FILES_BYTES_MAX / 1024 / 1024} MB together: these are ${formatFileSize(total)}. Remove some to send.`,
    );
  }
  return problems.length ? problems.join(" ") : null;
}
