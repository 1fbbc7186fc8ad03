import { byRankDescending } from "@chat/api/role-views";
import { type RoleView, roleView } from "@chat/api/views";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { LiveDeps } from "@/components/live/live-deps";
import type { LiveRegistry } from "@/components/live/live-registry";

/**
 * A role made, changed (renamed, recoloured, moved) or deleted: the guild's roles (mention pills,
 * profile cards, pickers) take it from the event itself; the Roles settings ask again, since
 * what the person may do to each role follows from the order only the server ranks (and the
 * Channels settings, for what the person now holds in each channel).
 */
export function registerRolesLive(live: LiveRegistry, { trpc, patcher, meId }: LiveDeps): void {
  live.on(
    [
      GatewayDispatchEvents.GuildRoleCreate,
      GatewayDispatchEvents.GuildRoleUpdate,
      GatewayDispatchEvents.GuildRoleDelete,
    ],
    (event) => {
      const guildId = event.d.guild_id;
      const key = trpc.guilds.roles.queryKey({ guildId });
      if (event.t === GatewayDispatchEvents.GuildRoleDelete) {
        const { role_id } = event.d;
        patcher.patch<RoleView[]>(key, (roles) => roles.filter((r) => r.id !== role_id));
      } else {
        const role = roleView(event.d.role, guildId);
        patcher.patch<RoleView[]>(key, (roles) =>
          [...roles.filter((r) => r.id !== role.id), role].sort(byRankDescending),
        );
      }
      patcher.reload(trpc.roles.settings.queryKey({ guildId }));
      // What the person holds in each channel may have changed with the role.
      patcher.reload(trpc.channelSettings.list.queryKey({ guildId }));
    },
  );
  // The person's own roles changed: what they may manage in the Roles settings may have too.
  live.on(GatewayDispatchEvents.GuildMemberUpdate, ({ d }) => {
    if (d.user.id === meId) patcher.reload(trpc.roles.settings.queryKey({ guildId: d.guild_id }));
  });
}
