export { memoryPresence, type Presence, type PresenceOptions, redisPresence, remotePresence } from "./create";
export { MemoryPresence, type MemoryPresenceOptions } from "./memory-presence";
export {
  guildPresences,
  type NodeView,
  type PresenceChange,
  type PresenceState,
  type PresenceStore,
  presenceEvents,
  presencePayload,
  type ShownStatus,
  shownStatus,
  withPresences,
} from "./presence";
export { PRESENCE_API_PATH, type PresenceApi, type PresenceApiAnswer, presenceApi } from "./presence-api";
export { type PresenceSession, PresenceTracker } from "./presence-tracker";
export { RedisPresence, type RedisPresenceOptions } from "./redis-presence";
export { presenceApiUrl, RemotePresence, type RemotePresenceOptions } from "./remote-presence";
export { TAB_GRACE_MS, TabPresence, type TabPresenceOptions } from "./tab-presence";
