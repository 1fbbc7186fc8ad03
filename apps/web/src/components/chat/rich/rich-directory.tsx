"use client";

import type { ChannelView, MemberView, RoleView, UserView } from "@chat/api/views";
import { skipToken, useQuery } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useMemo, useState } from "react";
import { useTRPC } from "@/lib/trpc";
import { useChatActions } from "../commands/chat-actions";
import { LeaveSiteDialog } from "../message-components/leave-site-dialog";

/** What rendering a message's content needs beyond the message: names for mentions, who I am, and the "are you leaving?" step. */
export interface RichDirectory {
  roles: ReadonlyMap<string, RoleView>;
  channels: ReadonlyMap<string, ChannelView>;
  /** Members of the open guild: names of mentioned users the message did not carry. */
  members: ReadonlyMap<string, UserView>;
  meId: string | null;
  myRoleIds: ReadonlySet<string>;
  /** Asks before opening a masked link's address. */
  confirmLink(url: string): void;
}

const EMPTY: RichDirectory = {
  roles: new Map(),
  channels: new Map(),
  members: new Map(),
  meId: null,
  myRoleIds: new Set(),
  confirmLink: () => {},
};

const RichDirectoryContext = createContext<RichDirectory>(EMPTY);

export function useRichDirectory(): RichDirectory {
  return useContext(RichDirectoryContext);
}

const NO_ROLES: RoleView[] = [];
const NO_CHANNELS: ChannelView[] = [];
const NO_MEMBERS: MemberView[] = [];

/** Around a channel's messages: loads (from the cache the sidebars share) the guild's roles, channels and members. */
export function RichDirectoryProvider({ meId, children }: { meId: string | null; children: ReactNode }) {
  const trpc = useTRPC();
  const guildId = useChatActions()?.guildId ?? null;
  const roles = useQuery(trpc.guilds.roles.queryOptions(guildId ? { guildId } : skipToken)).data ?? NO_ROLES;
  const channels = useQuery(trpc.guilds.channels.queryOptions(guildId ? { guildId } : skipToken)).data ?? NO_CHANNELS;
  const members = useQuery(trpc.guilds.members.queryOptions(guildId ? { guildId } : skipToken)).data ?? NO_MEMBERS;
  const [leaving, setLeaving] = useState<string | null>(null);
  const value = useMemo<RichDirectory>(() => {
    const me = members.find((m) => m.user.id === meId);
    return {
      roles: new Map(roles.map((r) => [r.id, r])),
      channels: new Map(channels.map((c) => [c.id, c])),
      members: new Map(members.map((m) => [m.user.id, m.nick ? { ...m.user, displayName: m.nick } : m.user])),
      meId,
      myRoleIds: new Set(me?.roles ?? []),
      confirmLink: setLeaving,
    };
  }, [roles, channels, members, meId]);
  return (
    <RichDirectoryContext.Provider value={value}>
      {children}
      <LeaveSiteDialog
        url={leaving}
        onClose={() => setLeaving(null)}
        description="This link's text may not say where it goes: it leads to another website. Are you sure you want to go there?"
      />
    </RichDirectoryContext.Provider>
  );
}
