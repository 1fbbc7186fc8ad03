import { afterEach, describe, expect, it } from "vitest";
import { type Frame, Intents, RawGatewayClient } from "../support/gateway-client";
import { createTestStorage, startTestServer, type TestServer, type TestStorage } from "../support/test-server";

const intents = Intents.Guilds | Intents.GuildMessages;
const contents = (frames: Frame[]) => frames.filter((f) => f.t === "MESSAGE_CREATE").map((f) => f.d.content as string);

/**
 * One node without Redis keeps its gateway sessions in a journal in the data folder: a bot
 * whose server restarted (stopped, or killed: apps/server/test/faults/kill.test.ts) resumes.
 * The storage is always without Redis here, whichever database the run uses.
 */
describe("gateway journal: sessions outlive a restart of a node without Redis", () => {
  let storage: TestStorage;
  const servers: TestServer[] = [];
  const start = async (gateway = {}) => {
    const server = await startTestServer({ storage, gateway });
    servers.push(server);
    return server;
  };
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close().catch(() => {});
    await storage?.drop();
  });

  async function worldWithBot() {
    storage = await createTestStorage({ redisUrl: undefined });
    const first = await start();
    const world = await first.seed.world();
    const bot = await RawGatewayClient.identified(first, world.token, intents);
    await bot.dispatch("GUILD_CREATE");
    const say = (server: TestServer, content: string) =>
      server.server.ctx.domain.messages.create(world.text.id, world.owner.id, { content });
    return { first, world, bot, sessionId: bot.ready.d.session_id as string, say };
  }

  it("replays the frames the bot had not read, then what happened while it was away, then RESUMED, numbered on", async () => {
    const { first, world, bot, sessionId, say } = await worldWithBot();
    for (let i = 0; i < 5; i++) await say(first, `before ${i}`);
    await bot.dispatch("MESSAGE_CREATE", (d) => d.content === "before 4");
    // As if the last two frames were still in flight when the server went: the bot read up to `before 2`.
    const readUpTo = bot.frames.find((f) => f.t === "MESSAGE_CREATE" && f.d.content === "before 2")?.s as number;
    await first.close();
    await bot.closed;

    const second = await start();
    await say(second, "while away");
    const resumed = await RawGatewayClient.resuming(second, world.token, sessionId, readUpTo);
    const replay = await resumed.until((f) => f.t === "RESUMED" || f.op === 9);
    expect(replay.at(-1)?.t).toBe("RESUMED");
    expect(contents(replay)).toEqual(["before 3", "before 4", "while away"]);
    const numbers = replay.filter((f) => f.op === 0).map((f) => f.s);
    expect(numbers).toEqual(numbers.map((_, i) => readUpTo + 1 + i));

    await say(second, "live again");
    const live = await resumed.dispatch("MESSAGE_CREATE", (d) => d.content === "live again");
    expect(live.s).toBe((numbers.at(-1) as number) + 1);
    await resumed.close();
  });

  it("resumes a session that never received a bus event (a quiet server) and brings what came after the restart", async () => {
    const { first, world, bot, sessionId, say } = await worldWithBot();
    const seq = bot.lastSequence;
    await first.close();
    await bot.closed;

    const second = await start();
    await say(second, "first message ever");
    const resumed = await RawGatewayClient.resuming(second, world.token, sessionId, seq);
    const replay = await resumed.until((f) => f.t === "RESUMED" || f.op === 9);
    expect(replay.at(-1)?.t).toBe("RESUMED");
    expect(contents(replay)).toEqual(["first message ever"]);
    await resumed.close();
  });

  it("refuses (op 9) the Resume of a session of the last run after its resume window, and one whose token is another bot's", async () => {
    const { first, world, bot, sessionId } = await worldWithBot();
    const seq = bot.lastSequence;
    const stranger = await first.seed.world();
    await first.close();
    await bot.closed;

    const second = await start({ resumeWindowMs: 1_000 });
    const wrongBot = await RawGatewayClient.resuming(second, stranger.token, sessionId, seq);
    expect((await wrongBot.until((f) => f.op === 9)).at(-1)).toMatchObject({ op: 9, d: false });
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    const late = await RawGatewayClient.resuming(second, world.token, sessionId, seq);
    expect((await late.until((f) => f.op === 9)).at(-1)).toMatchObject({ op: 9, d: false });
  });
});
