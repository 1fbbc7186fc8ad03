import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import net from "node:net";
import { PGLiteSocketHandler } from "@electric-sql/pglite-socket";
import { ProtocolAwareQueue } from "./pglite-queue";
import { embeddedUrl } from "./env";

export interface EmbeddedDatabase {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Opens the PGlite database in `dataDir` and serves it on a loopback port, so that other
 * processes (web app, admin CLI) reach it with an ordinary PostgreSQL driver.
 * PGlite runs inside one process: only the process that called this may open the folder.
 */
export async function startEmbeddedDatabase(options: { dataDir: string; port: number }): Promise<EmbeddedDatabase> {
  const folder = join(options.dataDir, "pglite");
  mkdirSync(folder, { recursive: true });
  const db = await PGlite.create(folder);
  const queue = new ProtocolAwareQueue(db);
  const handlers = new Set<PGLiteSocketHandler>();
  const server = net.createServer((socket) => {
    const handler = new PGLiteSocketHandler({ queryQueue: queue as never, closeOnDetach: true });
    handlers.add(handler);
    socket.once("close", () => handlers.delete(handler));
    void handler.attach(socket);
  });
  // Above the sum of every pool that may connect: server, web app, CLI, tests.
  server.maxConnections = 200;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: embeddedUrl(port),
    port,
    async close() {
      for (const handler of handlers) await handler.detach(true);
      await new Promise((resolve) => server.close(resolve));
      await db.close();
    },
  };
}
