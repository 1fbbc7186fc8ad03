import type { ChannelKind } from "@chat/api";
import { compareIds } from "../messages/message-merge";

/** What grouping needs of a channel (the sidebar's ChannelView and the settings' view both have it). */
export interface Placed {
  id: string;
  kind: ChannelKind;
  parentId: string | null;
  position: number;
}

/** One block of the channel list: the channels outside any category (`category` null) or one category's. */
export interface ChannelGroup<C extends Placed> {
  category: C | null;
  text: C[];
  voice: C[];
}

/** A move as the settings send it: a channel's new position and, when it changes, its category. */
export interface ArrangeEntry {
  id: string;
  position: number;
  parentId?: string | null;
}

const byPlace = (a: Placed, b: Placed) => a.position - b.position || compareIds(a.id, b.id);

/**
 * The channel list as the reference platform's client lays it out: channels outside any
 * category first, then each category by position, each block's text channels above its voice
 * channels, each by position. A channel whose category the person cannot see is shown outside.
 */
export function groupChannels<C extends Placed>(channels: readonly C[]): ChannelGroup<C>[] {
  const categories = channels.filter((c) => c.kind === "category").sort(byPlace);
  const known = new Set(categories.map((c) => c.id));
  const groups: ChannelGroup<C>[] = [null, ...categories].map((category) => ({ category, text: [], voice: [] }));
  const byCategory = new Map(groups.map((g) => [g.category?.id ?? null, g]));
  for (const channel of [...channels].sort(byPlace)) {
    if (channel.kind !== "text" && channel.kind !== "voice") continue;
    const group = byCategory.get(
      channel.parentId && known.has(channel.parentId) ? channel.parentId : null,
    ) as ChannelGroup<C>;
    group[channel.kind].push(channel);
  }
  return groups;
}

/** The channels a channel is ordered among: categories among categories, else its block's channels of its kind. */
export function siblingsOf<C extends Placed>(channels: readonly C[], channel: C): C[] {
  if (channel.kind === "category") return channels.filter((c) => c.kind === "category").sort(byPlace);
  const group = groupChannels(channels).find((g) => [...g.text, ...g.voice].some((c) => c.id === channel.id));
  if (!group) return [];
  return channel.kind === "voice" ? group.voice : group.text;
}

/**
 * Moving a channel one place up (-1) or down (+1) among its siblings: the siblings renumbered
 * from their lowest position, in the new order. Null at either end.
 */
export function stepMove<C extends Placed>(channels: readonly C[], id: string, step: -1 | 1): ArrangeEntry[] | null {
  const channel = channels.find((c) => c.id === id);
  if (!channel) return null;
  const siblings = siblingsOf(channels, channel);
  const from = siblings.findIndex((c) => c.id === id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= siblings.length) return null;
  const order = [...siblings];
  [order[from], order[to]] = [order[to] as C, order[from] as C];
  const base = Math.min(...siblings.map((c) => c.position));
  return order.flatMap((c, index) => (c.position === base + index ? [] : [{ id: c.id, position: base + index }]));
}

/** Moving a channel into a category (null: out of any), last among that block's channels. */
export function categoryMove<C extends Placed>(
  channels: readonly C[],
  id: string,
  parentId: string | null,
): ArrangeEntry[] | null {
  const channel = channels.find((c) => c.id === id);
  if (!channel || channel.kind === "category" || channel.parentId === parentId) return null;
  const group = groupChannels(channels).find((g) => (g.category?.id ?? null) === parentId);
  const blockmates = group ? [...group.text, ...group.voice] : [];
  const position = blockmates.length === 0 ? 0 : Math.max(...blockmates.map((c) => c.position)) + 1;
  return [{ id, position, parentId }];
}
