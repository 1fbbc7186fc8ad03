import { isSystemMessage } from "../messages/message-types";
import type { DisplayMessage } from "../messages/use-channel-messages";

/**
 * Edit and Delete of one message, as the domain allows them: Edit one's own sent message
 * (not a command's reply); Delete one's own, or anyone's with Manage Messages (a guild
 * channel's only). Neither on a system row, an ephemeral message or one still on its way.
 */
export function messageAbilities(
  message: DisplayMessage,
  meId: string,
  manageMessages: boolean,
): { canEdit: boolean; canDelete: boolean } {
  const userMessage = !message.sendState && !message.ephemeral && !isSystemMessage(message.type);
  const own = message.author.id === meId;
  return { canEdit: userMessage && own && !message.interaction, canDelete: userMessage && (own || manageMessages) };
}
