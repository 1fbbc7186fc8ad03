import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { type RawData, type WebSocket, WebSocketServer } from "ws";
import type { GatewaySocket } from "./socket";

/** The one file that touches `ws`: upgrades HTTP requests and wraps each socket as a GatewaySocket. */
export interface SocketAcceptor {
  accept(request: IncomingMessage, socket: Duplex, head: Buffer, onSocket: (socket: GatewaySocket) => void): void;
  close(): Promise<void>;
}

export function createWsAcceptor(options: { maxPayloadBytes: number }): SocketAcceptor {
  const server = new WebSocketServer({ noServer: true, maxPayload: options.maxPayloadBytes, perMessageDeflate: false });
  return {
    accept(request, socket, head, onSocket) {
      server.handleUpgrade(request, socket, head, (ws) => onSocket(wrap(ws)));
    },
    async close() {
      for (const client of server.clients) client.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function wrap(ws: WebSocket): GatewaySocket {
  ws.on("error", () => {});
  return {
    send(payload) {
      if (ws.readyState === ws.OPEN) ws.send(payload, { binary: false });
    },
    sendBinary(data) {
      if (ws.readyState === ws.OPEN) ws.send(data, { binary: true });
    },
    bufferedBytes: () => ws.bufferedAmount,
    close(code, reason) {
      if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(code, reason);
      // A peer that never answers the closing handshake is cut off.
      setTimeout(() => ws.terminate(), 5_000).unref();
    },
    onMessage(listener) {
      ws.on("message", (data: RawData) => listener(textOf(data)));
    },
    onClose(listener) {
      ws.once("close", (code: number) => listener(code));
    },
  };
}

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString("utf8");
  return data.toString("utf8");
}
