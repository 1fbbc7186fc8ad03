"use client";

import type { ChannelView, MemberView, RoleView } from "@chat/api/views";
import { skipToken, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/lib/trpc";
import { useChatActions } from "./chat-actions";

const NO_MEMBERS: MemberView[] = [];
const NO_ROLES: RoleView[] = [];
const NO_CHANNELS: ChannelView[] = [];

/**
 * The open channel's guild's members, roles and channels, each loaded only when asked for (the
 * live stream keeps members and channels current in the same cache the sidebars read).
 */
export function useGuildEntities(wantMembers: boolean, wantRoles: boolean, wantChannels: boolean) {
  const trpc = useTRPC();
  const guildId = useChatActions()?.guildId ?? null;
  const members = useQuery(trpc.guilds.members.queryOptions(guildId && wantMembers ? { guildId } : skipToken));
  const roles = useQuery(trpc.guilds.roles.queryOptions(guildId && wantRoles ? { guildId } : skipToken));
  const channels = useQuery(trpc.guilds.channels.queryOptions(guildId && wantChannels ? { guildId } : skipToken));
  const asked = [wantMembers && members, wantRoles && roles, wantChannels && channels].filter((q) => q !== false);
  return {
    members: wantMembers ? (members.data ?? NO_MEMBERS) : NO_MEMBERS,
    roles: wantRoles ? (roles.data ?? NO_ROLES) : NO_ROLES,
    channels: wantChannels ? (channels.data ?? NO_CHANNELS) : NO_CHANNELS,
    loading: asked.some((q) => q.isPending),
    error: asked.some((q) => q.isError && !q.data),
  };
}
