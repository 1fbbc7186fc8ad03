import type { DomainContext } from "../../context";
import { findPicture, PICTURE_KINDS, type PictureKind } from "./pictures";

export { PICTURE_KINDS, type PictureKind };

/**
 * The picture routes under `{cdn_url}` (no token): which stored picture a public address
 * names. Pictures are kept in the Picture table by owner (user, guild, event, application)
 * and hash; custom emoji keep their bytes on the emoji row.
 */
export class CdnPictureService {
  constructor(private ctx: DomainContext) {}

  /** Whether `hash` is the current picture of that owner, so the address leads to it. */
  async isCurrent(kind: PictureKind, ownerId: bigint, hash: string): Promise<boolean> {
    const db = this.ctx.db;
    let current: string | null | undefined;
    switch (kind) {
      case "avatar":
        current = (await db.user.findUnique({ where: { id: ownerId }, select: { avatarHash: true } }))?.avatarHash;
        break;
      case "guild-icon":
        current = (await db.guild.findUnique({ where: { id: ownerId }, select: { iconHash: true } }))?.iconHash;
        break;
      case "event-cover":
        current = (await db.scheduledEvent.findUnique({ where: { id: ownerId }, select: { imageHash: true } }))
          ?.imageHash;
        break;
      case "app-icon":
        current = (await db.application.findUnique({ where: { id: ownerId }, select: { iconHash: true } }))?.iconHash;
        break;
    }
    if (current !== hash) return false;
    return (await findPicture(db, { kind, id: ownerId }, hash)) !== null;
  }

  /** A stored picture's bytes and type, or null. */
  picture(kind: PictureKind, ownerId: bigint, hash: string) {
    return findPicture(this.ctx.db, { kind, id: ownerId }, hash);
  }

  /** Whether a custom emoji exists. */
  async emojiExists(emojiId: bigint): Promise<boolean> {
    return (await this.ctx.db.emoji.findUnique({ where: { id: emojiId }, select: { id: true } })) !== null;
  }

  /** A custom emoji's picture, or null. */
  async emojiImage(emojiId: bigint) {
    const emoji = await this.ctx.db.emoji.findUnique({
      where: { id: emojiId },
      select: { contentType: true, image: true },
    });
    return emoji ? { contentType: emoji.contentType, data: emoji.image } : null;
  }
}
