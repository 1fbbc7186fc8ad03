import { rmSync } from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient, type Db, hotQuery, isDatabaseUnreachable } from "../src";
import { type EmbeddedDatabase, startEmbeddedDatabase } from "../src/embedded";
import { freshEmbeddedDataDir } from "../src/testing/embedded-template";

/** A TCP server on loopback that treats each connection with `onConnection`. */
async function fakeServer(onConnection: (socket: net.Socket) => void): Promise<{ url: string; close(): void }> {
  const server = net.createServer(onConnection);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `postgresql://postgres@127.0.0.1:${port}/postgres`, close: () => server.close() };
}

/** A protocol ErrorResponse as PostgreSQL sends it, ending the connection. */
function errorResponse(code: string, message: string): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`);
  const head = Buffer.alloc(5);
  head.write("E", 0);
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

const failure = (work: Promise<unknown>): Promise<unknown> =>
  work.then(
    () => {
      throw new Error("expected the statement to fail");
    },
    (error: unknown) => error,
  );

/** Errors produced by node-postgres and Prisma themselves, against a database that is not there. */
describe("a database that cannot be reached is told apart from a statement that failed", () => {
  let dataDir: string;
  let database: EmbeddedDatabase;
  let live: Db;
  let closedUrl: string;
  const clients: Db[] = [];
  const client = (url: string) => {
    const db = createPrismaClient(url, 2);
    clients.push(db);
    return db;
  };

  beforeAll(async () => {
    dataDir = await freshEmbeddedDataDir("chat-db-unreachable-");
    database = await startEmbeddedDatabase({ dataDir, port: 0 });
    live = client(database.url);
    // A server that was there and stopped: its port now refuses.
    const stopping = await startEmbeddedDatabase({ dataDir: await freshEmbeddedDataDir("chat-db-stopped-"), port: 0 });
    closedUrl = stopping.url;
    await stopping.close();
  });
  afterAll(async () => {
    for (const db of clients) await db.$disconnect();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("a refused connection, through Prisma's models, its raw queries, its transactions and the hot path", async () => {
    const db = client(closedUrl);
    const errors = [
      await failure(db.user.findFirst()),
      await failure(db.$queryRaw`SELECT 1`),
      await failure(db.$transaction(async (tx) => tx.user.findFirst())),
      await failure(hotQuery(db, "SELECT 1", [])),
    ];
    expect(errors.map(isDatabaseUnreachable)).toEqual([true, true, true, true]);
  });

  it("a server that accepts but never answers: given up after about a second, not waited on", async () => {
    const silent = await fakeServer(() => {});
    try {
      const db = client(silent.url);
      const started = Date.now();
      const errors = [await failure(hotQuery(db, "SELECT 1", [])), await failure(db.user.findFirst())];
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(errors.map(isDatabaseUnreachable)).toEqual([true, true]);
    } finally {
      silent.close();
    }
  });

  it("a server starting up (57P03) or shutting down (57P01), and a connection cut without a word", async () => {
    const starting = await fakeServer((socket) =>
      socket.once("data", () => socket.end(errorResponse("57P03", "the database system is starting up"))),
    );
    const shutting = await fakeServer((socket) =>
      socket.once("data", () =>
        socket.end(errorResponse("57P01", "terminating connection due to administrator command")),
      ),
    );
    const cut = await fakeServer((socket) => socket.once("data", () => socket.destroy()));
    try {
      const errors = [
        await failure(hotQuery(client(starting.url), "SELECT 1", [])),
        await failure(client(starting.url).$queryRaw`SELECT 1`),
        await failure(hotQuery(client(shutting.url), "SELECT 1", [])),
        await failure(client(shutting.url).user.findFirst()),
        await failure(hotQuery(client(cut.url), "SELECT 1", [])),
        await failure(client(cut.url).user.findFirst()),
      ];
      expect(errors.map(isDatabaseUnreachable)).toEqual([true, true, true, true, true, true]);
    } finally {
      starting.close();
      shutting.close();
      cut.close();
    }
  });

  it("a failed statement on a database that answers is not", async () => {
    const errors = [
      await failure(live.$queryRaw`SELECT * FROM no_such_table`),
      await failure(hotQuery(live, "SELEC 1", [])),
      await failure(live.user.create({ data: {} as never })),
      new Error("something else"),
    ];
    expect(errors.map(isDatabaseUnreachable)).toEqual([false, false, false, false]);
  });
});
