import { GatewayDispatchEvents, type GatewayMessageCreateDispatchData } from "discord-api-types/v10";
import type { LiveRegistry } from "@/components/live/live-registry";

/** Each new message, once it is in the cache, offered to the desktop notifications. */
export function registerNotificationsLive(
  live: LiveRegistry,
  notify: (message: GatewayMessageCreateDispatchData) => void,
): void {
  live.on(GatewayDispatchEvents.MessageCreate, ({ d }) => notify(d));
}
