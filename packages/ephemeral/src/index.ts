export { memoryShortLived, redisShortLived, remoteShortLived, type ShortLived } from "./create";
export { MemoryShortLivedStore } from "./memory-store";
export { RedisShortLivedStore } from "./redis-store";
export { RemoteShortLivedStore, shortLivedApiUrl } from "./remote-store";
export type { ShortLivedStore } from "./store";
export { SHORT_LIVED_API_PATH, type ShortLivedApi, shortLivedApi } from "./store-api";
