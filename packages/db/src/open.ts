import net from "node:net";
import { createPrismaClient, type Db } from "./client";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "./embedded";
import { embeddedPassword } from "./embedded-password";
import { dbEnv, embeddedUrl } from "./env";
import { applyMigrations } from "./migrate";

export interface OpenDatabase {
  prisma: Db;
  url: string;
  /** Set when this process owns the embedded database. */
  embedded?: EmbeddedDatabase;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  embeddedPort?: number;
  poolSize?: number;
  /**
   * "own": open the embedded database in this process (the server).
   * "join": connect to the embedded database another process serves (the web app).
   * "auto": join when it is being served, otherwise own it (the admin CLI).
   */
  embeddedRole?: "own" | "join" | "auto";
  migrate?: boolean;
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

/** Opens the configured database (PostgreSQL via DATABASE_URL, else embedded PGlite) and applies migrations. */
export async function openDatabase(options: OpenOptions = {}): Promise<OpenDatabase> {
  const databaseUrl = options.databaseUrl ?? dbEnv.databaseUrl;
  const poolSize = options.poolSize ?? dbEnv.poolSize;
  let url: string;
  let embedded: EmbeddedDatabase | undefined;
  if (databaseUrl) {
    url = databaseUrl;
  } else {
    const port = options.embeddedPort ?? dbEnv.embeddedPort;
    const dataDir = options.dataDir ?? dbEnv.dataDir;
    const role = options.embeddedRole ?? "own";
    const served = role !== "own" && (await portAnswers(port));
    if (served || role === "join") {
      url = embeddedUrl(port, embeddedPassword(dataDir));
    } else {
      embedded = await startEmbeddedDatabase({ dataDir, port });
      url = embedded.url;
    }
  }
  // A process joining the embedded database leaves migrations to its owner: every socket
  // connection shares one PGlite session, so an advisory lock would not keep them apart.
  const joinsEmbedded = !databaseUrl && !embedded;
  if (options.migrate !== false && !joinsEmbedded) await applyMigrations(url);
  const prisma = createPrismaClient(url, poolSize);
  return {
    prisma,
    url,
    embedded,
    async close() {
      await prisma.$disconnect();
      await embedded?.close();
    },
  };
}
