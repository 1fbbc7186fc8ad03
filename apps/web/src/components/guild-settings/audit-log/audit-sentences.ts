import type { AuditEntryView } from "@chat/api";
import { AuditLogEvent } from "discord-api-types/v10";

/** The actions the audit log records, as the filter names them. */
export const AUDIT_ACTIONS: readonly { action: AuditLogEvent; label: string }[] = [
  { action: AuditLogEvent.GuildUpdate, label: "Guild updated" },
  { action: AuditLogEvent.ChannelCreate, label: "Channel created" },
  { action: AuditLogEvent.ChannelUpdate, label: "Channel updated" },
  { action: AuditLogEvent.ChannelDelete, label: "Channel deleted" },
  { action: AuditLogEvent.ChannelOverwriteCreate, label: "Channel permissions set" },
  { action: AuditLogEvent.ChannelOverwriteUpdate, label: "Channel permissions changed" },
  { action: AuditLogEvent.ChannelOverwriteDelete, label: "Channel permissions removed" },
  { action: AuditLogEvent.MemberKick, label: "Member kicked" },
  { action: AuditLogEvent.MemberBanAdd, label: "Member banned" },
  { action: AuditLogEvent.MemberBanRemove, label: "Member unbanned" },
  { action: AuditLogEvent.MemberRoleUpdate, label: "Member roles changed" },
  { action: AuditLogEvent.RoleCreate, label: "Role created" },
  { action: AuditLogEvent.RoleUpdate, label: "Role updated" },
  { action: AuditLogEvent.RoleDelete, label: "Role deleted" },
  { action: AuditLogEvent.InviteCreate, label: "Invite created" },
  { action: AuditLogEvent.InviteDelete, label: "Invite revoked" },
  { action: AuditLogEvent.EmojiCreate, label: "Emoji uploaded" },
  { action: AuditLogEvent.EmojiUpdate, label: "Emoji renamed" },
  { action: AuditLogEvent.EmojiDelete, label: "Emoji deleted" },
  { action: AuditLogEvent.MessageDelete, label: "Message deleted" },
  { action: AuditLogEvent.MessageBulkDelete, label: "Messages bulk deleted" },
  { action: AuditLogEvent.MessagePin, label: "Message pinned" },
  { action: AuditLogEvent.MessageUnpin, label: "Message unpinned" },
  { action: AuditLogEvent.GuildScheduledEventCreate, label: "Event created" },
  { action: AuditLogEvent.GuildScheduledEventUpdate, label: "Event updated" },
  { action: AuditLogEvent.GuildScheduledEventDelete, label: "Event deleted" },
  { action: AuditLogEvent.ThreadCreate, label: "Thread created" },
  { action: AuditLogEvent.ThreadDelete, label: "Thread deleted" },
];

const LIST = new Intl.ListFormat("en", { type: "conjunction" });

/** A role's fields as a person calls them. */
const ROLE_FIELDS: Record<string, string> = {
  color: "colour",
  hoist: "separate display",
  mentionable: "mentionability",
  permissions: "permissions",
};

const changed = (entry: AuditEntryView, key: string) => entry.changes.find((c) => c.key === key);
/** "#plans", or what to say of a channel deleted since without a recorded name. */
const channelName = (named: { name: string | null } | null) =>
  named?.name ? `#${named.name}` : "a channel since deleted";
/** "channel #plans" or "a channel since deleted", after a verb. */
const theChannel = (named: { name: string | null } | null) =>
  named?.name ? `channel #${named.name}` : "a channel since deleted";
const plain = (named: { name: string | null } | null, gone: string) => named?.name || gone;

/**
 * What an entry says happened, after the actor's name: "kicked ben", "deleted channel #plans".
 * Things deleted since are named as they were when it happened, when the entry recorded it.
 */
