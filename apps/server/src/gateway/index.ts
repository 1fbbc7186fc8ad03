import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { ServerContext } from "../context";

/** The bot gateway, mounted on the server's HTTP upgrade path `/gateway`. */
export interface Gateway {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

export function createGateway(_ctx: ServerContext): Gateway {
  return { handleUpgrade: (_r, socket) => socket.destroy(), close: async () => {} };
}
