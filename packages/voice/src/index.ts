export {
  defaultLiveKitInstallDir,
  findLiveKitBinary,
  LIVEKIT_MISSING,
  LIVEKIT_PACKAGE,
  LIVEKIT_VERSION,
  requireLiveKitBinary,
} from "./livekit-binary";
export { readLiveKitAccess } from "./livekit-env";
export { type LiveKitAccess, LiveKitMedia } from "./livekit-media";
export { type LiveKitServerOptions, liveKitConfig, type RunningLiveKit, startLiveKitServer } from "./livekit-process";
export { type LiveKitWebhook, LiveKitWebhooks } from "./livekit-webhooks";
