import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { WebSocket } from "ws";
import type { DomainEvent } from "./catalogue";
import { type EventBus, type EventHandler, HandlerSet, type LagListener, parseEvent } from "./types";

/**
 * Without Redis, the server node is the hub: the web app and the admin CLI connect to it
 * over a loopback WebSocket, publish through it and receive every event from it.
 */
export class HubBus implements EventBus {
  private handlers = new HandlerSet();
  private clients = new Set<WebSocket>();
  private lagListeners = new Set<LagListener>();

  constructor(private secret: string) {}

  /** True when the request carries the shared secret (compared in constant time). */
  private authorized(request: IncomingMessage): boolean {
    const digest = (text: string) => createHash("sha256").update(text).digest();
    return timingSafeEqual(digest(request.headers.authorization ?? ""), digest(`Bearer ${this.secret}`));
  }

  /** Accepts a client connection; the caller routes upgrades of the hub path here. */
  accept(socket: WebSocket, request: IncomingMessage): void {
    if (!this.authorized(request)) {
      socket.close(4004, "bad secret");
      return;
    }
    this.clients.add(socket);
    let received = 0;
    socket.on("message", (raw) => {
      const text = raw.toString();
      const event = parseEvent(text);
      if (!event) return void socket.close(4002, "bad event");
      this.fanOut(event, text);
      // Acknowledged once this process's subscribers have done what they do at once with it
      // (the gateway journal writes it at the end of the task): the publisher's caller may answer then.
      const count = ++received;
      setImmediate(() => socket.readyState === WebSocket.OPEN && socket.send(`{"ack":${count}}`));
    });
    socket.on("close", () => this.clients.delete(socket));
    socket.on("error", () => this.clients.delete(socket));
  }

  private fanOut(event: DomainEvent, text: string): void {
    for (const listener of this.lagListeners) listener(0);
    this.handlers.deliver(event);
    for (const client of this.clients) if (client.readyState === WebSocket.OPEN) client.send(text);
  }

  async publish(event: DomainEvent): Promise<void> {
    this.fanOut(event, JSON.stringify(event));
  }

  subscribe(handler: EventHandler): () => void {
    return this.handlers.add(handler);
  }

  /** The hub is the bus: an event reaches this process's subscribers the moment the hub has it. */
  watchLag(listener: LagListener): () => void {
    this.lagListeners.add(listener);
    return () => this.lagListeners.delete(listener);
  }

  async close(): Promise<void> {
    for (const client of this.clients) client.close(1001);
    this.clients.clear();
  }
}

/** How long a publish through the hub waits for its acknowledgement. */
const ACK_WAIT_MS = 1_000;

/** A process that reaches the hub: publishes through it and hears everything it relays. */
export class HubClientBus implements EventBus {
  private handlers = new HandlerSet();
  private socket: WebSocket | null = null;
  private pending: { text: string; acknowledged: () => void }[] = [];
  private sendOnSocket: ((text: string, acknowledged: () => void) => void) | null = null;
  private closed = false;
  private opened: Promise<void>;
  private markOpen!: () => void;

  constructor(
    /** The hub's address (SERVER_INTERNAL_URL); the server's other internal calls are made at its origin. */
    readonly url: string,
    private secret: string,
  ) {
    this.opened = new Promise((resolve) => (this.markOpen = resolve));
    this.connect();
  }

  private connect(): void {
    if (this.closed) return;
    const socket = new WebSocket(this.url, { headers: { authorization: `Bearer ${this.secret}` } });
    this.socket = socket;
    let sent = 0;
    const acks: { n: number; resolve: () => void }[] = [];
    this.sendOnSocket = (text, acknowledged) => {
      socket.send(text);
      acks.push({ n: ++sent, resolve: acknowledged });
    };
    socket.on("open", () => {
      for (const { text, acknowledged } of this.pending.splice(0)) this.sendOnSocket?.(text, acknowledged);
      this.markOpen();
    });
    socket.on("message", (raw) => {
      const text = raw.toString();
      const ack = /^\{"ack":(\d+)\}$/.exec(text);
      if (ack) {
        while (acks.length > 0 && (acks[0] as { n: number }).n <= Number(ack[1])) acks.shift()?.resolve();
        return;
      }
      const event = parseEvent(text);
      if (event) this.handlers.deliver(event);
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      // What the hub had not acknowledged may or may not have reached it: nobody waits longer.
      for (const { resolve } of acks.splice(0)) resolve();
      this.sendOnSocket = null;
      this.socket = null;
      if (!this.closed) setTimeout(() => this.connect(), 500).unref();
    });
  }

  /** Resolves once connected to the hub (for callers that must not lose the first events). */
  whenReady(timeoutMs = 2000): Promise<boolean> {
    return Promise.race([
      this.opened.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), timeoutMs)),
    ]);
  }

  /**
   * Connected: resolves once the hub has the event (it acknowledges each one after handing it
   * to its subscribers), or after ACK_WAIT_MS. Not connected (the server is not running): at
   * once, and the event goes out when the hub is back. The write the event reports is done
   * either way.
   */
  async publish(event: DomainEvent): Promise<void> {
    const text = JSON.stringify(event);
    const send = this.socket?.readyState === WebSocket.OPEN ? this.sendOnSocket : null;
    if (!send) {
      if (this.pending.length < 10_000) this.pending.push({ text, acknowledged: () => {} });
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ACK_WAIT_MS);
      send(text, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  subscribe(handler: EventHandler): () => void {
    return this.handlers.add(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    const socket = this.socket;
    if (socket && socket.readyState === WebSocket.OPEN && this.pending.length === 0) {
      await new Promise<void>((resolve) => {
        socket.once("close", () => resolve());
        socket.close(1000);
        setTimeout(resolve, 500).unref();
      });
    } else socket?.terminate();
  }
}
