import { performance } from "node:perf_hooks";
import { constants, inflateSync } from "node:zlib";
import { type RawData, WebSocket } from "ws";
import type { TestServer } from "./harness";

/** One frame as the gateway sent it. */
export interface Frame {
  op: number;
  d: any;
  s: number | null;
  t: string | null;
}

export interface Closed {
  code: number;
  reason: string;
}

/**
 * A raw gateway client for protocol tests: keeps every frame in order and lets a test read
 * them with a cursor, so "not delivered" can be checked against a later barrier event.
 */
export class RawGatewayClient {
  readonly frames: Frame[] = [];
  /** When each frame arrived (performance.now()), by the frame's index. */
  readonly arrivals: number[] = [];
  readonly texts: string[] = [];
  /** Every WebSocket frame as received: whether it was binary, and its bytes. */
  readonly raw: { binary: boolean; data: Buffer }[] = [];
  readonly closed: Promise<Closed>;
  private cursor = 0;
  private wake: (() => void) | null = null;
  private closeInfo: Closed | null = null;

  private readonly inflater: ZlibStreamReader | null;

  private constructor(
    private readonly ws: WebSocket,
    compressed: boolean,
  ) {
    this.inflater = compressed ? new ZlibStreamReader() : null;
    ws.on("message", (data: RawData, binary: boolean) => {
      const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer);
      this.raw.push({ binary, data: bytes });
      const text = this.inflater ? this.inflater.read(bytes) : bytes.toString();
      this.texts.push(text);
      this.frames.push(JSON.parse(text) as Frame);
      this.arrivals.push(performance.now());
      this.wake?.();
    });
    this.closed = new Promise((resolve) =>
      ws.on("close", (code, reason) => {
        this.closeInfo = { code, reason: reason.toString() };
        this.wake?.();
        resolve(this.closeInfo);
      }),
    );
    ws.on("error", () => {});
  }

  /** `t`: a test server, or a gateway address (a node running in its own process). */
  static async connect(t: TestServer | string, query = "?v=10&encoding=json"): Promise<RawGatewayClient> {
    const ws = new WebSocket(`${typeof t === "string" ? t : t.server.ctx.urls.gatewayUrl}${query}`);
    const client = new RawGatewayClient(ws, new URLSearchParams(query).get("compress") === "zlib-stream");
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    return client;
  }

  /** Connects, reads Hello and identifies; resolves with the READY frame. */
  static async identified(
    t: TestServer | string,
    token: string,
    intents: number,
    extra: Record<string, unknown> = {},
    query?: string,
  ): Promise<RawGatewayClient & { ready: Frame }> {
    const client = await RawGatewayClient.connect(t, query);
    await client.next((f) => f.op === 10);
    client.send({
      op: 2,
      d: { token, intents, properties: { os: "linux", browser: "test", device: "test" }, ...extra },
    });
    const ready = await client.dispatch("READY");
    return Object.assign(client, { ready });
  }

  /** Connects and sends Resume; the caller reads the replay, RESUMED or op 9. */
  static async resuming(
    t: TestServer | string,
    token: string,
    sessionId: string,
    seq: number,
  ): Promise<RawGatewayClient> {
    const client = await RawGatewayClient.connect(t);
    await client.next((f) => f.op === 10);
    client.send({ op: 6, d: { token, session_id: sessionId, seq } });
    return client;
  }

  /** The highest sequence number received so far. */
  get lastSequence(): number {
    return Math.max(0, ...this.frames.map((f) => f.s ?? 0));
  }

  send(payload: unknown): void {
    this.ws.send(JSON.stringify(payload));
  }

  sendRaw(text: string): void {
    this.ws.send(text);
  }

  /** The next frame (after the cursor) matching `predicate`; the cursor moves past it. */
  async next(predicate: (frame: Frame) => boolean = () => true, timeoutMs = 10_000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (let i = this.cursor; i < this.frames.length; i++) {
        const frame = this.frames[i] as Frame;
        if (predicate(frame)) {
          this.cursor = i + 1;
          return frame;
        }
      }
      if (this.closeInfo) throw new Error(`connection closed (${this.closeInfo.code}) while waiting`);
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames.slice(this.cursor).map((f) => f.t ?? f.op))}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  dispatch(t: string, predicate: (d: any) => boolean = () => true, timeoutMs?: number): Promise<Frame> {
    return this.next((f) => f.op === 0 && f.t === t && predicate(f.d), timeoutMs);
  }

  /** Frames from the cursor up to and including the first matching one (the barrier). */
  async until(predicate: (frame: Frame) => boolean, timeoutMs?: number): Promise<Frame[]> {
    const start = this.cursor;
    await this.next(predicate, timeoutMs);
    return this.frames.slice(start, this.cursor);
  }

  close(code = 1000): Promise<Closed> {
    this.ws.close(code);
    return this.closed;
  }

  terminate(): void {
    this.ws.terminate();
  }

  /** Stops reading the socket, as a stuck client: the server's bytes pile up in the kernel, then in the server. */
  pauseReading(): void {
    this.ws.pause();
  }

  resumeReading(): void {
    this.ws.resume();
  }

  /** Op 1 with the last sequence received. */
  heartbeat(): void {
    const seq = this.lastSequence;
    this.send({ op: 1, d: seq || null });
  }
}

/**
 * Reads a zlib-stream connection as a client does: the bytes of every frame so far form one
 * zlib stream; inflating it up to the latest sync flush gives every payload so far, and the
 * newest payload is what this frame added. (Quadratic, which is fine for tests.)
 */
class ZlibStreamReader {
  private compressed: Buffer[] = [];
  private inflatedBytes = 0;

  read(frame: Buffer): string {
    this.compressed.push(frame);
    const all = inflateSync(Buffer.concat(this.compressed), { finishFlush: constants.Z_SYNC_FLUSH });
    const text = all.subarray(this.inflatedBytes).toString("utf8");
    this.inflatedBytes = all.length;
    return text;
  }
}

/** Intent bits used by the tests (spec: Events). */
export const Intents = {
  Guilds: 1 << 0,
  GuildMembers: 1 << 1,
  GuildPresences: 1 << 8,
  GuildMessages: 1 << 9,
  DirectMessages: 1 << 12,
} as const;

export const waitFor = async (condition: () => boolean, timeoutMs = 5_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
};
