import type { ChannelSettingsView } from "@chat/api/channel-settings-views";
import { Permission } from "@chat/domain/permissions/bits";

const holds = (channel: ChannelSettingsView, bit: bigint) => (BigInt(channel.permissions) & bit) === bit;

/** Why the person cannot change this channel's name, topic, place or existence (null: they can). */
export function manageBlocker(channel: ChannelSettingsView): string | null {
  return holds(channel, Permission.ManageChannels)
    ? null
    : `Changing ${channel.kind === "category" ? "this category" : "this channel"} needs the Manage Channels permission here.`;
}

/** Why the person cannot change who may do what here (null: they can, within their reach). */
export function overwritesBlocker(channel: ChannelSettingsView): string | null {
  return holds(channel, Permission.ManageRoles) ? null : "Changing permissions here needs the Manage Roles permission.";
}

/** Why the person cannot allow or deny this permission here: only what they hold themselves (null: they can). */
export function bitBlocker(channel: ChannelSettingsView, bit: bigint): string | null {
  return holds(channel, bit) ? null : "You can only allow or deny permissions you have here yourself.";
}
