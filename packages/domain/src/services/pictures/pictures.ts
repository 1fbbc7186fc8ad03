import type { Prisma } from "@chat/db";
import type { DomainContext } from "../../context";
import { Errors } from "../../errors";
import { type DecodedPicture, decodePicture } from "../../validation/pictures";

/** What a picture belongs to. An application and its bot user share an id, so the kind tells them apart. */
export const PICTURE_KINDS = ["avatar", "guild-icon", "event-cover", "app-icon"] as const;
export type PictureKind = (typeof PICTURE_KINDS)[number];
/** Kept encrypted and never served by the CDN: event covers added in the app (scheduled-events/app-covers). */
export type SealedPictureKind = "event-cover-app";
export interface PictureOwner {
  kind: PictureKind | SealedPictureKind;
  id: bigint;
}

type PictureDb = Pick<Prisma.TransactionClient, "picture">;
const HASH = /^[0-9a-f]{32}$/;

/** Stores the owner's new picture and forgets its earlier ones (inside the caller's transaction, if any). */
export async function replacePicture(db: PictureDb, owner: PictureOwner, picture: DecodedPicture): Promise<string> {
  const ownerId = owner.id;
  await db.picture.deleteMany({ where: { ownerId, kind: owner.kind, hash: { not: picture.hash } } });
  await db.picture.upsert({
    where: { ownerId_kind_hash: { ownerId, kind: owner.kind, hash: picture.hash } },
    create: {
      ownerId,
      kind: owner.kind,
      hash: picture.hash,
      contentType: picture.contentType,
      data: new Uint8Array(picture.data),
    },
    update: {},
  });
  return picture.hash;
}

/** Forgets every picture of the owner. */
export async function removePictures(db: PictureDb, owner: PictureOwner): Promise<void> {
  await db.picture.deleteMany({ where: { ownerId: owner.id, kind: owner.kind } });
}

/** The stored bytes and type of one of the owner's pictures, or null. */
export async function findPicture(db: PictureDb, owner: PictureOwner, hash: string) {
  if (!HASH.test(hash)) return null;
  return db.picture.findUnique({
    where: { ownerId_kind_hash: { ownerId: owner.id, kind: owner.kind, hash } },
    select: { contentType: true, data: true },
  });
}

/** Pictures (profile pictures, guild icons, application icons, event covers) kept in the Picture table by owner and hash. */
export class PictureService {
  constructor(private ctx: DomainContext) {}

  /** Decodes image data or throws 50035 naming `field`. */
  decode(input: unknown, field: string): DecodedPicture {
    const decoded = decodePicture(input);
    if ("problem" in decoded)
      throw Errors.invalidForm({ [field]: { _errors: [{ code: "IMAGE_INVALID", message: decoded.problem }] } });
    return decoded;
  }

  /** Stores the owner's new picture and forgets its earlier ones. */
  replace(owner: PictureOwner, picture: DecodedPicture): Promise<string> {
    return this.ctx.db.$transaction((tx) => replacePicture(tx, owner, picture));
  }

  removeAll(owner: PictureOwner): Promise<void> {
    return removePictures(this.ctx.db, owner);
  }

  /** The stored bytes, or null. */
  get(owner: PictureOwner, hash: string) {
    return findPicture(this.ctx.db, owner, hash);
  }
}
