import { messageView } from "@chat/api/views";
import {
  EPHEMERAL_MESSAGE_CREATE,
  EPHEMERAL_MESSAGE_DELETE,
  EPHEMERAL_MESSAGE_UPDATE,
  INTERACTION_UPDATE,
} from "@chat/events/catalogue";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { LiveRegistry } from "@/components/live/live-registry";
import type { EphemeralStore } from "./ephemeral-store";
import type { InteractionStore } from "./interaction-store";

interface InteractionStores {
  interactions: InteractionStore;
  ephemeral: EphemeralStore;
}

/** What applications made of this tab's commands and clicks, and the messages only this person sees. */
export function registerInteractionsLive(live: LiveRegistry, { interactions, ephemeral }: InteractionStores): void {
  live.on(INTERACTION_UPDATE, ({ d }) => interactions.interactionUpdated(d.id, d.status));
  live.on([EPHEMERAL_MESSAGE_CREATE, EPHEMERAL_MESSAGE_UPDATE], (event) => {
    const message = messageView(event.d);
    ephemeral.put(message);
    // An edit (a type 7 answer to a click on it) settles the click.
    if (event.t === EPHEMERAL_MESSAGE_UPDATE) interactions.messageUpdated(message.id);
  });
  live.on(EPHEMERAL_MESSAGE_DELETE, ({ d }) => ephemeral.remove(d.channel_id, d.id));
  // An edited message settles a click on it (registered before the history takes the edit).
  live.on(GatewayDispatchEvents.MessageUpdate, ({ d }) => interactions.messageUpdated(d.id));
  live.onClose(() => interactions.clear());
}
