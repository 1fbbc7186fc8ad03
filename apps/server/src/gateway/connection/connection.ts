import { isDatabaseBusy, isDatabaseUnreachable, OutageLog } from "@chat/db";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import { handlerFor, type OpcodeHandlers } from "../handlers";
import type { ConnectionServices } from "../services";
import type { Session, SessionCarrier } from "../sessions/session";
import {
  clientCloseEndsSession,
  closeEndsSession,
  closeReason,
  GatewayCloseCodes,
  GatewayCloseError,
} from "./close-codes";
import { heartbeatAckFrame, helloFrame, invalidSessionFrame, SerializedEvent } from "./payloads";
import type { GatewaySocket } from "./socket";

/** Handlers' database failures during an outage: a line now and then, not one per payload. */
const databaseOutage = new OutageLog("gateway");

/** "authenticating": an Identify or a Resume is being answered. */
type ConnectionState = "awaiting-identify" | "authenticating" | "ready" | "closed";

/**
 * One WebSocket connection's protocol state (state table: connected -> awaiting identify ->
 * ready -> closed). The socket object never carries state; this class does.
 */
export class Connection implements SessionCarrier {
  private state: ConnectionState = "awaiting-identify";
  private currentSession: Session | null = null;
  private identifyTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private payloadWindow = { startedAt: 0, count: 0 };
  private waitingDispatches = 0;
  private closeListeners: (() => void)[] = [];
  private serialWork: Promise<void> = Promise.resolve();

  constructor(
    private readonly socket: GatewaySocket,
    private readonly services: ConnectionServices,
    private readonly handlers: OpcodeHandlers,
  ) {}

  /** On connect: Hello with the heartbeat interval, and the Identify and heartbeat deadlines. */
  open(): void {
    this.socket.onMessage((text) => void this.receive(text));
    this.socket.onClose((code) => this.peerClosed(code));
    this.socket.send(helloFrame(this.services.options.heartbeatIntervalMs));
    this.armIdentifyDeadline();
    this.armHeartbeatDeadline();
  }

  get isOpen(): boolean {
    return this.state !== "closed";
  }

  get identified(): boolean {
    return this.state === "authenticating" || this.state === "ready";
  }

  get session(): Session | null {
    return this.currentSession;
  }

  onClosed(listener: () => void): void {
    this.closeListeners.push(listener);
  }

  /** Identify or Resume received: another one after it (unless the Resume is refused) closes with 4005. */
  beginAuthentication(): void {
    if (this.state !== "awaiting-identify") throw new GatewayCloseError(GatewayCloseCodes.AlreadyAuthenticated);
    this.state = "authenticating";
    this.clearIdentifyTimer();
  }

  /** The Resume cannot be honoured: op 9 (`d: false`), and the client may Identify again. */
  refuseResume(): void {
    if (this.state === "closed") return;
    this.services.metrics.resumed("refused");
    this.state = "awaiting-identify";
    this.socket.send(invalidSessionFrame());
    this.armIdentifyDeadline();
  }

  /**
   * The Resume is honoured: the session leaves the connection carrying it (closed with 4000),
   * the events after the client's `seq` go out in order, then RESUMED, then live events.
   * Synchronous, so no event can fall between the replay and the live ones.
   */
  resume(session: Session, missed: readonly string[]): void {
    if (this.state === "closed") return;
    this.services.metrics.resumed("resumed");
    this.services.sessions.resumed(session);
    const previous = session.carrier;
    if (previous && previous !== this) previous.displace();
    this.state = "ready";
    this.currentSession = session;
    for (const frame of missed) this.socket.send(frame);
    session.attach(this);
    session.dispatchNow(new SerializedEvent(GatewayDispatchEvents.Resumed, {}));
  }

  /** Another connection resumed this one's session: it closes with 4000, the session lives on. */
  displace(): void {
    this.currentSession = null;
    this.close(GatewayCloseCodes.UnknownError);
  }

  /** The connection now carries `session`; false when it closed in the meantime. */
  attach(session: Session): boolean {
    if (this.state === "closed") return false;
    this.state = "ready";
    this.currentSession = session;
    session.attach(this);
    return true;
  }

