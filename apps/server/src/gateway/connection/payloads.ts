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
  return JSON.stringify({
    t: null,
    s: null,
    op: GatewayOpcodes.Hello,
    d: { heartbeat_interval: heartbeatIntervalMs },
  } satisfies GatewayHello);
}

const HEARTBEAT_ACK = JSON.stringify({
  t: null,
  s: null,
  op: GatewayOpcodes.HeartbeatAck,
  d: undefined,
} satisfies GatewayHeartbeatAck);

export function heartbeatAckFrame(): string {
  return HEARTBEAT_ACK;
}

/** Op 9: `d` is always the boolean false (the session cannot be resumed), never null. */
export function invalidSessionFrame(): string {
  return JSON.stringify({
    t: null,
    s: null,
    op: GatewayOpcodes.InvalidSession,
    d: false,
  } satisfies GatewayInvalidSession);
}

/**
 * An event serialized once: the JSON of `d` is computed on first use and shared by every
 * receiving session; only the envelope (which carries the session's own sequence) differs.
 * `id` is the bus event's id when it came from the bus (multi-node replay bookkeeping).
 */
export class SerializedEvent {
  private json: string | null = null;
  private bytes: Buffer | null = null;
  private readonly prefix: string;

  constructor(
    readonly t: string,
    private readonly d: unknown,
    readonly id?: string,
  ) {
    this.prefix = `{"t":${JSON.stringify(t)},"s":`;
  }

  /** An event whose `d` is already JSON (read back from the gateway journal). */
  static fromJson(t: string, json: string, id?: string): SerializedEvent {
    const event = new SerializedEvent(t, null, id);
    event.json = json;
    return event;
  }

  /** `d` as given (null for one read back as JSON). */
  get payload(): unknown {
    return this.d;
  }

  get data(): string {
    this.json ??= JSON.stringify(this.d ?? null);
    return this.json;
  }

  frame(sequence: number): string {
    return `${this.prefix}${sequence},"op":${GatewayOpcodes.Dispatch},"d":${this.data}}`;
  }

  /** The frame around its sequence number: `head`, the number, `tail` (a shared replay store keeps them once). */
  frameAround(): { head: string; tail: string } {
    return { head: this.prefix, tail: `,"op":${GatewayOpcodes.Dispatch},"d":${this.data}}` };
  }

  /**
   * The frame as UTF-8 bytes for a connection: the JSON of `d` is encoded once for every
   * receiver, only the few bytes of the envelope are encoded per frame.
   */
  frameBytes(sequence: number): Buffer {
    this.bytes ??= Buffer.from(`${this.data}}`);
    const head = `${this.prefix}${sequence},"op":${GatewayOpcodes.Dispatch},"d":`;
    // The envelope is ASCII: one byte per character.
    const frame = Buffer.allocUnsafe(head.length + this.bytes.length);
    frame.write(head, 0, "latin1");
    this.bytes.copy(frame, head.length);
    return frame;
  }
}