export function describeAuditAction(entry: AuditEntryView): string {
  const target = entry.target;
  const code = changed(entry, "code");
  switch (entry.action) {
    case AuditLogEvent.GuildUpdate: {
      const name = changed(entry, "name");
      return name
        ? `renamed the guild from “${name.old_value}” to “${name.new_value}”`
        : "changed the guild’s description";
    }
    case AuditLogEvent.ChannelCreate:
      return `created ${theChannel(target)}`;
    case AuditLogEvent.ChannelUpdate:
      return `updated ${theChannel(target)}`;
    case AuditLogEvent.ChannelDelete:
      return `deleted ${theChannel(target)}`;
    case AuditLogEvent.ChannelOverwriteCreate:
    case AuditLogEvent.ChannelOverwriteUpdate:
    case AuditLogEvent.ChannelOverwriteDelete: {
      const verb =
        entry.action === AuditLogEvent.ChannelOverwriteDelete ? "removed the permissions of" : "set the permissions of";
      const whom = entry.overwriteFor
        ? entry.overwriteFor.type === 0
          ? `role ${plain(entry.overwriteFor, "a deleted role")}`
          : plain(entry.overwriteFor, "a former member")
        : "someone";
      return `${verb} ${whom} in ${channelName(target)}`;
    }
    case AuditLogEvent.MemberKick:
      return `kicked ${plain(target, "someone")}`;
    case AuditLogEvent.MemberBanAdd:
      return `banned ${plain(target, "someone")}`;
    case AuditLogEvent.MemberBanRemove:
      return `unbanned ${plain(target, "someone")}`;
    case AuditLogEvent.MemberRoleUpdate: {
      const names = (key: string) =>
        LIST.format(((changed(entry, key)?.new_value ?? []) as { name: string }[]).map((r) => r.name));
      const parts = [
        names("$add") && `gave ${plain(target, "someone")} ${names("$add")}`,
        names("$remove") && `took ${names("$remove")} from ${plain(target, "someone")}`,
      ].filter(Boolean);
      return parts.length ? parts.join(" and ") : `changed the roles of ${plain(target, "someone")}`;
    }
    case AuditLogEvent.RoleCreate:
      return `created role ${plain(target, "a deleted role")}`;
    case AuditLogEvent.RoleUpdate: {
      const name = changed(entry, "name");
      const what = LIST.format(entry.changes.map((c) => ROLE_FIELDS[c.key] ?? c.key));
      return name
        ? `renamed role ${name.old_value} to ${name.new_value}`
        : `changed the ${what || "settings"} of role ${plain(target, "a deleted role")}`;
    }
    case AuditLogEvent.RoleDelete:
      return `deleted role ${plain(target, "unnamed")}`;
    case AuditLogEvent.InviteCreate:
      return `created invite ${code?.new_value ?? ""}`.trim();
    case AuditLogEvent.InviteDelete:
      return `revoked invite ${code?.old_value ?? ""}`.trim();
    case AuditLogEvent.EmojiCreate:
      return `uploaded emoji :${plain(target, "deleted")}:`;
    case AuditLogEvent.EmojiUpdate: {
      const name = changed(entry, "name");
      return name ? `renamed emoji :${name.old_value}: to :${name.new_value}:` : "renamed an emoji";
    }
    case AuditLogEvent.EmojiDelete:
      return `deleted emoji :${plain(target, "unnamed")}:`;
    case AuditLogEvent.MessageDelete:
      return `deleted a message by ${plain(target, "someone")} in ${channelName(entry.channel)}`;
    case AuditLogEvent.MessageBulkDelete:
      return `deleted ${entry.count ?? "several"} messages in ${channelName(target)}`;
    case AuditLogEvent.MessagePin:
      return `pinned a message by ${plain(target, "someone")} in ${channelName(entry.channel)}`;
    case AuditLogEvent.MessageUnpin:
      return `unpinned a message by ${plain(target, "someone")} in ${channelName(entry.channel)}`;
    case AuditLogEvent.GuildScheduledEventCreate:
      return `created event ${plain(target, "a deleted event")}`;
    case AuditLogEvent.GuildScheduledEventUpdate:
      return `updated event ${plain(target, "a deleted event")}`;
    case AuditLogEvent.GuildScheduledEventDelete:
      return `deleted event ${plain(target, "unnamed")}`;
    case AuditLogEvent.ThreadCreate:
      return `started thread ${plain(target, "since deleted")}`;
    case AuditLogEvent.ThreadDelete:
      return `deleted thread ${plain(target, "unnamed")}`;
    default:
      return "made a change";
  }
}
