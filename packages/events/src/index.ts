export { internalSecret } from "./internal-secret";
export { HubBus, HubClientBus } from "./hub-bus";
export { LocalBus } from "./local-bus";
export { EVENT_STREAM_FIELD, EVENT_STREAM_MAX_LENGTH, RedisBus } from "./redis-bus";
export { defineScript, LUA_NOW, type RedisScript } from "./redis-script";
export * from "./access-changes";
export * from "./catalogue";
export { EventHistory } from "./event-history";
export { acceptableRequestId, currentRequestId, withRequestId } from "./request-context";
export { safeUrl } from "./safe-url";
export * from "./types";
export {
  type CallSchema,
  internalApiUrl,
  type InternalRpcAnswer,
  type InternalRpcClient,
  internalRpcClient,
  type InternalRpcOperation,
  internalRpcOperation,
  type InternalRpcServer,
  internalRpcServer,
  type ParsedCall,
} from "./internal-rpc";
