import { rmSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedDatabase, startEmbeddedDatabase } from "../src/embedded";
import { MessageStream } from "../src/pglite-message-stream";
import { freshEmbeddedDataDir } from "../src/testing/embedded-template";

/** A typed protocol message: its type byte, its length (itself included) and its body. */
function typed(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0);
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
}

describe("the embedded database's connections cut into whole messages", () => {
  const startup = Buffer.alloc(12);
  startup.writeInt32BE(12, 0);
  startup.writeInt32BE(196608, 4);
  const messages = [startup, typed("Q", Buffer.from("SELECT 1\0")), typed("P", Buffer.alloc(100_000, 1)), typed("S", Buffer.alloc(0)), typed("X", Buffer.alloc(0))];
  const bytes = Buffer.concat(messages);
  /** Where each message ends in `bytes`. */
  const boundaries = new Set<number>();
  let end = 0;
  for (const m of messages) {
    end += m.length;
    boundaries.add(end);
  }

  it.each([1, 3, 5, 4096, 65_536, bytes.length])("hands on every byte once, in order, and only ever whole messages (chunks of %i bytes)", (size) => {
    const stream = new MessageStream();
    const out: Buffer[] = [];
    let handed = 0;
    for (let at = 0; at < bytes.length; at += size) {
      const whole = stream.push(bytes.subarray(at, at + size));
      if (!whole) continue;
      handed += whole.length;
      expect(boundaries.has(handed)).toBe(true);
      out.push(whole);
    }
    expect(Buffer.concat(out).equals(bytes)).toBe(true);
  });
});

describe("a large statement on the embedded database", () => {
  let dataDir: string;
  let database: EmbeddedDatabase;
  let client: pg.Client;

  beforeAll(async () => {
    dataDir = await freshEmbeddedDataDir("chat-db-large-");
    database = await startEmbeddedDatabase({ dataDir, port: 0 });
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(`CREATE TABLE "Blob" ("data" bytea NOT NULL)`);
  });
  afterAll(async () => {
    await client?.end();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The least CPU time (this process's threads, the database's among them) that inserting `megabytes` took, of three tries. */
  async function insertCpuMs(megabytes: number): Promise<number> {
    const data = Buffer.alloc(megabytes * 1024 * 1024, 7);
    let least = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 3; i++) {
      const before = process.cpuUsage();
      await client.query(`INSERT INTO "Blob" VALUES ($1::bytea)`, [data]);
      const used = process.cpuUsage(before);
      least = Math.min(least, (used.user + used.system) / 1000);
    }
    return least;
  }

  it("costs time in proportion to its bytes, not their square: 16 times the bytes cost less than 16 times the CPU (the chunks were joined once per chunk: about 30 times)", async () => {
    const small = await insertCpuMs(1.5);
    const large = await insertCpuMs(24);
    expect(large / small).toBeLessThan(16);
  });
});
