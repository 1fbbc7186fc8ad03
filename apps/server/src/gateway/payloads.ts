import {
  type GatewayHeartbeatAck,
  type GatewayHello,
  type GatewayInvalidSession,
  GatewayOpcodes,
} from "discord-api-types/v10";

/**
 * Frames the gateway sends. Non-dispatch frames carry `t: null, s: null` as the reference
 * platform's do. A dispatch frame wraps `d` serialized once per event (see dispatchFrame).
 */
export function helloFrame(heartbeatIntervalMs: number): string {
  return JSON.stringify({ t: null, s: null, op: GatewayOpcodes.Hello, d: { heartbeat_interval: heartbeatIntervalMs } } satisfies GatewayHello);
}

const HEARTBEAT_ACK = JSON.stringify({ t: null, s: null, op: GatewayOpcodes.HeartbeatAck, d: undefined } satisfies GatewayHeartbeatAck);

export function heartbeatAckFrame(): string {
  return HEARTBEAT_ACK;
}

/** Op 9: `d` is always the boolean false (the session cannot be resumed), never null. */
export function invalidSessionFrame(): string {
  return JSON.stringify({ t: null, s: null, op: GatewayOpcodes.InvalidSession, d: false } satisfies GatewayInvalidSession);
}

/**
 * An event serialized once: the JSON of `d` is computed on first use and shared by every
 * receiving session; only the envelope (which carries the session's own sequence) differs.
 */
export class SerializedEvent {
  private json: string | null = null;
  private readonly prefix: string;

  constructor(
    readonly t: string,
    private readonly d: unknown,
  ) {
    this.prefix = `{"t":${JSON.stringify(t)},"s":`;
  }

  get data(): string {
    this.json ??= JSON.stringify(this.d ?? null);
    return this.json;
  }

  frame(sequence: number): string {
    return `${this.prefix}${sequence},"op":${GatewayOpcodes.Dispatch},"d":${this.data}}`;
  }
}
