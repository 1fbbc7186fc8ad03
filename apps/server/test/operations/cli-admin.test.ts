import { verifyPassword } from "@chat/auth/password";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatctl, chatctlProcess, cliEnvBeside, json, refusal } from "../support/chatctl";
import { Intents, RawGatewayClient } from "../support/gateway-client";
import { startTestServer, storageMode, type TestServer } from "../support/harness";

const STRONG = "violet-harbour-kettle-79";

/**
 * The operator's commands beside a running service (the CLI joins its database and its event
 * hub), run in the test's process with the environment an operator's would have.
 */
describe("admin CLI: finding people and guilds, resetting passwords, deleting guilds, rotating bot tokens, configuration and versions", {
  timeout: 180_000,
}, () => {
  let t: TestServer;
  let env: Record<string, string | undefined>;

  beforeAll(async () => {
    t = await startTestServer();
    env = cliEnvBeside(t);
  });
  afterAll(() => t?.close());

  const person = (username: string, globalName?: string) =>
    t.server.ctx.domain.users.createPerson({ username, passwordHash: "not-a-login", globalName });

  it("user list finds people and bots by username or display name, any case, oldest first, within --limit", async () => {
    const ada = await person("ada_lovelace", "Countess");
    const grace = await person("grace", "Ada's Friend");
    await person("linus");
    const app = await t.seed.app(ada.id, "Ada Helper");

    const found = json(await chatctl(env, "user", "list", "--query", "ADA", "--json"));
    expect(found.total).toBe(3);
    expect(found.users.map((u: { username: string }) => u.username)).toEqual([
      "ada_lovelace",
      "grace",
      app.botUser.username,
    ]);
    expect(found.users[0]).toEqual({
      id: ada.id.toString(),
      username: "ada_lovelace",
      global_name: "Countess",
      bot: false,
      suspended: false,
      created_at: expect.any(String),
    });
    expect(found.users[2]).toMatchObject({ id: app.botUser.id.toString(), bot: true });

    const limited = json(await chatctl(env, "user", "list", "--query", "ada", "--limit", "1", "--json"));
    expect(limited).toEqual({ total: 3, users: [found.users[0]] });
    expect(grace.id).toBeGreaterThan(ada.id);

    expect(refusal(await chatctl(env, "user", "list", "--limit", "many", "--json"))).toBe(
      "--limit must be a whole number from 1 to 1000",
    );
  });

  it("guild list finds guilds by name with their owner and member count", async () => {
    const owner = await person("guild_lister");
    const first = await t.seed.guild(owner.id, "Rowing Club");
    await t.seed.guild(owner.id, "Chess Corner");
    const third = await t.seed.guild(owner.id, "Rowing Club Juniors");
    const found = json(await chatctl(env, "guild", "list", "--query", "rowing", "--json"));
    expect(found).toEqual({
      total: 2,
      guilds: [
        {
          id: first.id.toString(),
          name: "Rowing Club",
          owner_id: owner.id.toString(),
          owner_username: "guild_lister",
          member_count: 1,
          created_at: expect.any(String),
        },
        {
          id: third.id.toString(),
          name: "Rowing Club Juniors",
          owner_id: owner.id.toString(),
          owner_username: "guild_lister",
          member_count: 1,
          created_at: expect.any(String),
        },
      ],
    });
  });

  it("user reset-password sets a password that signs in and ends every web session of the person; a weak password, a bot or an unknown user change nothing", async () => {
    const domain = t.server.ctx.domain;
    const pat = await person("pat");
    const sessions = [await domain.webSessions.start(pat.id), await domain.webSessions.start(pat.id)];

    const reset = json(
      await chatctl(env, "user", "reset-password", "--username", "pat", "--password", STRONG, "--json"),
    );
    expect(reset).toEqual({ id: pat.id.toString(), ended_sessions: 2 });
    const stored = await domain.users.findByUsername("pat");
    expect(await verifyPassword(stored?.passwordHash as string, STRONG)).toBe(true);
    for (const session of sessions) expect(await domain.webSessions.live(session.id, pat.id)).toBeNull();

    const app = await t.seed.app(pat.id, "Pat Bot");
    const refused: [string[], string | RegExp][] = [
      [["--username", "pat", "--password", "password"], /^--password is too easy to guess: /],
      [["--username", "pat", "--password", `pat${STRONG}`], /^--password is too easy to guess: /],
      [
        ["--username", "pat", "--password", `${STRONG} ${"q8#Lm2!v".repeat(16)}`],
        "--password must be 8 to 128 characters long",
      ],
      [["--username", "nobody_here", "--password", STRONG], "unknown user: nobody_here"],
      [
        ["--username", app.botUser.username, "--password", STRONG],
        `${app.botUser.username} is a bot: bots sign in with their token (app rotate-token)`,
      ],
      [["--username", "pat"], "missing --password"],
    ];
    for (const [args, message] of refused)
      expect(refusal(await chatctl(env, "user", "reset-password", ...args, "--json"))).toMatch(message);
    expect((await domain.users.findByUsername("pat"))?.passwordHash).toBe(stored?.passwordHash);
  });

  it("guild delete deletes the guild through its service: the bot in it gets GUILD_DELETE on the gateway; a non-numeric or unknown id is refused", async () => {
    const world = await t.seed.world();
    const gateway = await RawGatewayClient.identified(t, world.token, Intents.Guilds);
    try {
      expect(refusal(await chatctl(env, "guild", "delete", "--guild", "not-a-number", "--json"))).toBe(
        "--guild must be a numeric id",
      );
      expect(refusal(await chatctl(env, "guild", "delete", "--guild", "999999999", "--json"))).toBe(
        "unknown guild: 999999999",
      );
      expect(await t.server.ctx.domain.ctx.db.guild.count({ where: { id: world.guild.id } })).toBe(1);

      const deleted = json(await chatctl(env, "guild", "delete", "--guild", world.guild.id.toString(), "--json"));
      expect(deleted).toEqual({ id: world.guild.id.toString(), deleted: true });
      const event = await gateway.dispatch("GUILD_DELETE", (d) => d.id === world.guild.id.toString());
      expect(event.d).toEqual({ id: world.guild.id.toString() });
      expect(await t.server.ctx.domain.ctx.db.channel.count({ where: { guildId: world.guild.id } })).toBe(0);
    } finally {
      gateway.terminate();
    }
  });

  it("app rotate-token gives a new bot token that works while the old one is refused at once, even after the service had seen it", async () => {
    const world = await t.seed.world();
    const me = (token: string) => fetch(`${t.base}/users/@me`, { headers: { authorization: `Bot ${token}` } });
    expect((await me(world.token)).status).toBe(200);

    const rotated = json(
      await chatctl(env, "app", "rotate-token", "--application", world.app.application.id.toString(), "--json"),
    );
    expect(rotated).toEqual({ application_id: world.app.application.id.toString(), bot_token: expect.any(String) });
    expect(rotated.bot_token).not.toBe(world.token);
    expect((await me(world.token)).status).toBe(401);
    const res = await me(rotated.bot_token);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toBe(world.botUserId.toString());

    expect(refusal(await chatctl(env, "app", "rotate-token", "--application", "12x", "--json"))).toBe(
      "--application must be a numeric id",
    );
    expect(refusal(await chatctl(env, "app", "rotate-token", "--application", "999999999", "--json"))).toBe(
      "unknown application: 999999999",
    );
    expect((await me(rotated.bot_token)).status).toBe(200);
  });

  it("config show prints the effective configuration, saying only set or generated for each secret and password", async () => {
    const secrets = {
      database: "db-pass-7f3a9c",
      redis: "redis-pass-41bd0e",
      signing: `${"s".repeat(20)}signing-key-5e81c2`,
      nextauth: "nextauth-secret-0a9d77",
      internal: "internal-secret-c3e2b1",
      livekitKey: "lk-key-9b2f40",
      livekitSecret: "lk-secret-e71a05",
    };
    const configured = {
      ...env,
      DATABASE_URL: `postgresql://chat:${secrets.database}@db.example:5433/chat?sslmode=require&sslpassword=${secrets.database}`,
      REDIS_URL: `redis://:${secrets.redis}@cache.example:6380/2`,
      REDIS_NAMESPACE: "prod",
      ATTACHMENT_SIGNING_KEY: secrets.signing,
      NEXTAUTH_SECRET: secrets.nextauth,
      INTERNAL_SECRET: secrets.internal,
      LIVEKIT_URL: "wss://voice.example",
      LIVEKIT_API_KEY: secrets.livekitKey,
      LIVEKIT_API_SECRET: secrets.livekitSecret,
      PUBLIC_SERVER_URL: "https://chat.example",
      SERVER_PORT: "8443",
    };
    const result = await chatctl(configured, "config", "show", "--json");
    for (const secret of Object.values(secrets)) expect(result.stdout).not.toContain(secret);
    const config = json(result);
    expect(config.storage).toEqual({
      mode: "postgresql",
      database_url: "postgresql://chat@db.example:5433/chat?sslmode=require&sslpassword=REDACTED",
      password: "set",
      pool_size: 10,
    });
    expect(config.events).toEqual({
      mode: "redis",
      redis_url: "redis://cache.example:6380/2",
      password: "set",
      namespace: "prod",
    });
    expect(config.server).toMatchObject({ port: 8443 });
    expect(config.public_urls).toMatchObject({
      apiUrl: "https://chat.example/api/v10",
      cdnUrl: "https://chat.example/cdn",
    });
    expect(config.voice).toEqual({
      livekit_url: "wss://voice.example",
      livekit_public_url: "wss://voice.example",
      api_key: "set",
      api_secret: "set",
    });
    expect(config.secrets).toEqual({ attachment_signing_key: "set", nextauth_secret: "set", internal_secret: "set" });

    // Without them: the embedded database and secrets generated into DATA_DIR (the running server made its own).
    const plain = json(await chatctl({ ...env, DATABASE_URL: "", REDIS_URL: "" }, "config", "show", "--json"));
    expect(plain.storage).toMatchObject({
      mode: "embedded",
      password: storageMode === "embedded" ? "generated" : expect.any(String),
    });
    expect(plain.secrets.attachment_signing_key).toBe("generated");
    expect(plain.voice).toBeNull();
  });

  it("version names this version, Node's, the database server's and the last migration applied, with none pending", async () => {
    const version = json(await chatctl(env, "version", "--json"));
    expect(version).toEqual({
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      node: process.version,
      storage: storageMode === "postgres" ? "postgresql" : "embedded",
      database_server: expect.stringMatching(/^\d+(\.\d+)?/),
      migration: expect.stringMatching(/^\d{14}_/),
      migrations_applied: expect.any(Number),
      migrations_pending: [],
    });
    const last = await t.server.ctx.domain.ctx.db.$queryRawUnsafe<{ migration_name: string }[]>(
      `SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name DESC LIMIT 1`,
    );
    expect(version.migration).toBe(last[0]?.migration_name);
  });

  it("an unknown command lists the commands and the process exits with 2", async () => {
    const result = await chatctlProcess(env, "guild", "explode", "--json");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown command "guild explode"; commands: ');
    expect(result.stderr).toContain("backup, restore, config show, version");
  });
});
