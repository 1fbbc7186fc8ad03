import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { LiveDeps } from "@/components/live/live-deps";
import type { LiveRegistry } from "@/components/live/live-registry";

/** The person's own profile follows their new display name or picture. */
export function registerPeopleLive(live: LiveRegistry, { trpc, patcher, meId }: LiveDeps): void {
  const meChanged = (userId: string) => {
    if (userId === meId) patcher.reload(trpc.people.me.queryKey());
  };
  live.on(GatewayDispatchEvents.GuildMemberUpdate, ({ d }) => meChanged(d.user.id));
  live.on(GatewayDispatchEvents.UserUpdate, ({ d }) => meChanged(d.id));
}
