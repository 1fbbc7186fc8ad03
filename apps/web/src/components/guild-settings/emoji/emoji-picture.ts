/** What an emoji's picture may be, as the service checks it (stated to people before they pick one). */
export const EMOJI_TYPES = ["image/png", "image/gif", "image/webp"] as const;

/** A name the service takes, made from a file's name: `Party Blob!.png` → `Party_Blob`. */
export function emojiNameFromFile(fileName: string): string {
  const base = fileName
    .replace(/\.[^.]+$/, "")
    .replace(/[^A-Za-z0-9_]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 32);
  return base.length >= 2 ? base : "emoji";
}

/** "256 KB" or "1.5 MB", for limits and for the size of a picture that is over one. */
export function describeBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Why this file cannot be an emoji, in a sentence, or null when it can. */
export function emojiFileProblem(file: { type: string; size: number }, maxBytes: number): string | null {
  if (!(EMOJI_TYPES as readonly string[]).includes(file.type)) return "Pick a PNG, GIF or WebP picture.";
  if (file.size > maxBytes)
    return `That picture is ${describeBytes(file.size)}; an emoji can be at most ${describeBytes(maxBytes)}.`;
  return null;
}

/** The file as image data (`data:image/png;base64,...`), as the service takes pictures. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The picture could not be read."));
    reader.readAsDataURL(file);
  });
}
