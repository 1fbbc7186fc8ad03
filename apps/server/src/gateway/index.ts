import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { ServerContext } from "../context";
import { GatewayCloseCodes, SERVER_SHUTDOWN_CLOSE } from "./close-codes";
import { Connection, type GatewayServices } from "./connection";
import { Dispatcher } from "./dispatcher";
import { type GatewayOptions, resolveGatewayOptions } from "./options";
import { SessionRegistry } from "./session-registry";
import { connectionQueryProblem } from "./url";
import { channelViewers } from "./visibility";
import { createWsAcceptor } from "./ws-adapter";

export type { GatewayOptions } from "./options";

/** The bot gateway, mounted on the server's HTTP upgrade path `/gateway`. */
export interface Gateway {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
  /** This node's sessions by id (live and waiting for a resume). */
  readonly sessions: SessionRegistry;
}

export function createGateway(ctx: ServerContext, overrides: Partial<GatewayOptions> = {}): Gateway {
  const options = resolveGatewayOptions(overrides);
  const sessions = new SessionRegistry();
  const services: GatewayServices = { domain: ctx.domain, urls: ctx.urls, options, sessions };
  const dispatcher = new Dispatcher(sessions, channelViewers(ctx.domain.ctx.db));
  const unsubscribe = ctx.bus.subscribe((event) => dispatcher.accept(event));
  const acceptor = createWsAcceptor(options);
  const connections = new Set<Connection>();
  let closing = false;

  return {
    sessions,
    handleUpgrade(request, socket, head) {
      if (closing) return void socket.destroy();
      const problem = connectionQueryProblem(request.url);
      acceptor.accept(request, socket, head, (gatewaySocket) => {
        if (problem) return gatewaySocket.close(GatewayCloseCodes.DecodeError, problem);
        const connection = new Connection(gatewaySocket, services);
        connections.add(connection);
        connection.onClosed(() => connections.delete(connection));
        connection.open();
      });
    },
    async close() {
      closing = true;
      unsubscribe();
      for (const connection of [...connections]) connection.shutdown(SERVER_SHUTDOWN_CLOSE.code, SERVER_SHUTDOWN_CLOSE.reason);
      sessions.clear();
      await acceptor.close();
    },
  };
}
