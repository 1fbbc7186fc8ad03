import type { Domain, PublicUrls } from "@chat/domain";
import { GatewayCloseCodes, GatewayCloseError, clientCloseEndsSession, closeEndsSession, closeReason } from "./close-codes";
import { handlerFor } from "./handlers";
import type { GatewayOptions } from "./options";
import { heartbeatAckFrame, helloFrame } from "./payloads";
import type { Session } from "./session";
import type { SessionRegistry } from "./session-registry";
import type { GatewaySocket } from "./socket";

/** What a connection and its opcode handlers work with. */
export interface GatewayServices {
  domain: Domain;
  urls: PublicUrls;
  options: GatewayOptions;
  sessions: SessionRegistry;
}

type ConnectionState = "awaiting-identify" | "identifying" | "ready" | "closed";

/**
 * One WebSocket connection's protocol state (state table: connected -> awaiting identify ->
 * ready -> closed). The socket object never carries state; this class does.
 */
export class Connection {
  private state: ConnectionState = "awaiting-identify";
  private currentSession: Session | null = null;
  private identifyTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private payloadWindow = { startedAt: 0, count: 0 };
  private closeListeners: (() => void)[] = [];

  constructor(
    private readonly socket: GatewaySocket,
    readonly services: GatewayServices,
  ) {}

  /** On connect: Hello with the heartbeat interval, and the Identify and heartbeat deadlines. */
  open(): void {
    this.socket.onMessage((text) => void this.receive(text));
    this.socket.onClose((code) => this.peerClosed(code));
    this.socket.send(helloFrame(this.services.options.heartbeatIntervalMs));
    this.identifyTimer = setTimeout(() => this.close(GatewayCloseCodes.NotAuthenticated), this.services.options.identifyTimeoutMs);
    this.armHeartbeatDeadline();
  }

  get isOpen(): boolean {
    return this.state !== "closed";
  }

  get identified(): boolean {
    return this.state === "identifying" || this.state === "ready";
  }

  get session(): Session | null {
    return this.currentSession;
  }

  onClosed(listener: () => void): void {
    this.closeListeners.push(listener);
  }

  /** Identify received: a second one (or one after Resume) closes with 4005. */
  beginIdentify(): void {
    if (this.state !== "awaiting-identify") throw new GatewayCloseError(GatewayCloseCodes.AlreadyAuthenticated);
    this.state = "identifying";
    this.clearIdentifyTimer();
  }

  /** The connection now carries `session`; false when it closed in the meantime. */
  attach(session: Session): boolean {
    if (this.state === "closed") return false;
    this.state = "ready";
    this.currentSession = session;
    session.attach(this.socket);
    return true;
  }

  /** Heartbeat received: the deadline moves and an ACK goes back. */
  heartbeatReceived(): void {
    this.armHeartbeatDeadline();
    this.socket.send(heartbeatAckFrame());
  }

  send(text: string): void {
    if (this.state !== "closed") this.socket.send(text);
  }

  /** Closes with a gateway close code; whether the session survives is the close-code table's call. */
  close(code: GatewayCloseCodes): void {
    if (this.state === "closed") return;
    this.socket.close(code, closeReason(code));
    this.finish(closeEndsSession(code));
  }

  /** Server shutdown: the connection goes, sessions are dropped with the node. */
  shutdown(code: number, reason: string): void {
    if (this.state === "closed") return;
    this.socket.close(code, reason);
    this.finish(true);
  }

  private async receive(text: string): Promise<void> {
    if (this.state === "closed") return;
    if (this.overPayloadLimit()) return this.close(GatewayCloseCodes.RateLimited);
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch {
      return this.close(GatewayCloseCodes.DecodeError);
    }
    if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return this.close(GatewayCloseCodes.DecodeError);
    const { op, d } = payload as { op?: unknown; d?: unknown };
    const handler = typeof op === "number" ? handlerFor(op) : undefined;
    if (!handler) return this.close(GatewayCloseCodes.UnknownOpcode);
    if (!this.identified && !handler.beforeIdentify) return this.close(GatewayCloseCodes.NotAuthenticated);
    try {
      await handler.handle(this, d);
    } catch (error) {
      if (error instanceof GatewayCloseError) return this.close(error.code);
      console.error("gateway handler failed", error);
      this.close(GatewayCloseCodes.UnknownError);
    }
  }

  private overPayloadLimit(): boolean {
    const { count, windowMs } = this.services.options.payloadLimit;
    const now = Date.now();
    if (now - this.payloadWindow.startedAt >= windowMs) this.payloadWindow = { startedAt: now, count: 0 };
    this.payloadWindow.count += 1;
    return this.payloadWindow.count > count;
  }

  private armHeartbeatDeadline(): void {
    if (this.heartbeatTimer) clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = setTimeout(() => this.close(GatewayCloseCodes.SessionTimedOut), this.services.options.heartbeatTimeoutMs);
  }

  private clearIdentifyTimer(): void {
    if (this.identifyTimer) clearTimeout(this.identifyTimer);
    this.identifyTimer = null;
  }

  private peerClosed(code: number): void {
    if (this.state === "closed") return;
    this.finish(clientCloseEndsSession(code));
  }

  private finish(endSession: boolean): void {
    this.state = "closed";
    this.clearIdentifyTimer();
    if (this.heartbeatTimer) clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = null;
    const session = this.currentSession;
    this.currentSession = null;
    if (session) {
      if (endSession) this.services.sessions.end(session);
      else this.services.sessions.detach(session, this.services.options.resumeWindowMs);
    }
    for (const listener of this.closeListeners.splice(0)) listener();
  }
}
