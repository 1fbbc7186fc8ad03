import { type MemberView, memberView, userView } from "@chat/api/views";
import { GatewayDispatchEvents, PresenceUpdateStatus } from "discord-api-types/v10";
import type { LiveDeps } from "@/components/live/live-deps";
import type { LiveRegistry } from "@/components/live/live-registry";

/** A member who just joined shows offline until their presence arrives. */
const NO_PRESENCES = new Map<string, never>();

/** A guild's member list and presences, who may act on whom there, and its bans. */
export function registerMembersLive(live: LiveRegistry, { queryClient, trpc, patcher }: LiveDeps): void {
  const patchMembers = (guildId: string, patch: (list: MemberView[]) => MemberView[]) =>
    patcher.patch<MemberView[]>(trpc.guilds.members.queryKey({ guildId }), patch);
  /** Who may act on whom in the guild's Members settings follows roles, their order and the owner. */
  const standingChanged = (guildId: string) => patcher.reload(trpc.moderation.standing.queryKey({ guildId }));

  live.on(GatewayDispatchEvents.GuildMemberAdd, ({ d }) => {
    const member = memberView(d, NO_PRESENCES);
    if (member) patchMembers(d.guild_id, (list) => [...list.filter((m) => m.user.id !== member.user.id), member]);
    standingChanged(d.guild_id);
  });
  live.on(GatewayDispatchEvents.GuildMemberUpdate, ({ d: { guild_id, user, nick, roles } }) => {
    const person = userView(user);
    patchMembers(guild_id, (list) =>
      list.map((m) =>
        m.user.id === user.id ? { ...m, user: { ...m.user, ...person }, nick: nick ?? null, roles } : m,
      ),
    );
    // New roles rank the member (or the person) differently.
    standingChanged(guild_id);
  });
  live.on(GatewayDispatchEvents.GuildMemberRemove, ({ d: { guild_id, user } }) => {
    // Never the person: their own removal comes as GUILD_DELETE, after which the guild's events stop.
    patchMembers(guild_id, (list) => list.filter((m) => m.user.id !== user.id));
    // The removal may be a ban, which has no event of its own (spec: emission rule 4).
    patcher.reload(trpc.moderation.bans.queryKey({ guildId: guild_id }));
  });
  live.on(GatewayDispatchEvents.PresenceUpdate, ({ d: { guild_id, user, status } }) => {
    const shown = status === PresenceUpdateStatus.Online || status === PresenceUpdateStatus.Idle ? status : "offline";
    patchMembers(guild_id, (list) => list.map((m) => (m.user.id === user.id ? { ...m, status: shown } : m)));
  });
  // A new owner changes who may act on whom.
  live.on(GatewayDispatchEvents.GuildUpdate, ({ d }) => standingChanged(d.id));
  live.on(
    [
      GatewayDispatchEvents.GuildRoleCreate,
      GatewayDispatchEvents.GuildRoleUpdate,
      GatewayDispatchEvents.GuildRoleDelete,
    ],
    ({ d }) => standingChanged(d.guild_id),
  );
  live.on(GatewayDispatchEvents.GuildDelete, ({ d: { id: guildId } }) => {
    queryClient.removeQueries({ queryKey: trpc.guilds.members.queryKey({ guildId }) });
    queryClient.removeQueries({ queryKey: trpc.moderation.standing.queryKey({ guildId }) });
    queryClient.removeQueries({ queryKey: trpc.moderation.bans.queryKey({ guildId }) });
  });
}
