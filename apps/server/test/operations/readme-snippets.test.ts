import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Permission } from "@chat/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../support/harness";
import { fixtures } from "../support/rest-fixtures";
import { eventually, VoiceParticipant } from "../support/voice-bot";
import { useVoiceTestServer } from "../support/voice-server";

/**
 * Keeps the README's "Connecting a bot" section honest: each of its four snippets is run as
 * written (only `http://localhost:8080` becomes the test server's origin) with `node`, from a
 * file inside apps/server so its bare imports resolve from apps/server/node_modules, and must
 * answer a person's "ping" with a "pong" replying to it.
 */
const serverDir = resolve(__dirname, "../..");
const readmePath = resolve(serverDir, "../../README.md");
/** apps/server/.tmp/ is ignored by the root .gitignore (`.tmp/`). */
const tmpDir = join(serverDir, ".tmp");
const snippetsDir = join(tmpDir, "readme-snippets");
const README_ORIGIN = "http://localhost:8080";
const ANSWER_WITHIN_MS = 40_000;
const PING_EVERY_MS = 2_000;

const LIBRARIES = [
  { name: "discord.js", module: "discord.js", file: "discordjs" },
  { name: "@discordjs/core", module: "@discordjs/core", file: "discordjs-core" },
  { name: "Oceanic.js", module: "oceanic.js", file: "oceanic" },
  { name: "discordeno", module: "discordeno", file: "discordeno" },
] as const;

/** The ```js blocks of the README's "## Connecting a bot" section. */
function connectingABotSnippets(): string[] {
  const readme = readFileSync(readmePath, "utf8");
  const start = readme.indexOf("\n## Connecting a bot\n");
  if (start < 0) throw new Error(`${readmePath} has no "## Connecting a bot" section`);
  const next = readme.indexOf("\n## ", start + 1);
  const section = readme.slice(start, next < 0 ? undefined : next);
  return [...section.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1] as string);
}

/** The snippet importing `module` (from "module" exactly, so discord.js is not @discordjs/core). */
function snippetImporting(snippets: string[], module: string): string {
  const found = snippets.filter((s) => s.includes(`from "${module}";`));
  if (found.length !== 1) throw new Error(`expected one README snippet importing "${module}", found ${found.length}`);
  return found[0] as string;
}

interface Child {
  stderr(): string;
  /** The exit code or signal once the process ended, else null. */
  exited(): string | null;
  kill(): Promise<void>;
}

