export {
  type JoinMetadata,
  parseJoinMetadata,
  type VoiceGrants,
  type VoiceMedia,
  type VoiceParticipant,
} from "./media";
export { VOICE_TOKEN_SECONDS, type VoiceJoin, VoiceService } from "./voice";
export { disconnectVoice, enforceVoicePermissions } from "./voice-enforcement";
export type { VoiceStateWire } from "./voice-state-wire";
export { type ParticipantReport, VoiceStateSync } from "./voice-sync";