  /**
   * Runs `task` after the ones queued before it on this connection (answers that must not
   * interleave, such as member chunks); other payloads, heartbeats included, are not held up.
   */
  serially(task: () => Promise<void>): Promise<void> {
    const run = this.serialWork.then(task);
    this.serialWork = run.catch(() => {});
    return run;
  }

  /** Heartbeat received: the deadline moves and an ACK goes back. */
  heartbeatReceived(): void {
    this.armHeartbeatDeadline();
    this.socket.send(heartbeatAckFrame());
  }

  /**
   * A dispatch. Those sent while earlier bytes still wait for the client are counted; a client
   * that lets too many bytes or dispatches pile up is closed (4000, resumable).
   */
  send(payload: string | Buffer): void {
    if (this.state === "closed") return;
    this.socket.send(payload);
    const waitingBytes = this.socket.bufferedBytes();
    this.waitingDispatches = waitingBytes > 0 ? this.waitingDispatches + 1 : 0;
    const { maxBufferedBytes, maxWaitingDispatches } = this.services.options;
    if (waitingBytes > maxBufferedBytes || this.waitingDispatches > maxWaitingDispatches) {
      console.warn(
        `gateway: closed a connection whose client stopped reading (${this.waitingDispatches} dispatches, ${waitingBytes} bytes waiting)`,
      );
      this.close(GatewayCloseCodes.UnknownError);
    }
  }

  /** Closes with a gateway close code; whether the session survives is the close-code table's call. */
  close(code: GatewayCloseCodes): void {
    if (this.state === "closed") return;
    this.services.metrics.closed(code, "server");
    // Finished first: a socket may report its close at once, and this close is the server's.
    this.finish(closeEndsSession(code));
    this.socket.close(code, closeReason(code));
  }

  /**
   * Server shutdown: the connection goes, and its session waits for a Resume that another node
   * or this node's next run can take (dropped with the node when nothing keeps sessions).
   */
  shutdown(code: number, reason: string): void {
    if (this.state === "closed") return;
    this.services.metrics.closed(code, "server");
    this.finish(!this.services.store.durable);
    this.socket.close(code, reason);
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
    if (typeof payload !== "object" || payload === null || Array.isArray(payload))
      return this.close(GatewayCloseCodes.DecodeError);
    const { op, d } = payload as { op?: unknown; d?: unknown };
    const handler = typeof op === "number" ? handlerFor(this.handlers, op) : undefined;
    if (!handler) return this.close(GatewayCloseCodes.UnknownOpcode);
    if (!this.identified && !handler.beforeIdentify) return this.close(GatewayCloseCodes.NotAuthenticated);
    try {
      await handler.handle(this, d);
    } catch (error) {
      if (error instanceof GatewayCloseError) return this.close(error.code);
      const unreachable = isDatabaseUnreachable(error);
      if (unreachable || isDatabaseBusy(error)) {
        if (unreachable) databaseOutage.failed(error);
        // The database could not be reached or was too busy. A session keeps its connection (what it asked for is dropped, it may ask again); an
        // Identify or Resume that could not be read closes resumable (4000), and the client retries.
        if (this.state !== "ready") this.close(GatewayCloseCodes.UnknownError);
        return;
      }
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
    this.heartbeatTimer = setTimeout(
      () => this.close(GatewayCloseCodes.SessionTimedOut),
      this.services.options.heartbeatTimeoutMs,
    );
  }

  private armIdentifyDeadline(): void {
    this.clearIdentifyTimer();
    this.identifyTimer = setTimeout(
      () => this.close(GatewayCloseCodes.NotAuthenticated),
      this.services.options.identifyTimeoutMs,
    );
  }

  private clearIdentifyTimer(): void {
    if (this.identifyTimer) clearTimeout(this.identifyTimer);
    this.identifyTimer = null;
  }

  private peerClosed(code: number): void {
    if (this.state === "closed") return;
    this.services.metrics.closed(code, "client");
    this.finish(clientCloseEndsSession(code));
  }

  private finish(endSession: boolean): void {
    this.state = "closed";
    this.clearIdentifyTimer();
    if (this.heartbeatTimer) clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = null;
    const session = this.currentSession;
    this.currentSession = null;
    if (session && session.carrier === this) {
      if (endSession) this.services.sessions.end(session);
      else this.services.sessions.detach(session, this.services.options.resumeWindowMs);
    }
    for (const listener of this.closeListeners.splice(0)) listener();
  }
}
