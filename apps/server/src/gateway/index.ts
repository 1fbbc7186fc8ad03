import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { channelViewers, ViewerCache } from "@chat/domain";
import type { ServerContext } from "../context";
import { GatewayCloseCodes, SERVER_SHUTDOWN_CLOSE } from "./connection/close-codes";
import { zlibStreamSocket } from "./connection/compression";
import { Connection } from "./connection/connection";
import type { GatewaySocket } from "./connection/socket";
import { parseConnectionQuery } from "./connection/url";
import { createWsAcceptor } from "./connection/ws-adapter";
import { Dispatcher } from "./dispatch/dispatcher";
import { claimingRouter, replayingRouter } from "./dispatch/interaction-router";
import { createOpcodeHandlers } from "./handlers";
import { type GatewayOptions, resolveGatewayOptions } from "./options";
import type { GatewayServices } from "./services";
import { createSessionStorage, isBotDispatch, linkSessionStorage } from "./sessions/cluster";
import { IdentifyReads } from "./sessions/identify-reads";
import { createSessionCloser } from "./sessions/session-closer";
import { SessionRegistry } from "./sessions/session-registry";

export type { GatewayOptions } from "./options";

/** The bot gateway, mounted on the server's HTTP upgrade path `/gateway`. */
export interface Gateway {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Serves one client on `socket` (the `ws` adapter's, wrapped for compression when asked, or a test's own). */
  connect(socket: GatewaySocket): void;
  close(): Promise<void>;
  /** This node's sessions by id (live and waiting for a resume). */
  readonly sessions: SessionRegistry;
}

export function createGateway(ctx: ServerContext, overrides: Partial<GatewayOptions> = {}): Gateway {
  const options = resolveGatewayOptions(overrides);
  // With Redis (multi-node mode) session records and replay buffers live there, per the design; without it in memory and the gateway journal.
  const storage = createSessionStorage(ctx, options);
  const { replay, store, history, heardEverything } = storage;
  const sessions = new SessionRegistry(replay, store);
  // Bots' presences: their sessions report to the node's tracker (@chat/presence: in memory, or in Redis with several nodes).
  const { store: presences, tracker: presenceTracker } = ctx.presence;
  sessions.onEnd((session) => presenceTracker.ended(session));
  sessions.onHandOver((session) => presenceTracker.moved(session));
  const db = ctx.database.prisma;
  const viewers = channelViewers(db);
  const viewerCache = new ViewerCache(viewers);
  const interactions = claimingRouter(ctx.domain.interactions, sessions, store);
  const metrics = ctx.metrics.gateway;
  const log = ctx.logger;
  const debug = log.isLevelEnabled("debug");
  const dispatcher = new Dispatcher(sessions, viewerCache.viewers, presences, {
    history,
    processed: (id) => store.processed(id),
    interactions,
    dispatched: (event, receivers) => {
      metrics.dispatched(event.t, receivers);
      if (debug)
        log.debug(
          { requestId: event.requestId, event: event.t, eventId: event.id, sessions: receivers },
          "event dispatched",
        );
    },
  });
  linkSessionStorage(storage, sessions, dispatcher);
  const replayedInteractions = replayingRouter(ctx.domain.interactions);
  const identifyReads = new IdentifyReads(ctx.domain);
  const services: GatewayServices = {
    members: ctx.domain.members,
    urls: ctx.urls,
    options,
    sessions,
    replay,
    presences,
    presenceTracker,
    store,
    history,
    heardEverything,
    dispatcher,
    viewers: viewerCache.viewers,
    replayedInteractions,
    identifyReads,
    metrics,
  };
  const handlers = createOpcodeHandlers(services);
  const closeSessions = createSessionCloser(sessions);
  const unsubscribe = ctx.bus.subscribe((event) => {
    // First: a shared read must not outlive an event that changed what it read.
    identifyReads.heard(event);
    viewerCache.heard(event);
    if (event.internal) closeSessions(event);
    // Events addressed to a person are for their browser tabs: never dispatched to bots.
    else if (isBotDispatch(event)) dispatcher.accept(storage.accepted(event));
  });
  const acceptor = createWsAcceptor(options);
  const connections = new Set<Connection>();
  metrics.watch(() => ({ connections: connections.size, sessions: sessions.size }));
  let closing = false;
  const connect = (socket: GatewaySocket) => {
    const connection = new Connection(socket, services, handlers);
    connections.add(connection);
    connection.onClosed(() => connections.delete(connection));
    connection.open();
  };

  return {
    sessions,
    handleUpgrade(request, socket, head) {
      if (closing) return void socket.destroy();
      const query = parseConnectionQuery(request.url);
      acceptor.accept(request, socket, head, (gatewaySocket) => {
        if ("problem" in query) {
          metrics.closed(GatewayCloseCodes.DecodeError, "server");
          return gatewaySocket.close(GatewayCloseCodes.DecodeError, query.problem);
        }
        connect(query.compress ? zlibStreamSocket(gatewaySocket) : gatewaySocket);
      });
    },
    connect,
    async close() {
      closing = true;
      unsubscribe();
      identifyReads.close();
      viewerCache.close();
      for (const connection of [...connections])
        connection.shutdown(SERVER_SHUTDOWN_CLOSE.code, SERVER_SHUTDOWN_CLOSE.reason);
      sessions.clear();
      await presenceTracker.settled();
      await acceptor.close();
      await dispatcher.idle();
      await storage.close();
    },
  };
}
