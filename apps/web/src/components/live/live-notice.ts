/** Something the person must be told: the guild or channel on screen went away. */
export type LiveNotice =
  | { kind: "removed-from-guild" | "guild-deleted"; guildId: string; name: string }
  | { kind: "channel-gone"; guildId: string; channelId: string; name: string };
