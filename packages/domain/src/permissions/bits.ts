import { PermissionFlagsBits } from "discord-api-types/v10";

export const Permission = {
  ...PermissionFlagsBits,
  /** Hear others in voice (spec: bit 61). @everyone's Listen never counts for a bot. */
  Listen: 1n << 61n,
} as const;

export type PermissionName = keyof typeof Permission;

export const ALL_PERMISSIONS: bigint = Object.values(Permission).reduce((all, bit) => all | bit, 0n);

/** Bits that mean nothing on a channel overwrite; they are dropped when an overwrite is set. */
export const GUILD_ONLY_PERMISSIONS: bigint =
  Permission.KickMembers |
  Permission.BanMembers |
  Permission.Administrator |
  Permission.ManageGuild |
  Permission.ViewAuditLog |
  Permission.ViewGuildInsights |
  Permission.ChangeNickname |
  Permission.ManageNicknames |
  Permission.ManageGuildExpressions |
  Permission.ModerateMembers |
  Permission.ViewCreatorMonetizationAnalytics;

/** What @everyone holds in a new guild (the reference platform's defaults, plus Listen). */
export const DEFAULT_EVERYONE_PERMISSIONS: bigint =
  Permission.CreateInstantInvite |
  Permission.AddReactions |
  Permission.Stream |
  Permission.ViewChannel |
  Permission.SendMessages |
  Permission.EmbedLinks |
  Permission.AttachFiles |
  Permission.ReadMessageHistory |
  Permission.UseExternalEmojis |
  Permission.Connect |
  Permission.Speak |
  Permission.UseVAD |
  Permission.ChangeNickname |
  Permission.UseApplicationCommands |
  Permission.CreatePublicThreads |
  Permission.SendMessagesInThreads |
  Permission.UseExternalStickers |
  Permission.SendVoiceMessages |
  Permission.Listen;

export function has(permissions: bigint, needed: bigint): boolean {
  return (permissions & needed) === needed;
}

export function parsePermissionBits(value: unknown): bigint | null {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return BigInt(value) & ALL_PERMISSIONS;
  if (typeof value === "string" && /^[0-9]{1,20}$/.test(value)) return BigInt(value) & ALL_PERMISSIONS;
  return null;
}
