"use client";

import type { ChannelView, MemberView } from "@chat/api";
import { skipToken, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { Avatar } from "@/components/ui/avatar";
import { HashIcon } from "@/components/ui/icons";
import { useTRPC } from "@/lib/trpc";
import { type AutocompleteSource, rankByName } from "./autocomplete-source";

const EVERYONE = [
  { name: "everyone", detail: "Notify everyone who can see this channel" },
  { name: "here", detail: "Notify everyone online here" },
];

/** `@` members (people and bots, by display name or username; `@everyone`/`@here` when allowed) and `#` text channels. */
export function mentionSources(
  members: MemberView[],
  channels: ChannelView[],
  mayMentionEveryone: boolean,
): AutocompleteSource[] {
  const people: AutocompleteSource = {
    trigger: "@",
    label: "Members",
    suggest(query) {
      const found = rankByName(members, query, (m) => [m.nick ?? "", m.user.displayName, m.user.username]).map((m) => ({
        key: `u${m.user.id}`,
        label: m.nick ?? m.user.displayName,
        detail:
          [(m.nick ?? m.user.displayName) !== m.user.username ? m.user.username : "", m.user.bot ? "bot" : ""]
            .filter(Boolean)
            .join(" · ") || undefined,
        icon: <Avatar id={m.user.id} name={m.user.displayName} size="xs" />,
        insert: `@${m.user.username}`,
      }));
      const everyone = mayMentionEveryone
        ? rankByName(EVERYONE, query, (e) => [e.name]).map((e) => ({
            key: e.name,
            label: `@${e.name}`,
            detail: e.detail,
            insert: `@${e.name}`,
          }))
        : [];
      return [...found, ...everyone];
    },
  };
  const textChannels: AutocompleteSource = {
    trigger: "#",
    label: "Channels",
    suggest(query) {
      return rankByName(
        channels.filter((c) => c.kind === "text"),
        query,
        (c) => [c.name],
      ).map((c) => ({
        key: `c${c.id}`,
        label: c.name,
        detail: c.topic ?? undefined,
        icon: <HashIcon className="size-4 shrink-0 text-faint" aria-hidden="true" />,
        insert: `#${c.name}`,
      }));
    },
  };
  return [people, textChannels];
}

/** The guild's members and channels (already in the cache for the member and channel lists) as `@` and `#` sources. */
export function useMentionSources(guildId: string | null, channelId: string) {
  const trpc = useTRPC();
  const members = useQuery(trpc.guilds.members.queryOptions(guildId ? { guildId } : skipToken));
  const channels = useQuery(trpc.guilds.channels.queryOptions(guildId ? { guildId } : skipToken));
  const context = useQuery(trpc.composer.context.queryOptions(guildId ? { channelId } : skipToken));
  const mayMentionEveryone = context.data?.mayMentionEveryone ?? false;
  const sources = useMemo(
    () => mentionSources(members.data ?? [], channels.data ?? [], mayMentionEveryone),
    [members.data, channels.data, mayMentionEveryone],
  );
  return { sources, members: members.data ?? [], channels: channels.data ?? [] };
}
