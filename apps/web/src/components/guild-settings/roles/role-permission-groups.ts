import { Permission } from "@chat/domain/permissions/bits";

export interface RolePermission {
  label: string;
  bit: bigint;
  /** What holding it lets a member do, in plain words. */
  explanation: string;
}

export interface RolePermissionGroup {
  title: string;
  permissions: RolePermission[];
}

/**
 * Every permission the spec names (Speak and Listen included) and the ones the service also
 * checks (Administrator, Read Message History, Manage Expressions), grouped as the role editor
 * shows them. Bits a role holds beyond these are kept untouched when it is saved.
 */
export const ROLE_PERMISSION_GROUPS: readonly RolePermissionGroup[] = [
  {
    title: "General",
    permissions: [
      {
        label: "Administrator",
        bit: Permission.Administrator,
        explanation:
          "Every permission, in every channel, whatever the channel’s own settings say. Give it only to people you fully trust.",
      },
      {
        label: "View Channels",
        bit: Permission.ViewChannel,
        explanation:
          "See the guild’s channels and read what is said in them. A channel can still be hidden from the role in its own settings.",
      },
      {
        label: "Manage Channels",
        bit: Permission.ManageChannels,
        explanation: "Create, rename, edit and delete channels.",
      },
      {
        label: "Manage Roles",
        bit: Permission.ManageRoles,
        explanation:
          "Create roles, and edit, move and delete the ones ranked below their own highest role. They can only grant permissions they have themselves.",
      },
      {
        label: "Manage Guild",
        bit: Permission.ManageGuild,
        explanation: "Rename the guild, see and revoke every invite link and add bots.",
      },
      {
        label: "Manage Expressions",
        bit: Permission.ManageGuildExpressions,
        explanation: "Add, rename and delete the guild’s custom emoji.",
      },
    ],
  },
  {
    title: "Membership",
    permissions: [
      {
        label: "Create Invite",
        bit: Permission.CreateInstantInvite,
        explanation: "Make invite links that bring new people into the guild.",
      },
      {
        label: "Kick Members",
        bit: Permission.KickMembers,
        explanation: "Remove members ranked below them. A kicked member can come back with a new invite.",
      },
      {
        label: "Ban Members",
        bit: Permission.BanMembers,
        explanation: "Remove members ranked below them for good: they can’t come back until someone lifts the ban.",
      },
    ],
  },
  {
    title: "Text",
    permissions: [
      { label: "Send Messages", bit: Permission.SendMessages, explanation: "Write messages in text channels." },
      { label: "Send Messages in Threads", bit: Permission.SendMessagesInThreads, explanation: "Write in threads." },
      {
        label: "Create Public Threads",
        bit: Permission.CreatePublicThreads,
        explanation: "Start threads that everyone in the channel can see and join.",
      },
      {
        label: "Read Message History",
        bit: Permission.ReadMessageHistory,
        explanation:
          "Read messages sent before they opened the channel. Without it they only see what arrives while they are there.",
      },
      { label: "Add Reactions", bit: Permission.AddReactions, explanation: "React to messages with emoji." },
      {
        label: "Mention Everyone",
        bit: Permission.MentionEveryone,
        explanation:
          "Notify the whole channel with @everyone or @here, and mention roles that are not open to mentions.",
      },
      { label: "Manage Messages", bit: Permission.ManageMessages, explanation: "Delete other people’s messages." },
      { label: "Pin Messages", bit: Permission.PinMessages, explanation: "Pin and unpin messages in a channel." },
    ],
  },
  {
    title: "Voice",
    permissions: [
      { label: "Connect", bit: Permission.Connect, explanation: "Join voice channels." },
      {
        label: "Speak",
        bit: Permission.Speak,
        explanation: "Talk in voice channels. Without it they can join and listen, muted.",
      },
      {
        label: "Listen",
        bit: Permission.Listen,
        explanation:
          "Hear others in voice channels. A bot never hears through @everyone: only when a role it holds gives it Listen, and everyone in the channel sees that it can hear.",
      },
    ],
  },
  {
    title: "Events",
    permissions: [
      {
        label: "Create Events",
        bit: Permission.CreateEvents,
        explanation: "Plan events, and edit or cancel the ones they made.",
      },
      {
        label: "Manage Events",
        bit: Permission.ManageEvents,
        explanation: "Edit, start, end and cancel anyone’s events.",
      },
    ],
  },
];
