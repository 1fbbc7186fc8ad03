import type { AppRouter } from "@chat/api";
import type { LiveWireEvent } from "@chat/events/catalogue";
import type { TRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { QueryPatcher } from "@/components/chat/live/query-patcher";

const EVENT_DISPATCHES: ReadonlySet<string> = new Set([
  GatewayDispatchEvents.GuildScheduledEventCreate,
  GatewayDispatchEvents.GuildScheduledEventUpdate,
  GatewayDispatchEvents.GuildScheduledEventDelete,
  GatewayDispatchEvents.GuildScheduledEventUserAdd,
  GatewayDispatchEvents.GuildScheduledEventUserRemove,
]);

/**
 * A scheduled event made, changed, started, ended, deleted, or someone's interest: the guild's
 * events list (and the sidebar's next event) asks again. The list carries what the events do
 * not (the person's interest, what they may do, the cover people see), and a count cannot be
 * patched safely (a patch may be applied twice around a fetch). Answers whether it was one.
 */
export function applyScheduledEventEvent(event: LiveWireEvent, patcher: QueryPatcher, trpc: TRPCOptionsProxy<AppRouter>): boolean {
  if (!EVENT_DISPATCHES.has(event.t)) return false;
  const guildId = (event.d as { guild_id?: string }).guild_id;
  if (guildId) patcher.reload(trpc.scheduledEvents.list.queryKey({ guildId }));
  return true;
}
