import type { Gateway } from "../../src/gateway";
import { FakeSocket, type SocketCall } from "./fake-socket";
import type { Frame } from "./gateway-client";

/**
 * A gateway client on a {@link FakeSocket}: the node's real gateway (sessions, handlers, the
 * database reads) without a network, so deadlines can run on fake timers. Each wait resolves
 * when the gateway sends what is waited for.
 */
export class FakeGatewayClient {
  readonly socket = new FakeSocket();

  private constructor(gateway: Gateway) {
    gateway.connect(this.socket);
  }

  static connect(gateway: Gateway): FakeGatewayClient {
    return new FakeGatewayClient(gateway);
  }

  /** Connects and identifies; resolves with READY once it went out. */
  static async identified(gateway: Gateway, token: string, intents = 0): Promise<FakeGatewayClient & { ready: Frame }> {
    const client = new FakeGatewayClient(gateway);
    client.send({ op: 2, d: { token, intents, properties: { os: "linux", browser: "test", device: "test" } } });
    return Object.assign(client, { ready: await client.dispatch("READY") });
  }

  /** Every frame sent so far, in order. */
  get frames(): Frame[] {
    return this.socket.calls.flatMap((call) => (call.kind === "text" ? [JSON.parse(call.data) as Frame] : []));
  }

  /** The close code, once the gateway closed (undefined while open). */
  get closeCode(): number | undefined {
    return this.socket.calls.find((call) => call.kind === "close")?.code;
  }

  send(payload: unknown): void {
    this.socket.receive(JSON.stringify(payload));
  }

  sendRaw(text: string): void {
    this.socket.receive(text);
  }

  /** The first frame matching `matches`, sent already or when it is sent. */
  async next(matches: (frame: Frame) => boolean): Promise<Frame> {
    const call = await this.socket.sent((c) => c.kind === "text" && matches(JSON.parse(c.data)));
    return JSON.parse((call as Extract<SocketCall, { kind: "text" }>).data);
  }

  dispatch(t: string): Promise<Frame> {
    return this.next((frame) => frame.op === 0 && frame.t === t);
  }

  /** The gateway's close code, once it closes. */
  async closed(): Promise<number> {
    const call = await this.socket.sent((c) => c.kind === "close");
    return (call as Extract<SocketCall, { kind: "close" }>).code;
  }

  /** The client goes away: with 1000 or 1001 cleanly, with 1006 as a dropped connection. */
  drop(code = 1006): void {
    this.socket.peerClosed(code);
  }
}
