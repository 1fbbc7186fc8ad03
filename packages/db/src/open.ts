import net from "node:net";
import { type EmbeddedDatabase, startEmbeddedDatabase } from "./embedded";
import { dbEnv } from "./env";
import { connectTo, type JoinOptions, joinDatabase, type OpenDatabase } from "./join";
import { applyMigrations } from "./migrate";

export type { OpenDatabase } from "./join";

export interface OwnedDatabase extends OpenDatabase {
  /** Set when this process owns the embedded database. */
  embedded?: EmbeddedDatabase;
}

export interface OpenOptions extends JoinOptions {
  /**
   * "own": open the embedded database in this process (the server).
   * "join": connect to the embedded database another process serves.
   * "auto": join when it is being served, otherwise own it (the admin CLI).
   */
  embeddedRole?: "own" | "join" | "auto";
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Opens the configured database (PostgreSQL via DATABASE_URL, else embedded PGlite, started
 * here when this process owns it) and applies migrations. Processes that never own the
 * embedded database use joinDatabase (join.ts) instead.
 */
export async function openDatabase(options: OpenOptions = {}): Promise<OwnedDatabase> {
  const databaseUrl = options.databaseUrl ?? dbEnv.databaseUrl;
  const role = options.embeddedRole ?? "own";
  if (databaseUrl || role === "join") return joinDatabase(options);
  const port = options.embeddedPort ?? dbEnv.embeddedPort;
  if (role === "auto" && (await portAnswers(port))) return joinDatabase(options);
  const embedded = await startEmbeddedDatabase({ dataDir: options.dataDir ?? dbEnv.dataDir, port });
  if (options.migrate !== false) await applyMigrations(embedded.url);
  return { ...connectTo(embedded.url, options.poolSize, () => embedded.close(), { embedded: true }), embedded };
}
