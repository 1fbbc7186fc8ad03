import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatctl, cliEnv, cliEnvBeside, json, refusal } from "../support/chatctl";
import { createTestStorage, startTestServer, storageMode, type TestServer, type TestStorage } from "../support/harness";
import type { World } from "../support/rest-fixtures";

type Attachment = { url: string; filename: string };
type Message = { id: string; content: string; attachments: Attachment[] };

/** Where a restore goes: a new, empty DATA_DIR (embedded) or a new, empty database on the same PostgreSQL server. */
async function freshStorage(): Promise<TestStorage> {
  if (storageMode === "postgres") return createTestStorage();
  const dataDir = mkdtempSync(join(tmpdir(), "chat-restore-"));
  return {
    dataDir,
    redisUrl: process.env.TEST_REDIS_URL || undefined,
    redisNamespace: `test-${randomBytes(6).toString("hex")}`,
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const people = (t: TestServer) =>
  t.server.ctx.domain.ctx.db.user.findMany({
    orderBy: { id: "asc" },
    select: { id: true, username: true, passwordHash: true, bot: true },
  });

describe("chatctl backup and restore", { timeout: 300_000 }, () => {
  const work = mkdtempSync(join(tmpdir(), "chat-backups-"));
  const backupFile = join(work, "chat.backup");
  let source: TestStorage;
  let target: TestStorage;
  let world: World;
  let before: Awaited<ReturnType<typeof people>>;
  let sent: Message;
  const fileBytes = new Uint8Array(randomBytes(150_000));

  beforeAll(async () => {
    source = await createTestStorage();
    target = await freshStorage();
  });
  afterAll(async () => {
    await source?.drop();
    await target?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it("a backup taken while the service runs restores into a fresh storage, where every user, guild, message, file and bot token is found", async () => {
    const a = await startTestServer({ storage: source });
    try {
      world = await a.seed.world();
      await a.seed.person("second_person");
      const form = new FormData();
      form.append("payload_json", JSON.stringify({ content: "kept across the restore" }));
      form.append("files[0]", new Blob([fileBytes], { type: "application/octet-stream" }), "kept.bin");
      const res = await fetch(`${a.base}/channels/${world.text.id}/messages`, {
        method: "POST",
        headers: { authorization: `Bot ${world.token}` },
        body: form,
      });
      expect(res.status).toBe(200);
      sent = (await res.json()) as Message;
      before = await people(a);

      const backup = json(await chatctl(cliEnvBeside(a), "backup", "--out", backupFile, "--json"));
      expect(backup).toMatchObject({
        file: backupFile,
        bytes: expect.any(Number),
        migration: expect.stringMatching(/^\d{14}_/),
        files: ["attachment-signing-key"],
      });
      expect(backup.rows).toMatchObject({ User: before.length, Guild: 1, Message: 1, Attachment: 1, Application: 1 });
      // The service went on answering while the snapshot was read.
      expect((await fetch(`${a.base}/users/@me`, { headers: { authorization: `Bot ${world.token}` } })).status).toBe(
        200,
      );
    } finally {
      await a.close();
    }

    const restored = json(await chatctl(cliEnv(target), "restore", "--from", backupFile, "--json"));
    expect(restored).toMatchObject({
      from: backupFile,
      rows: { User: before.length, Message: 1, Attachment: 1 },
      files: ["attachment-signing-key"],
    });
    expect(readFileSync(join(target.dataDir, "attachment-signing-key"), "utf8")).toBe(
      readFileSync(join(source.dataDir, "attachment-signing-key"), "utf8"),
    );

    const b = await startTestServer({ storage: target });
    try {
      expect(await people(b)).toEqual(before);
      const bot = (path: string) => fetch(`${b.base}${path}`, { headers: { authorization: `Bot ${world.token}` } });

      const me = await bot("/users/@me");
      expect(me.status).toBe(200);
      expect(((await me.json()) as { id: string }).id).toBe(world.botUserId.toString());

      const guild = await bot(`/guilds/${world.guild.id}`);
      expect(guild.status).toBe(200);
      expect(((await guild.json()) as { name: string }).name).toBe("Test Guild");

      const history = (await (await bot(`/channels/${world.text.id}/messages`)).json()) as Message[];
      expect(history.map((m) => m.content)).toEqual(["kept across the restore"]);
      const served = await fetch(history[0]?.attachments[0]?.url as string);
      expect(served.status).toBe(200);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(fileBytes);
      // A link handed out before the backup still opens: the signing key came along.
      const oldLink = new URL(sent.attachments[0]?.url as string);
      const viaOldLink = await fetch(`${b.server.url}${oldLink.pathname}${oldLink.search}`);
      expect(viaOldLink.status).toBe(200);
      expect(new Uint8Array(await viaOldLink.arrayBuffer())).toEqual(fileBytes);

      // The id sequence came along too: what is made now never reuses an id.
      const newcomer = await b.seed.person("after_restore");
      expect(newcomer.id).toBeGreaterThan(before.at(-1)?.id as bigint);
    } finally {
      await b.close();
    }
  });

  it("refuses a storage holding data unless --force, a file that is not a whole backup, and a running service, changing nothing", async () => {
    const env = cliEnv(target);
    const count = async () => {
      const t = await startTestServer({ storage: target });
      try {
        return {
          users: await t.server.ctx.domain.ctx.db.user.count(),
          messages: await t.server.ctx.domain.ctx.db.message.count(),
        };
      } finally {
        await t.close();
      }
    };
    const expected = { users: before.length + 1, messages: 1 };

    expect(refusal(await chatctl(env, "restore", "--from", backupFile, "--json"))).toMatch(
      /^the database already holds data \(table \w+ has rows\): restore into a fresh DATA_DIR or an empty database, or pass --force to replace everything in it$/,
    );
    expect(refusal(await chatctl(env, "restore", "--json"))).toBe("missing --from");
    expect(refusal(await chatctl(env, "restore", "--from", join(work, "missing.backup"), "--json"))).toBe(
      `${join(work, "missing.backup")} does not exist`,
    );
    const notBackup = join(work, "notes.txt");
    writeFileSync(notBackup, "just some notes\n");
    expect(refusal(await chatctl(env, "restore", "--from", notBackup, "--force", "--json"))).toMatch(
      /is not a backup file/,
    );
    // Cut short: the rows are read inside the transaction that already emptied the database, which rolls back.
    const cut = join(work, "cut.backup");
    const whole = readFileSync(backupFile);
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.8)));
    expect(refusal(await chatctl(env, "restore", "--from", cut, "--force", "--json"))).toMatch(
      /^restore failed, nothing was changed: /,
    );
    expect(refusal(await chatctl(env, "backup", "--out", backupFile, "--json"))).toBe(
      `${backupFile} already exists: choose another --out`,
    );
    expect(await count()).toEqual(expected);

    const running = await startTestServer({ storage: target });
    try {
      // A service in use holds connections to its database; one just started may not hold any yet.
      await running.server.ctx.domain.ctx.db.user.count();
      expect(
        refusal(await chatctl(cliEnvBeside(running), "restore", "--from", backupFile, "--force", "--json")),
      ).toMatch(
        storageMode === "postgres"
          ? /^\d+ other connection\(s\) use this database: stop the service/
          : /^the service is running on .+: stop it before restoring$/,
      );
    } finally {
      await running.close();
    }
    expect(await count()).toEqual(expected);

    const forced = json(await chatctl(env, "restore", "--from", backupFile, "--force", "--json"));
    expect(forced.rows).toMatchObject({ User: before.length });
    expect(await count()).toEqual({ users: before.length, messages: 1 });
  });
});
