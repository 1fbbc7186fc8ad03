import { INTERACTION_UPDATE, type InteractionUpdateData } from "@chat/events";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import type { InteractionAudience } from "./interaction-rows";

/**
 * INTERACTION_UPDATE to the tab that used the interaction (else every tab of the person): it was
 * acknowledged (`deferred`, `answered`) or it failed (3 seconds passed, or the bot was not connected).
 */
export async function tellInteractionStatus(
  ctx: DomainContext,
  interaction: InteractionAudience,
  status: InteractionUpdateData["status"],
): Promise<void> {
  await emit(ctx, {
    t: INTERACTION_UPDATE,
    d: { id: interaction.id.toString(), channel_id: interaction.channelId.toString(), status },
    personId: interaction.userId.toString(),
    ...(interaction.tabId ? { tabId: interaction.tabId } : {}),
  });
}
