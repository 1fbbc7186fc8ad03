import type { AddressInfo } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";
import { SyncDeflateStream, ZLIB_STREAM_OPTIONS } from "../src/gateway/connection/sync-deflate";

/**
 * The references of `pnpm bench gateway`: bare `ws` servers with nothing of the gateway's, in
 * the same process. `plain` sends the bytes it is given to every socket as a text frame;
 * `zlib` keeps one deflate stream per socket, with the gateway's level, window and memLevel,
 * and sends each payload compressed and flushed with Z_SYNC_FLUSH as one binary frame, the way
 * compress=zlib-stream frames are made. Both greet a new connection with a Hello-sized payload
 * (so a zlib stream has been used, as the gateway's has once it sent Hello, READY and
 * GUILD_CREATE) and echo what a client sends (the heartbeat reference).
 */
const GREETING = Buffer.from(JSON.stringify({ t: null, s: null, op: 10, d: { heartbeat_interval: 41_250 } }));
export interface RawServer {
  url: string;
  /** Sends one serialized payload to every connection. */
  broadcast(payload: Buffer): void;
  close(): Promise<void>;
}

export async function startRawServer(kind: "plain" | "zlib"): Promise<RawServer> {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0, perMessageDeflate: false });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const streams = new Map<WebSocket, SyncDeflateStream>();
  const send = (ws: WebSocket, payload: Buffer) => {
    const stream = streams.get(ws);
    if (stream) ws.send(stream.push(payload), { binary: true });
    else ws.send(payload, { binary: false });
  };
  server.on("connection", (ws) => {
    if (kind === "zlib") streams.set(ws, new SyncDeflateStream(ZLIB_STREAM_OPTIONS));
    send(ws, GREETING);
    ws.on("message", (data: Buffer) => send(ws, data));
    ws.once("close", () => {
      streams.get(ws)?.close();
      streams.delete(ws);
    });
  });
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    broadcast(payload) {
      for (const ws of server.clients) send(ws, payload);
    },
    async close() {
      for (const ws of server.clients) ws.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
