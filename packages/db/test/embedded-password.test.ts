import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMBEDDED_PASSWORD_FILE, embeddedPassword, embeddedUrl } from "../src";
import { type EmbeddedDatabase, startEmbeddedDatabase } from "../src/embedded";
import { admitWithPassword } from "../src/embedded-auth";
import { scramSecret } from "../src/scram";

const posix = process.platform !== "win32";

async function connect(connectionString: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
  client.on("error", () => {});
  await client.connect();
  return client;
}

/** Answers `SELECT 1` through a fresh connection with the real password: the server still serves. */
async function stillServes(database: EmbeddedDatabase): Promise<void> {
  const client = await connect(database.url);
  try {
    expect((await client.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
  } finally {
    await client.end();
  }
}

/** Resolves with everything the server sent once it closes the connection. */
function rawExchange(port: number, send: Buffer[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const received: Buffer[] = [];
    socket.on("connect", () => {
      for (const chunk of send) socket.write(chunk);
    });
    socket.on("data", (chunk) => received.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(Buffer.concat(received)));
  });
}

function startupMessage(user: string): Buffer {
  const params = Buffer.from(`user\0${user}\0database\0postgres\0\0`);
  const head = Buffer.alloc(8);
  head.writeInt32BE(8 + params.length, 0);
  head.writeInt32BE(196608, 4);
  return Buffer.concat([head, params]);
}

describe("the embedded database's password", () => {
  let dataDir: string;
  let database: EmbeddedDatabase;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "chat-db-password-"));
    database = await startEmbeddedDatabase({ dataDir, port: 0 });
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("is generated into DATA_DIR on first start, readable by its owner only, and is the one in the database URL", () => {
    const file = join(dataDir, EMBEDDED_PASSWORD_FILE);
    const password = readFileSync(file, "utf8");
    expect(password).toMatch(/^[0-9a-f]{64}$/);
    expect(database.url).toBe(embeddedUrl(database.port, password));
    expect(embeddedPassword(dataDir)).toBe(password);
    if (posix) {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(join(dataDir, "pglite")).mode & 0o777).toBe(0o700);
    }
  });

  it("is the same for every process that asks at once (one file, never half-written)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "chat-db-password-race-"));
    try {
      const seen = await Promise.all(
        Array.from({ length: 8 }, () => Promise.resolve().then(() => embeddedPassword(dir))),
      );
      expect(new Set(seen).size).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("lets a client with the password in the URL connect (what the web app and the CLI do)", async () => {
    const joiner = await connect(embeddedUrl(database.port, embeddedPassword(dataDir)));
    try {
      expect((await joiner.query("SELECT current_user AS who")).rows).toEqual([{ who: "postgres" }]);
    } finally {
      await joiner.end();
    }
  });

  it("refuses the old password-less URL, and keeps serving", async () => {
    const passwordless = `postgresql://postgres@127.0.0.1:${database.port}/postgres?sslmode=disable`;
    await expect(connect(passwordless)).rejects.toThrow(/password/i);
    await stillServes(database);
  });

  it("refuses a wrong password with SQLSTATE 28P01 (invalid_password), and keeps serving", async () => {
    await expect(connect(embeddedUrl(database.port, "0".repeat(64)))).rejects.toMatchObject({ code: "28P01" });
    await stillServes(database);
  });

  it("refuses a client that asks for cleartext instead of answering the SCRAM challenge", async () => {
    const cleartextPassword = Buffer.from(`p\0\0\0\x0dnotscram\0`);
    const answer = await rawExchange(database.port, [startupMessage("postgres"), cleartextPassword]);
    expect(answer.subarray(0, 1).toString()).toBe("R"); // AuthenticationSASL
    expect(answer.readInt32BE(5)).toBe(10);
    expect(answer.toString("latin1")).toContain("C28P01");
    await stillServes(database);
  });

  it("answers SSL requests with 'N' and refuses garbage with a protocol error, without crashing", async () => {
    const sslRequest = Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f]);
    const garbage = Buffer.from("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    const answer = await rawExchange(database.port, [sslRequest, garbage]);
    expect(answer.subarray(0, 1).toString()).toBe("N");
    expect(answer.toString("latin1")).toContain("C08P01");
    await stillServes(database);
  });

  it("survives clients that hang up halfway through the handshake", async () => {
    await Promise.all(
      Array.from(
        { length: 5 },
        () =>
          new Promise<void>((resolve) => {
            const socket = net.connect(database.port, "127.0.0.1", () => {
              socket.write(startupMessage("postgres"));
              socket.once("data", () => socket.destroy());
            });
            socket.on("close", () => resolve());
            socket.on("error", () => {});
          }),
      ),
    );
    await stillServes(database);
  });
});

describe("the password check on a connection", () => {
  it("closes a connection that never finishes the handshake once its time is up", async () => {
    const secret = scramSecret("secret");
    const outcomes: Promise<Buffer | null>[] = [];
    const server = net.createServer((socket) => outcomes.push(admitWithPassword(socket, secret, 200)));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as net.AddressInfo;
      const started = Date.now();
      await rawExchange(port, [startupMessage("postgres")]);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(await Promise.all(outcomes)).toEqual([null]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
