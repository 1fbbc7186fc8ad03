export { channelIsNsfw, commandShownTo } from "./command-use";
export { EPHEMERAL_LIFETIME_MS, type EphemeralEntry, EphemeralMessages } from "./ephemeral-messages";
export { ALLOWED_CALLBACKS, type CallbackAnswer, InteractionCallbacks } from "./interaction-callbacks";
export { InteractionReplies } from "./interaction-replies";
export { CALLBACK_WINDOW_MS, InteractionState, TOKEN_LIFETIME_MS } from "./interaction-rows";
export {
  type AutocompleteInput,
  InteractionService,
  type SubmitFormInput,
  type UseCommandInput,
  type UseComponentInput,
} from "./interaction-service";
export { InteractionWebhooks, type WebhookMessageRef } from "./interaction-webhooks";
