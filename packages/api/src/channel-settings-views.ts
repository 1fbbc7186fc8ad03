import type { ChannelLayoutEntry } from "@chat/domain";
import type { ChannelKind } from "./views";
import { channelView } from "./views";

/** One permission overwrite as the editor shows it: bits as decimal strings. */
export interface OverwriteView {
  /** A role id (the guild's id: @everyone) or a member's user id. */
  id: string;
  /** 0 a role, 1 a member. */
  type: 0 | 1;
  allow: string;
  deny: string;
}

/** A channel or category in the Channels settings. */
export interface ChannelSettingsView {
  id: string;
  name: string;
  kind: ChannelKind;
  topic: string | null;
  nsfw: boolean;
  parentId: string | null;
  position: number;
  overwrites: OverwriteView[];
  /** The person's permissions there (a decimal string): the settings disable what they cannot change, saying why. */
  permissions: string;
}

export interface ChannelSettings {
  /** In display order: by position, then id. */
  channels: ChannelSettingsView[];
  /** The person's guild-wide permissions (a decimal string). */
  permissions: string;
}

export function channelSettingsView(entry: ChannelLayoutEntry): ChannelSettingsView {
  const view = channelView(entry.channel as Parameters<typeof channelView>[0]);
  return {
    id: view.id,
    name: view.name,
    kind: view.kind,
    topic: view.topic,
    nsfw: "nsfw" in entry.channel ? Boolean(entry.channel.nsfw) : false,
    parentId: view.parentId,
    position: view.position,
    overwrites: entry.overwrites.map((o) => ({
      id: o.targetId.toString(),
      type: o.type === 1 ? 1 : 0,
      allow: o.allow.toString(),
      deny: o.deny.toString(),
    })),
    permissions: entry.permissions.toString(),
  };
}
