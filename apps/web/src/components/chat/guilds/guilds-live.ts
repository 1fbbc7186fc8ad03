import type { GuildView } from "@chat/api/views";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { LiveDeps } from "@/components/live/live-deps";
import type { LiveRegistry } from "@/components/live/live-registry";

/** The guild rail: guilds joined, renamed, handed to a new owner, left or deleted, and what the person may manage there. */
export function registerGuildsLive(live: LiveRegistry, { queryClient, trpc, patcher, meId, notice }: LiveDeps): void {
  const key = trpc.guilds.list.queryKey();

  // A guild joined (an invite accepted in another tab): the rail gets it with the person's permissions there.
  live.on(GatewayDispatchEvents.GuildCreate, () => patcher.reload(key));
  live.on(GatewayDispatchEvents.GuildUpdate, ({ d: { id, name, icon, owner_id: ownerId } }) => {
    const owner = ownerId === meId;
    const before = queryClient.getQueryData(key)?.find((g) => g.id === id);
    patcher.patch<GuildView[]>(key, (list) => list.map((g) => (g.id === id ? { ...g, name, icon, owner } : g)));
    // Ownership moved to or from this person: what they may manage is asked for again.
    if (before && before.owner !== owner) patcher.reload(key);
  });
  live.on(GatewayDispatchEvents.GuildDelete, (event) => {
    const guildId = event.d.id;
    const guild = queryClient.getQueryData(key)?.find((g) => g.id === guildId);
    patcher.patch<GuildView[]>(key, (list) => list.filter((g) => g.id !== guildId));
    if (guild) notice({ kind: event.guildDeleted ? "guild-deleted" : "removed-from-guild", guildId, name: guild.name });
  });
  // The person's own roles changed: what they may manage may have too (channels follow as CHANNEL_CREATE / DELETE).
  live.on(GatewayDispatchEvents.GuildMemberUpdate, ({ d }) => {
    if (d.user.id === meId) patcher.reload(key);
  });
  live.on(
    [
      GatewayDispatchEvents.GuildRoleCreate,
      GatewayDispatchEvents.GuildRoleUpdate,
      GatewayDispatchEvents.GuildRoleDelete,
    ],
    () => patcher.reload(key),
  );
}
