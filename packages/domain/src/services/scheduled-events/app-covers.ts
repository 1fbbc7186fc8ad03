import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { Prisma } from "@chat/db";
import type { DomainContext } from "../../context";
import type { DecodedPicture } from "../../validation/pictures";
import { removePictures } from "../pictures/pictures";

/**
 * Covers people add to events in the app (spec: Pictures: "covers added in the app are
 * encrypted and their image value is null"). Stored in the Picture table under a kind the CDN
 * never serves, sealed with AES-256-GCM bound to the event's id; the web app opens them for
 * people who can see the event. The key is derived from the attachment signing key (HKDF),
 * which every node and the web app already share, so no second secret has to be configured.
 */
export const APP_COVER_KIND = "event-cover-app" as const;

const IV_BYTES = 12;
const TAG_BYTES = 16;
const HKDF_INFO = "chat event covers v1";

type PictureDb = Pick<Prisma.TransactionClient, "picture">;

/** The cover key of this deployment: the same on every node holding the same signing key. */
export function appCoverKey(ctx: Pick<DomainContext, "attachmentSigningKey">): Buffer {
  return Buffer.from(hkdfSync("sha256", ctx.attachmentSigningKey, "", HKDF_INFO, 32));
}

/** iv ‖ tag ‖ ciphertext of the picture's bytes; the event's id is authenticated with them. */
export function sealCover(key: Buffer, eventId: bigint, data: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(`event:${eventId}`));
  const sealed = Buffer.concat([cipher.update(data), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
}

/** The picture's bytes, or null when the sealed data was not made for this event with this key. */
export function openCover(key: Buffer, eventId: bigint, stored: Uint8Array): Buffer | null {
  const bytes = Buffer.from(stored);
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(`event:${eventId}`));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    return null;
  }
}

/**
 * Stores the event's new app cover (sealed) in place of its earlier ones, inside the caller's
 * transaction. Its hash is random: the address names a version, and says nothing of the content.
 */
export async function storeAppCover(
  db: PictureDb,
  key: Buffer,
  eventId: bigint,
  picture: DecodedPicture,
): Promise<string> {
  const hash = randomBytes(16).toString("hex");
  await removePictures(db, { kind: APP_COVER_KIND, id: eventId });
  await db.picture.create({
    data: {
      ownerId: eventId,
      kind: APP_COVER_KIND,
      hash,
      contentType: picture.contentType,
      data: new Uint8Array(sealCover(key, eventId, picture.data)),
    },
  });
  return hash;
}

/** Forgets every cover of the event, the bot's (public) and the app's (sealed). */
export async function removeEventCovers(db: PictureDb, eventId: bigint): Promise<void> {
  await removePictures(db, { kind: "event-cover", id: eventId });
  await removePictures(db, { kind: APP_COVER_KIND, id: eventId });
}
