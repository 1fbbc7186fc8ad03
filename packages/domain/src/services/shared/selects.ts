/** Prisma selections shared by the services, matching the serializers' row types. */
export const userSelect = {
  id: true,
  username: true,
  globalName: true,
  discriminator: true,
  avatarHash: true,
  bot: true,
  system: true,
  locale: true,
} as const;

export const memberInclude = { user: { select: userSelect }, roles: { select: { roleId: true } } } as const;

export const channelInclude = { overwrites: true, _count: { select: { threadMembers: true } } } as const;

export const messageInclude = {
  author: { select: userSelect },
  attachments: {
    select: { id: true, filename: true, description: true, contentType: true, size: true },
    orderBy: { position: "asc" },
  },
  /** Oldest first, so summaries list emoji in the order they were first used. */
  reactions: {
    select: { userId: true, emojiKey: true, emojiName: true, emojiId: true },
    orderBy: [{ createdAt: "asc" }, { userId: "asc" }] as { createdAt?: "asc"; userId?: "asc" }[],
  },
} as const;

/** A guild's emoji as the guild object lists them (the serializers' EmojiRow): never the image bytes. */
export const guildEmojisInclude = { select: { id: true, name: true, animated: true }, orderBy: { id: "asc" } } as const;

export const roleInclude = { botApplication: { select: { botUserId: true } } } as const;

/**
 * The application an id names: its own id (its bot user's id) or, for an application made
 * before ids followed the bot user, the id it had then (kept in `legacyId`).
 */
export function applicationWithId(id: bigint) {
  return { OR: [{ id }, { legacyId: id }] };
}
