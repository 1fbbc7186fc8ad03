import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { LiveDeps } from "@/components/live/live-deps";
import type { LiveRegistry } from "@/components/live/live-registry";

/**
 * A scheduled event made, changed, started, ended, deleted, or someone's interest: the guild's
 * events list (and the sidebar's next event) asks again. The list carries what the events do
 * not (the person's interest, what they may do, the cover people see), and a count cannot be
 * patched safely (a patch may be applied twice around a fetch). It also asks again when who may
 * change which event, and where they may hold one, may have changed (roles, members, the owner).
 */
export function registerScheduledEventsLive(live: LiveRegistry, { trpc, patcher }: LiveDeps): void {
  const listChanged = (guildId: string | undefined) => {
    if (guildId) patcher.reload(trpc.scheduledEvents.list.queryKey({ guildId }));
  };
  live.on(
    [
      GatewayDispatchEvents.GuildScheduledEventCreate,
      GatewayDispatchEvents.GuildScheduledEventUpdate,
      GatewayDispatchEvents.GuildScheduledEventDelete,
      GatewayDispatchEvents.GuildScheduledEventUserAdd,
      GatewayDispatchEvents.GuildScheduledEventUserRemove,
    ],
    ({ d }) => listChanged((d as { guild_id?: string }).guild_id),
  );
  live.on(GatewayDispatchEvents.GuildUpdate, ({ d }) => listChanged(d.id));
  live.on([GatewayDispatchEvents.GuildMemberAdd, GatewayDispatchEvents.GuildMemberUpdate], ({ d }) =>
    listChanged(d.guild_id),
  );
  live.on(
    [
      GatewayDispatchEvents.GuildRoleCreate,
      GatewayDispatchEvents.GuildRoleUpdate,
      GatewayDispatchEvents.GuildRoleDelete,
    ],
    ({ d }) => listChanged(d.guild_id),
  );
}
