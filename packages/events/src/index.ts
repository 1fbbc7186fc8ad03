export * from "./types";
export { LocalBus } from "./local-bus";
export { RedisBus } from "./redis-bus";
export { HubBus, HubClientBus } from "./hub-bus";
export { createEventBus, internalSecret, type BusRole } from "./create";
