import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient, type Db, isDatabaseBusy } from "../src";
import { type EmbeddedDatabase, startEmbeddedDatabase } from "../src/embedded";
import { freshEmbeddedDataDir } from "../src/testing/embedded-template";

const failure = (work: Promise<unknown>): Promise<unknown> =>
  work.then(
    () => {
      throw new Error("expected the transaction to fail");
    },
    (error: unknown) => error,
  );

describe("interactive transactions on a busy embedded database", () => {
  let dataDir: string;
  let database: EmbeddedDatabase;
  let db: Db;

  beforeAll(async () => {
    dataDir = await freshEmbeddedDataDir("chat-db-tx-timeout-");
    database = await startEmbeddedDatabase({ dataDir, port: 0 });
    db = createPrismaClient(database.url, 2, undefined, { embedded: true });
    await db.$executeRawUnsafe(`CREATE TABLE "Written" ("step" int NOT NULL)`);
  });
  afterAll(async () => {
    await db?.$disconnect();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("is undone whole: what its create still sends after Prisma rolled it back is refused, not run on its own (the file's row failing its key, the read-back answering null), and the failure reads as a busy database", async () => {
    const author = await db.user.create({ data: { username: "tx-timeout" } });
    const channel = await db.channel.create({ data: { type: 1 } });
    const file = { filename: "big.bin", size: 24 * 1024 * 1024, data: new Uint8Array(24 * 1024 * 1024) };
    const readBack: unknown[] = [];
    // Prisma's timer sends ROLLBACK while the create runs; the create's next statements came after it, outside the transaction.
    const error = await failure(
      db.$transaction(
        async (tx) => {
          const message = await tx.message.create({
            data: { channelId: channel.id, authorId: author.id, attachments: { create: [file] } },
            include: { attachments: { select: { id: true } } },
          });
          readBack.push(message);
          return message.id;
        },
        { timeout: 100 },
      ),
    );
    expect(readBack).toEqual([]);
    expect(isDatabaseBusy(error)).toBe(true);
    expect(await db.message.count()).toBe(0);
    expect(await db.attachment.count()).toBe(0);
  });

  it("answers the same client's next transactions as usual (its connection went back clean)", async () => {
    await db.$transaction([db.$executeRaw`INSERT INTO "Written" VALUES (1)`]);
    await db.$transaction(async (tx) => tx.$executeRaw`INSERT INTO "Written" VALUES (2)`);
    expect(await db.$queryRaw`SELECT "step" FROM "Written" ORDER BY "step"`).toEqual([{ step: 1 }, { step: 2 }]);
  });

  it("waits its turn for the embedded database's one session longer than Prisma's 2 s default, rather than failing to start", async () => {
    const slow = db.$transaction(async (tx) => tx.$queryRaw`SELECT 1 AS slept FROM pg_sleep(2.5)`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(db.$transaction(async (tx) => tx.$queryRaw<{ n: number }[]>`SELECT 1 AS n`)).resolves.toEqual([
      { n: 1 },
    ]);
    await slow;
  });
});
