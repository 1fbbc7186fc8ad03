import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatctl, chatctlProcess, cliEnvBeside, json } from "../support/chatctl";
import { createTestStorage, startTestServer, type TestServer, type TestStorage } from "../support/harness";

// Each chatctl call opens the whole database (in embedded mode, without a running service, it
// starts PGlite's thread and opens the data folder, and waits a second for the event hub). So
// the first test sets a deployment up before its service ever ran, the CLI's own path (its
// first command in a process of its own, as an operator runs it); the others run beside the
// service, reaching the database it serves.
describe("admin CLI (chatctl)", { timeout: 180_000 }, () => {
  let storage: TestStorage;
  let env: Record<string, string | undefined>;

  beforeAll(async () => {
    storage = await createTestStorage();
    env = { DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl ?? "", EMBEDDED_DB_PORT: "0" };
  });
  afterAll(() => storage?.drop());

  it("creates a user, a guild, an application, adds the bot and a member, each printing one JSON object", async () => {
    const alice = json(
      await chatctlProcess(env, "user", "create", "--username", "alice", "--password", "correct horse", "--json"),
    );
    expect(alice.id).toMatch(/^[0-9]+$/);
    json(await chatctl(env, "user", "create", "--username", "bob", "--password", "correct horse", "--json"));

    const guild = json(await chatctl(env, "guild", "create", "--owner", "alice", "--name", "Alice Place", "--json"));
    expect(guild.channels).toEqual([
      { id: expect.stringMatching(/^[0-9]+$/), name: "general", type: 0 },
      { id: expect.stringMatching(/^[0-9]+$/), name: "General", type: 2 },
    ]);

    const app = json(await chatctl(env, "app", "create", "--owner", "alice", "--name", "Echo Bot", "--json"));
    expect(Object.keys(app).sort()).toEqual([
      "application_id",
      "bot_token",
      "bot_user_id",
      "client_id",
      "client_secret",
    ]);
    expect(Buffer.from(app.bot_token.split(".")[0], "base64").toString()).toBe(app.bot_user_id);

    const added = json(
      await chatctl(
        env,
        "guild",
        "add-bot",
        "--guild",
        guild.id,
        "--application",
        app.application_id,
        "--permissions",
        "3072",
        "--json",
      ),
    );
    expect(added).toEqual({ guild_id: guild.id, user_id: app.bot_user_id });

    const member = json(await chatctl(env, "guild", "add-member", "--guild", guild.id, "--username", "bob", "--json"));
    expect(member).toEqual({ guild_id: guild.id, user_id: expect.stringMatching(/^[0-9]+$/) });
  });

  describe("while the service runs", () => {
    let t: TestServer;
    let running: Record<string, string | undefined>;
    beforeAll(async () => {
      t = await startTestServer({ storage });
      running = cliEnvBeside(t);
    });
    afterAll(() => t?.close());

    it("exits non-zero with one line on stderr for a taken name, an unknown user, an unknown guild and a missing option", async () => {
      const cases = [
        ["user", "create", "--username", "alice", "--password", "correct horse", "--json"],
        ["guild", "create", "--owner", "nobody", "--name", "X Place", "--json"],
        ["guild", "add-member", "--guild", "999999", "--username", "bob", "--json"],
        ["app", "create", "--owner", "alice", "--json"],
      ];
      for (const args of cases) {
        const result = await chatctl(running, ...args);
        expect(result.code, args.join(" ")).not.toBe(0);
        expect(result.stdout).toBe("");
        expect(result.stderr.trim().split("\n")).toHaveLength(1);
      }
    });

    it("app redirect-add registers login redirects, printing { redirect_uris }, with the portal's validation; user suspend", async () => {
      json(await chatctl(running, "user", "create", "--username", "dora", "--password", "correct horse", "--json"));
      const app = json(await chatctl(running, "app", "create", "--owner", "dora", "--name", "Dora Site", "--json"));
      const first = json(
        await chatctl(
          running,
          "app",
          "redirect-add",
          "--application",
          app.application_id,
          "--uri",
          "https://dora.example/callback",
          "--json",
        ),
      );
      expect(first).toEqual({ redirect_uris: ["https://dora.example/callback"] });
      const second = json(
        await chatctl(
          running,
          "app",
          "redirect-add",
          "--application",
          app.application_id,
          "--uri",
          "http://localhost:3000/cb",
          "--json",
        ),
      );
      expect(second).toEqual({ redirect_uris: ["https://dora.example/callback", "http://localhost:3000/cb"] });

      const refused: [string[], string][] = [
        [
          ["--application", app.application_id, "--uri", "https://dora.example/cb#section"],
          "Must not contain a fragment (#).",
        ],
        [
          ["--application", app.application_id, "--uri", "http://dora.example/cb"],
          "Must use https (http is allowed only for localhost and 127.0.0.1).",
        ],
        [["--application", "999999", "--uri", "https://dora.example/"], "unknown application: 999999"],
      ];
      for (const [args, message] of refused) {
        const result = await chatctl(running, "app", "redirect-add", ...args, "--json");
        expect(result.code, args.join(" ")).not.toBe(0);
        expect(result.stdout).toBe("");
        expect(result.stderr.trim().split("\n")).toEqual([message]);
      }

      const suspended = json(await chatctl(running, "user", "suspend", "--username", "dora", "--json"));
      expect(suspended).toEqual({ id: expect.stringMatching(/^[0-9]+$/), suspended: true });
    });

    it("works while the service runs, reaching the database the server serves", async () => {
      const carol = json(
        await chatctl(running, "user", "create", "--username", "carol", "--password", "correct horse", "--json"),
      );
      const seen = await t.server.ctx.domain.users.findByUsername("carol");
      expect(seen?.id.toString()).toBe(carol.id);
    });
  });
});
