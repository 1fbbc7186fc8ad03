export { type LiveKitAccess, LiveKitMedia } from "./livekit-media";
export { readLiveKitAccess } from "./livekit-env";
export { type LiveKitParticipantEvent, LiveKitWebhooks } from "./livekit-webhooks";
