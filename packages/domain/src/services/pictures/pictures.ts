import type { DomainContext } from "../../context";
import { Errors } from "../../errors";
import { type DecodedPicture, decodePicture } from "../../validation/pictures";

/** Pictures (application icons, profile pictures) kept in the Picture table by owner id and hash. */
export class PictureService {
  constructor(private ctx: DomainContext) {}

  /** Decodes image data or throws 50035 naming `field`. */
  decode(input: unknown, field: string): DecodedPicture {
    const decoded = decodePicture(input);
    if ("problem" in decoded) throw Errors.invalidForm({ [field]: { _errors: [{ code: "IMAGE_INVALID", message: decoded.problem }] } });
    return decoded;
  }

  /** Stores the owner's new picture and forgets its earlier ones. */
  async replace(ownerId: bigint, picture: DecodedPicture): Promise<string> {
    await this.ctx.db.$transaction([
      this.ctx.db.picture.deleteMany({ where: { ownerId, hash: { not: picture.hash } } }),
      this.ctx.db.picture.upsert({
        where: { ownerId_hash: { ownerId, hash: picture.hash } },
        create: { ownerId, hash: picture.hash, contentType: picture.contentType, data: new Uint8Array(picture.data) },
        update: {},
      }),
    ]);
    return picture.hash;
  }

  async removeAll(ownerId: bigint): Promise<void> {
    await this.ctx.db.picture.deleteMany({ where: { ownerId } });
  }

  /** The stored bytes, or null. */
  async get(ownerId: bigint, hash: string) {
    if (!/^[0-9a-f]{32}$/.test(hash)) return null;
    return this.ctx.db.picture.findUnique({ where: { ownerId_hash: { ownerId, hash } }, select: { contentType: true, data: true } });
  }
}
