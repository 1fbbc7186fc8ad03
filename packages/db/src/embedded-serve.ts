import { chmodSync, mkdirSync } from "node:fs";
import net from "node:net";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketHandler } from "@electric-sql/pglite-socket";
import { admitWithPassword } from "./embedded-auth";
import { embeddedPassword } from "./embedded-password";
import { embeddedUrl } from "./env";
import { MessageStream } from "./pglite-message-stream";
import { ProtocolAwareQueue } from "./pglite-queue";
import { scramSecret } from "./scram";

export interface ServedDatabase {
  /** The connection URL, password included. */
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Opens the PGlite database in `dataDir` and serves it on a loopback port, so that other
 * processes (web app, admin CLI) reach it with an ordinary PostgreSQL driver. Connections
 * must prove the password kept in `dataDir` (SCRAM-SHA-256) before PGlite sees them.
 * PGlite runs inside one process: only the process that called this may open the folder.
 * Runs in the thread that calls it: startEmbeddedDatabase calls it in a thread of its own.
 */
export async function serveEmbeddedDatabase(options: {
  dataDir: string;
  port: number;
  /** PGlite's WebAssembly compiled already (embedded-thread.mjs); compiled by PGlite when absent. */
  pgliteWasmModule?: WebAssembly.Module;
}): Promise<ServedDatabase> {
  const folder = join(options.dataDir, "pglite");
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  // The database files are as secret as the password (folders made by earlier versions were 0755).
  chmodSync(folder, 0o700);
  const password = embeddedPassword(options.dataDir);
  const secret = scramSecret(password);
  const db = await PGlite.create(folder, { pgliteWasmModule: options.pgliteWasmModule });
  const queue = new ProtocolAwareQueue(db);
  const handlers = new Set<PGLiteSocketHandler>();
  const starting = new Set<net.Socket>();
  let closing = false;

  const serve = async (socket: net.Socket) => {
    starting.add(socket);
    const replay = await admitWithPassword(socket, secret).finally(() => starting.delete(socket));
    if (!replay) return;
    if (closing || socket.destroyed) return void socket.destroy();
    const handler = new PGLiteSocketHandler({ queryQueue: queue as never, closeOnDetach: true });
    wholeMessagesOnly(handler);
    handlers.add(handler);
    socket.once("close", () => handlers.delete(handler));
    await handler.attach(socket);
    socket.unshift(replay);
    socket.resume();
  };
  const server = net.createServer((socket) => {
    serve(socket).catch((error) => {
      console.error("embedded database: a connection failed to start", error);
      socket.destroy();
    });
  });
  // Above the sum of every pool that may connect: server, web app, CLI, tests.
  server.maxConnections = 200;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: embeddedUrl(port, password),
    port,
    async close() {
      closing = true;
      for (const socket of starting) socket.destroy();
      for (const handler of handlers) await handler.detach(true);
      await new Promise((resolve) => server.close(resolve));
      await db.close();
    },
  };
}

/**
 * Hands the handler whole messages only (MessageStream), in the order they arrived.
 * pglite-socket (0.2.17) calls its `handleData` for each chunk the socket reads; it is private
 * in its types, so it is replaced on the instance.
 */
function wholeMessagesOnly(handler: PGLiteSocketHandler): void {
  const target = handler as unknown as { handleData(data: Buffer): Promise<number> };
  const handleData = target.handleData.bind(handler);
  const stream = new MessageStream();
  target.handleData = async (chunk) => {
    const messages = stream.push(chunk);
    return messages ? handleData(messages) : 0;
  };
}
