import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { LiveDeps } from "@/components/live/live-deps";
import type { LiveRegistry } from "@/components/live/live-registry";

/** What the person may do with messages (react, pin, reply) after a role or channel change. */
export function registerSocialLive(live: LiveRegistry, { trpc, patcher, meId }: LiveDeps): void {
  const abilitiesChanged = () => patcher.reload(trpc.social.abilities.pathKey());
  live.on(
    [
      GatewayDispatchEvents.ChannelUpdate,
      GatewayDispatchEvents.GuildRoleCreate,
      GatewayDispatchEvents.GuildRoleUpdate,
      GatewayDispatchEvents.GuildRoleDelete,
    ],
    abilitiesChanged,
  );
  live.on(GatewayDispatchEvents.GuildMemberUpdate, ({ d }) => {
    if (d.user.id === meId) abilitiesChanged();
  });
}
