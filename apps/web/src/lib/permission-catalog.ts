import { Permission } from "@chat/domain/permissions/bits";

export interface PermissionEntry {
  key: string;
  label: string;
  bit: bigint;
  hint?: string;
  /** Said on the bot consent page under this permission when a bot asks for it. */
  consentNote?: string;
}

export interface PermissionGroup {
  title: string;
  entries: PermissionEntry[];
}

/** The permissions a bot invite can ask for, grouped as the consent page and the builder show them. */
export const PERMISSION_GROUPS: PermissionGroup[] = [
  {
    title: "General",
    entries: [
      {
        key: "administrator",
        label: "Administrator",
        bit: Permission.Administrator,
        hint: "Every permission, bypassing channel overrides",
      },
      { key: "view-channels", label: "View Channels", bit: Permission.ViewChannel },
      { key: "manage-channels", label: "Manage Channels", bit: Permission.ManageChannels },
      { key: "manage-roles", label: "Manage Roles", bit: Permission.ManageRoles },
      { key: "manage-guild", label: "Manage Guild", bit: Permission.ManageGuild },
      {
        key: "manage-expressions",
        label: "Manage Expressions",
        bit: Permission.ManageGuildExpressions,
        hint: "Add, rename and delete the guild's custom emoji",
      },
      { key: "create-invite", label: "Create Invite", bit: Permission.CreateInstantInvite },
      { key: "kick-members", label: "Kick Members", bit: Permission.KickMembers },
      { key: "ban-members", label: "Ban Members", bit: Permission.BanMembers },
    ],
  },
  {
    title: "Text",
    entries: [
      { key: "send-messages", label: "Send Messages", bit: Permission.SendMessages },
      { key: "send-in-threads", label: "Send Messages in Threads", bit: Permission.SendMessagesInThreads },
      { key: "create-public-threads", label: "Create Public Threads", bit: Permission.CreatePublicThreads },
      { key: "read-message-history", label: "Read Message History", bit: Permission.ReadMessageHistory },
      { key: "manage-messages", label: "Manage Messages", bit: Permission.ManageMessages },
      { key: "pin-messages", label: "Pin Messages", bit: Permission.PinMessages },
      { key: "embed-links", label: "Embed Links", bit: Permission.EmbedLinks },
      { key: "attach-files", label: "Attach Files", bit: Permission.AttachFiles },
      { key: "add-reactions", label: "Add Reactions", bit: Permission.AddReactions },
      { key: "mention-everyone", label: "Mention Everyone", bit: Permission.MentionEveryone },
      { key: "use-commands", label: "Use Application Commands", bit: Permission.UseApplicationCommands },
    ],
  },
  {
    title: "Voice",
    entries: [
      { key: "connect", label: "Connect", bit: Permission.Connect },
      { key: "speak", label: "Speak", bit: Permission.Speak },
      {
        key: "listen",
        label: "Listen",
        bit: Permission.Listen,
        hint: "Hear others in voice channels",
        consentNote:
          "Hear what people say in the voice channels it joins. A bot never hears through @everyone, only through this permission, and everyone in the channel sees that it can hear.",
      },
    ],
  },
  {
    title: "Events",
    entries: [
      {
        key: "create-events",
        label: "Create Events",
        bit: Permission.CreateEvents,
        hint: "Plan events, and change or cancel its own",
      },
      {
        key: "manage-events",
        label: "Manage Events",
        bit: Permission.ManageEvents,
        hint: "Change, start, end and cancel anyone's events",
      },
    ],
  },
];

export const PERMISSION_ENTRIES: PermissionEntry[] = PERMISSION_GROUPS.flatMap((g) => g.entries);

/** Labels of the bits set in `bits`, in catalogue order; bits the catalogue lacks are counted. */
export function describePermissions(bits: bigint): { labels: string[]; otherCount: number } {
  let rest = bits;
  const labels: string[] = [];
  for (const entry of PERMISSION_ENTRIES) {
    if ((bits & entry.bit) === entry.bit) {
      labels.push(entry.label);
      rest &= ~entry.bit;
    }
  }
  let otherCount = 0;
  for (let b = rest; b > 0n; b >>= 1n) if (b & 1n) otherCount++;
  return { labels, otherCount };
}

/** What the consent page says about the permissions asked for that need more than their name, by label. */
export function consentNotes(labels: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    PERMISSION_ENTRIES.flatMap((e) => (e.consentNote && labels.includes(e.label) ? [[e.label, e.consentNote]] : [])),
  );
}

export function sumBits(bits: Iterable<bigint>): bigint {
  let total = 0n;
  for (const bit of bits) total |= bit;
  return total;
}
