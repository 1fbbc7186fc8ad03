import { createHash } from "node:crypto";

/** The largest picture accepted (decoded), e.g. an application's icon. */
export const PICTURE_MAX_BYTES = 1024 * 1024;

const MB = 1024 * 1024;

/** "Must be 8 MB or smaller." for whole megabytes above one, else in KB ("Must be 1024 KB or smaller."). */
function tooLargeMessage(maxBytes: number): string {
  return maxBytes > MB && maxBytes % MB === 0
    ? `Must be ${maxBytes / MB} MB or smaller.`
    : `Must be ${maxBytes / 1024} KB or smaller.`;
}

export const PICTURE_MESSAGES = {
  invalid: "Must be a PNG, JPEG, GIF or WebP image given as image data (data:image/...;base64,...).",
  tooLarge: tooLargeMessage(PICTURE_MAX_BYTES),
} as const;

export interface DecodedPicture {
  contentType: "image/png" | "image/jpeg" | "image/gif" | "image/webp";
  data: Buffer;
  /** 32 hex characters, like the reference platform's picture hashes. */
  hash: string;
}

/** The type the bytes themselves say, whatever the data URI claimed. */
function sniff(data: Buffer): DecodedPicture["contentType"] | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "image/png";
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "image/jpeg";
  if (data.length >= 6 && /^GIF8[79]a$/.test(data.subarray(0, 6).toString("latin1"))) return "image/gif";
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString("latin1") === "RIFF" &&
    data.subarray(8, 12).toString("latin1") === "WEBP"
  )
    return "image/webp";
  return null;
}

/**
 * Image data as the reference platform takes it (`data:image/png;base64,...`), decoded and
 * checked; the problem as a sentence when it is not a picture we keep. `maxBytes` is the
 * largest decoded size accepted (1 MB unless given, e.g. 8 MB for an event's cover).
 */
export function decodePicture(
  input: unknown,
  maxBytes: number = PICTURE_MAX_BYTES,
): DecodedPicture | { problem: string } {
  if (typeof input !== "string") return { problem: PICTURE_MESSAGES.invalid };
  const match = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/]+={0,2})$/i.exec(input.trim());
  if (!match) return { problem: PICTURE_MESSAGES.invalid };
  const base64 = match[1] as string;
  if (base64.length > Math.ceil((maxBytes * 4) / 3) + 4) return { problem: tooLargeMessage(maxBytes) };
  const data = Buffer.from(base64, "base64");
  if (data.length > maxBytes) return { problem: tooLargeMessage(maxBytes) };
  const contentType = sniff(data);
  if (!contentType) return { problem: PICTURE_MESSAGES.invalid };
  return { contentType, data, hash: createHash("sha256").update(data).digest("hex").slice(0, 32) };
}