function runNode(file: string, env: Record<string, string>): Child {
  const child = spawn(process.execPath, [file], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  let exited: string | null = null;
  child.stdout.resume();
  child.stderr.on("data", (d) => (stderr += d));
  const closed = new Promise<void>((done) =>
    child.on("close", (code, signal) => {
      exited = signal ? `signal ${signal}` : `code ${code}`;
      done();
    }),
  );
  child.on("error", (error) => (stderr += `\n${error.stack ?? error.message}`));
  return {
    stderr: () => stderr,
    exited: () => exited,
    async kill() {
      if (exited === null) child.kill("SIGTERM");
      await closed;
    },
  };
}

interface WireMessage {
  id: string;
  content: string;
  author: { id: string };
  message_reference?: { message_id?: string };
}

describe("README: Connecting a bot", () => {
  const env = useTestServer();
  let snippets: string[] = [];
  let runDir = "";

  beforeAll(() => {
    snippets = connectingABotSnippets();
    mkdirSync(snippetsDir, { recursive: true });
    runDir = mkdtempSync(join(snippetsDir, "run-"));
  });
  afterAll(() => {
    if (runDir) rmSync(runDir, { recursive: true, force: true });
    for (const dir of [snippetsDir, tmpDir]) {
      try {
        rmdirSync(dir);
      } catch {
        // Not empty: another run (or something else) still has files there.
      }
    }
  });

  it("has one ```js snippet per library, each pointed at http://localhost:8080", () => {
    expect(snippets).toHaveLength(LIBRARIES.length);
    for (const library of LIBRARIES)
      expect(snippetImporting(snippets, library.module)).toContain(`${README_ORIGIN}/api`);
  });

  for (const library of LIBRARIES) {
    it(`the README's ${library.name} snippet answers ping with pong`, async () => {
      const source = snippetImporting(snippets, library.module);
      expect(source).toContain(README_ORIGIN);
      const file = join(runDir, `${library.file}.mjs`);
      writeFileSync(file, source.replaceAll(README_ORIGIN, env.t.server.url));

      const bot = await env.t.seed.bot(
        env.world,
        Permission.ViewChannel | Permission.SendMessages | Permission.ReadMessageHistory,
      );
      const botId = bot.botUser.id.toString();
      const channelId = env.world.text.id;
      const child = runNode(file, { BOT_TOKEN: bot.botToken });
      const started = Date.now();
      try {
        const pings = new Set<string>();
        let lastPing = 0;
        let pong: WireMessage | undefined;
        while (!pong) {
          const exited = child.exited();
          if (exited !== null)
            throw new Error(
              `the ${library.name} snippet exited (${exited}) before answering; its stderr:\n${child.stderr()}`,
            );
          if (Date.now() - started > ANSWER_WITHIN_MS) {
            throw new Error(
              `the ${library.name} snippet did not answer ping within ${ANSWER_WITHIN_MS / 1000} s; its stderr:\n${child.stderr()}`,
            );
          }
          if (Date.now() - lastPing >= PING_EVERY_MS) {
            const ping = await fixtures(env.t).personMessage(channelId, env.world.owner.id, "ping");
            pings.add(ping.id.toString());
            lastPing = Date.now();
          }
          await sleep(200);
          const res = await env.bot.get(`/channels/${channelId}/messages?limit=50`);
          expect(res.status).toBe(200);
          const messages = (await res.json()) as WireMessage[];
          pong = messages.find((m) => m.author.id === botId && pings.has(m.message_reference?.message_id ?? ""));
        }
        expect(pong.content, `stderr:\n${child.stderr()}`).toBe("pong");
        expect(
          child.exited(),
          `the ${library.name} snippet exited after answering; its stderr:\n${child.stderr()}`,
        ).toBeNull();
      } finally {
        await child.kill();
        rmSync(file, { force: true });
      }
    });
  }
});

/** The ```js block of the README's "## Voice" section. */
function voiceSnippet(): string {
  const readme = readFileSync(readmePath, "utf8");
  const start = readme.search(/\n## Voice\b/);
  if (start < 0) throw new Error(`${readmePath} has no "## Voice" section`);
  const next = readme.indexOf("\n## ", start + 1);
  const blocks = [...readme.slice(start, next < 0 ? undefined : next).matchAll(/^```js\n([\s\S]*?)^```$/gm)].map(
    (m) => m[1] as string,
  );
  if (blocks.length !== 1)
    throw new Error(`expected one js snippet in the README's Voice section, found ${blocks.length}`);
  return blocks[0] as string;
}

describe("README: a bot in voice", () => {
  const env = useVoiceTestServer(Permission.ViewChannel | Permission.SendMessages | Permission.ReadMessageHistory);
  const open: { close(): Promise<unknown> }[] = [];
  afterAll(async () => {
    for (const thing of open) await thing.close();
  });

  it("the snippet joins on !join, and a person in the channel hears its tone", async () => {
    const source = voiceSnippet();
    expect(source).toContain(`${README_ORIGIN}/api`);
    mkdirSync(snippetsDir, { recursive: true });
    const runDir = mkdtempSync(join(snippetsDir, "voice-"));
    const file = join(runDir, "voice.mjs");
    writeFileSync(file, source.replaceAll(README_ORIGIN, env.t.server.url));
    const bot = await env.t.seed.bot(
      env.world,
      Permission.ViewChannel | Permission.SendMessages | Permission.ReadMessageHistory,
    );
    const child = runNode(file, { BOT_TOKEN: bot.botToken });
    open.push({ close: () => child.kill() });
    const prisma = env.t.server.ctx.database.prisma;
    try {
      const started = Date.now();
      let lastAsk = 0;
      while ((await prisma.voiceState.count({ where: { userId: bot.botUser.id } })) === 0) {
        if (child.exited() !== null)
          throw new Error(`the voice snippet exited (${child.exited()}); its stderr:\n${child.stderr()}`);
        if (Date.now() - started > ANSWER_WITHIN_MS)
          throw new Error(
            `the voice snippet did not join within ${ANSWER_WITHIN_MS / 1000} s; its stderr:\n${child.stderr()}`,
          );
        if (Date.now() - lastAsk >= PING_EVERY_MS) {
          await fixtures(env.t).personMessage(env.world.text.id, env.world.owner.id, "!join");
          lastAsk = Date.now();
        }
        await sleep(200);
      }
      const person = new VoiceParticipant();
      open.push(person);
      await person.connect(await env.t.server.ctx.domain.voice.join(env.world.voice.id, env.world.owner.id, {}));
      await eventually(
        () => person.heardFrom(bot.botUser.id.toString()) > 20,
        "the person hears the snippet's tone",
        ANSWER_WITHIN_MS,
      );
      expect(child.exited(), child.stderr()).toBeNull();
    } finally {
      await child.kill();
      rmSync(runDir, { recursive: true, force: true });
    }
  });
});
