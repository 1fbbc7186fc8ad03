import type { GatewaySocket } from "../../src/gateway/connection/socket";

/** What a FakeSocket was asked to do, in order. */
export type SocketCall =
  | { kind: "text"; data: string }
  | { kind: "binary"; data: Buffer }
  | { kind: "close"; code: number; reason: string };

/**
 * A GatewaySocket without a network: records what the protocol sends, and lets a test deliver
 * client payloads and the peer's close. For unit tests of the layers above the `ws` adapter.
 */
export class FakeSocket implements GatewaySocket {
  readonly calls: SocketCall[] = [];
  private messageListeners: ((text: string) => void)[] = [];
  private closeListeners: ((code: number) => void)[] = [];
  private closed = false;
  private callWaiters: { matches: (call: SocketCall) => boolean; resolve: (call: SocketCall) => void }[] = [];
  /** What bufferedBytes() answers: set it to play a peer that stopped reading. */
  buffered = 0;

  send(payload: string | Buffer): void {
    this.record(
      typeof payload === "string" ? { kind: "text", data: payload } : { kind: "text", data: payload.toString("utf8") },
    );
  }

  sendBinary(data: Uint8Array): void {
    this.record({ kind: "binary", data: Buffer.from(data) });
  }

  bufferedBytes(): number {
    return this.buffered;
  }

  close(code: number, reason: string): void {
    this.record({ kind: "close", code, reason });
    this.peerClosed(code);
  }

  onMessage(listener: (text: string) => void): void {
    this.messageListeners.push(listener);
  }

  onClose(listener: (code: number) => void): void {
    this.closeListeners.push(listener);
  }

  /** The client sent `text`. */
  receive(text: string): void {
    for (const listener of this.messageListeners) listener(text);
  }

  /** The connection is gone (close listeners run once). */
  peerClosed(code: number): void {
    if (this.closed) return;
    this.closed = true;
    for (const listener of this.closeListeners.splice(0)) listener(code);
  }

  /** The first call matching `matches`, made already or when it is made (no polling, no timer). */
  sent(matches: (call: SocketCall) => boolean): Promise<SocketCall> {
    const made = this.calls.find(matches);
    if (made) return Promise.resolve(made);
    return new Promise((resolve) => this.callWaiters.push({ matches, resolve }));
  }

  private record(call: SocketCall): void {
    this.calls.push(call);
    for (const waiter of [...this.callWaiters]) {
      if (!waiter.matches(call)) continue;
      this.callWaiters.splice(this.callWaiters.indexOf(waiter), 1);
      waiter.resolve(call);
    }
  }

  get binaryFrames(): Buffer[] {
    return this.calls.flatMap((c) => (c.kind === "binary" ? [c.data] : []));
  }
}
