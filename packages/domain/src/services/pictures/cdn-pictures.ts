import type { DomainContext } from "../../context";

/** What a hash-based picture address names; each kind's hash lives on its own row. */
export type PictureKind = "avatar" | "guild-icon" | "event-cover" | "app-icon";

const HASH = /^[0-9a-f]{32}$/;

/**
 * The picture routes under `{cdn_url}` (no token): which stored picture a public address
 * names. Pictures are kept in the Picture table by owner (user, guild, event, application)
 * and hash; custom emoji keep their bytes on the emoji row.
 */
export class CdnPictureService {
  constructor(private ctx: DomainContext) {}

  /** Whether `hash` is the current picture of that owner, so the address leads to it. */
  async isCurrent(kind: PictureKind, ownerId: bigint, hash: string): Promise<boolean> {
    if (!HASH.test(hash)) return false;
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
        current = (await db.scheduledEvent.findUnique({ where: { id: ownerId }, select: { imageHash: true } }))?.imageHash;
        break;
      case "app-icon":
        current = (await db.application.findUnique({ where: { id: ownerId }, select: { iconHash: true } }))?.iconHash;
        break;
    }
    if (current !== hash) return false;
    return (await db.picture.findUnique({ where: { ownerId_hash: { ownerId, hash } }, select: { ownerId: true } })) !== null;
  }

  /** A stored picture's bytes and type, or null. */
  async picture(ownerId: bigint, hash: string) {
    if (!HASH.test(hash)) return null;
    return this.ctx.db.picture.findUnique({ where: { ownerId_hash: { ownerId, hash } }, select: { contentType: true, data: true } });
  }

  /** Whether a custom emoji exists. */
  async emojiExists(emojiId: bigint): Promise<boolean> {
    return (await this.ctx.db.emoji.findUnique({ where: { id: emojiId }, select: { id: true } })) !== null;
  }

  /** A custom emoji's picture, or null. */
  async emojiImage(emojiId: bigint) {
    const emoji = await this.ctx.db.emoji.findUnique({ where: { id: emojiId }, select: { contentType: true, image: true } });
    return emoji ? { contentType: emoji.contentType, data: emoji.image } : null;
  }
}
