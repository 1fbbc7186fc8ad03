import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
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
  // Above the sum of every pool that may connect: server, web app, CLI, tests.
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: options.port, maxConnections: 200 });
  await server.start();
  const address = server.getServerConn();
  const port = Number(address.split(":").pop());
  return {
    url: embeddedUrl(port),
    port,
    async close() {
      await server.stop();
      await db.close();
    },
  };
}
