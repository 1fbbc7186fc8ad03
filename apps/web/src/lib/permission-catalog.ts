import { Permission } from "@chat/domain/permissions/bits";

/** What the web app says about one permission, wherever it lists them. */
export interface PermissionInfo {
  label: string;
  bit: bigint;
  /** A short line: the bot invite builder's tooltip. */
  hint?: string;
  /** What holding it lets a member do, in plain words: the role and channel editors show it. */
  explanation?: string;
  /** Said on the bot consent page under this permission when a bot asks for it. */
  consentNote?: string;
}

/**
 * Every permission the web app names, the single source of their names and descriptions: the bot
 * invite (groups below) and the role editor (guild-settings/roles/role-permission-groups) list them
 * in their own groups and order by these keys.
 */
export const PERMISSIONS = {
  administrator: {
    label: "Administrator",
    bit: Permission.Administrator,
    hint: "Every permission, bypassing channel overrides",
    explanation:
      "Every permission, in every channel, whatever the channel’s own settings say. Give it only to people you fully trust.",
  },
  "view-channels": {
    label: "View Channels",
    bit: Permission.ViewChannel,
    explanation:
      "See the guild’s channels and read what is said in them. A channel can still be hidden from the role in its own settings.",
  },
  "manage-channels": {
    label: "Manage Channels",
    bit: Permission.ManageChannels,
    explanation: "Create, rename, edit and delete channels.",
  },
  "manage-roles": {
    label: "Manage Roles",
    bit: Permission.ManageRoles,
    explanation:
      "Create roles, and edit, move and delete the ones ranked below their own highest role. They can only grant permissions they have themselves.",
  },
  "manage-guild": {
    label: "Manage Guild",
    bit: Permission.ManageGuild,
    explanation: "Rename the guild, see and revoke every invite link and add bots.",
  },
  "manage-expressions": {
    label: "Manage Expressions",
    bit: Permission.ManageGuildExpressions,
    hint: "Add, rename and delete the guild's custom emoji",
    explanation: "Add, rename and delete the guild’s custom emoji.",
  },
  "create-invite": {
    label: "Create Invite",
    bit: Permission.CreateInstantInvite,
    explanation: "Make invite links that bring new people into the guild.",
  },
  "kick-members": {
    label: "Kick Members",
    bit: Permission.KickMembers,
    explanation: "Remove members ranked below them. A kicked member can come back with a new invite.",
  },
  "ban-members": {
    label: "Ban Members",
    bit: Permission.BanMembers,
    explanation: "Remove members ranked below them for good: they can’t come back until someone lifts the ban.",
  },
  "send-messages": {
    label: "Send Messages",
    bit: Permission.SendMessages,
    explanation: "Write messages in text channels.",
  },
  "send-in-threads": {
    label: "Send Messages in Threads",
    bit: Permission.SendMessagesInThreads,
    explanation: "Write in threads.",
  },
  "create-public-threads": {
    label: "Create Public Threads",
    bit: Permission.CreatePublicThreads,
    explanation: "Start threads that everyone in the channel can see and join.",
  },
  "read-message-history": {
    label: "Read Message History",
    bit: Permission.ReadMessageHistory,
    explanation:
      "Read messages sent before they opened the channel. Without it they only see what arrives while they are there.",
  },
  "manage-messages": {
    label: "Manage Messages",
    bit: Permission.ManageMessages,
    explanation: "Delete other people’s messages.",
  },
  "pin-messages": {
    label: "Pin Messages",
    bit: Permission.PinMessages,
    explanation: "Pin and unpin messages in a channel.",
  },
  "embed-links": { label: "Embed Links", bit: Permission.EmbedLinks },
  "attach-files": { label: "Attach Files", bit: Permission.AttachFiles },
  "add-reactions": {
    label: "Add Reactions",
    bit: Permission.AddReactions,
    explanation: "React to messages with emoji.",
  },
  "mention-everyone": {
    label: "Mention Everyone",
    bit: Permission.MentionEveryone,
    explanation: "Notify the whole channel with @everyone or @here, and mention roles that are not open to mentions.",
  },
  "use-commands": { label: "Use Application Commands", bit: Permission.UseApplicationCommands },
  connect: { label: "Connect", bit: Permission.Connect, explanation: "Join voice channels." },
  speak: {
    label: "Speak",
    bit: Permission.Speak,
    explanation: "Talk in voice channels. Without it they can join and listen, muted.",
  },
  listen: {
    label: "Listen",
    bit: Permission.Listen,
    hint: "Hear others in voice channels",
    explanation:
      "Hear others in voice channels. A bot never hears through @everyone: only when a role it holds gives it Listen, and everyone in the channel sees that it can hear.",
    consentNote:
      "Hear what people say in the voice channels it joins. A bot never hears through @everyone, only through this permission, and everyone in the channel sees that it can hear.",
  },
  "create-events": {
    label: "Create Events",
    bit: Permission.CreateEvents,
    hint: "Plan events, and change or cancel its own",
    explanation: "Plan events, and edit or cancel the ones they made.",
  },
  "manage-events": {
    label: "Manage Events",
    bit: Permission.ManageEvents,
    hint: "Change, start, end and cancel anyone's events",
    explanation: "Edit, start, end and cancel anyone’s events.",
  },
} as const satisfies Record<string, PermissionInfo>;

export type PermissionKey = keyof typeof PERMISSIONS;

export interface PermissionEntry {
  key: PermissionKey;
  label: string;
  bit: bigint;
  hint?: string;
  consentNote?: string;
}

export interface PermissionGroup {
  title: string;
  entries: PermissionEntry[];
}

function entry(key: PermissionKey): PermissionEntry {
  const info: PermissionInfo = PERMISSIONS[key];
  return { key, label: info.label, bit: info.bit, hint: info.hint, consentNote: info.consentNote };
}

const group = (title: string, keys: PermissionKey[]): PermissionGroup => ({ title, entries: keys.map(entry) });

/** The permissions a bot invite can ask for, grouped as the consent page and the builder show them. */
export const PERMISSION_GROUPS: PermissionGroup[] = [
  group("General", [
    "administrator",
    "view-channels",
    "manage-channels",
    "manage-roles",
    "manage-guild",
    "manage-expressions",
    "create-invite",
    "kick-members",
    "ban-members",
  ]),
  group("Text", [
    "send-messages",
    "send-in-threads",
    "create-public-threads",
    "read-message-history",
    "manage-messages",
    "pin-messages",
    "embed-links",
    "attach-files",
    "add-reactions",
    "mention-everyone",
    "use-commands",
  ]),
  group("Voice", ["connect", "speak", "listen"]),
  group("Events", ["create-events", "manage-events"]),
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
