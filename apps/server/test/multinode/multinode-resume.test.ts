import { Permission } from "@chat/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Frame, Intents, RawGatewayClient, waitFor } from "../support/gateway-client";
import { createTestStorage, startTestServer, storageMode, type TestServer, type TestStorage } from "../support/harness";

type World = Awaited<ReturnType<TestServer["seed"]["world"]>>;
const intents = Intents.Guilds | Intents.GuildMessages;
const contents = (frames: Frame[]) => frames.filter((f) => f.t === "MESSAGE_CREATE").map((f) => f.d.content as string);

/** Connects a bot to `node` and waits for its GUILD_CREATE. */
async function connect(node: TestServer, token: string) {
  const client = await RawGatewayClient.identified(node, token, intents);
  await client.dispatch("GUILD_CREATE");
  return Object.assign(client, { sessionId: client.ready.d.session_id as string });
}

/** Resumes on `node` and reads up to RESUMED, then whatever of `expected` is still on its way live. */
async function resumeAndRead(node: TestServer, token: string, sessionId: string, seq: number, last: string) {
  const resumed = await RawGatewayClient.resuming(node, token, sessionId, seq);
  const replay = await resumed.until((f) => f.t === "RESUMED" || f.op === 9);
  const live =
    replay.at(-1)?.t === "RESUMED" && !contents(replay).includes(last)
      ? await resumed.until((f) => f.t === "MESSAGE_CREATE" && f.d.content === last)
      : [];
  return { resumed, replay, live, frames: [...replay, ...live] };
}

/** Sequence numbers go on from `seq` one by one. */
function expectNumberedFrom(seq: number, frames: Frame[]) {
  const numbers = frames.filter((f) => f.op === 0).map((f) => f.s);
  expect(numbers).toEqual(numbers.map((_, i) => seq + 1 + i));
}

// Two nodes in this process on one PostgreSQL database and one Redis namespace.
if (storageMode === "postgres" && process.env.TEST_REDIS_URL) {
  describe("several nodes: sessions move between nodes", () => {
    let storage: TestStorage;
    let a: TestServer;
    let b: TestServer;
    let world: World;
    beforeAll(async () => {
      storage = await createTestStorage();
      a = await startTestServer({ storage, gateway: { maxSessionsPerBot: 3 } });
      b = await startTestServer({ storage, gateway: { maxSessionsPerBot: 3 } });
      world = await a.seed.world();
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await storage?.drop();
    });
    const sayOn = (node: TestServer, content: string, channelId = world.text.id) =>
      node.server.ctx.domain.messages.create(channelId, world.owner.id, { content });

    it("delivers to a bot on node A the events caused through node B's REST interface", async () => {
      const client = await connect(a, world.token);
      const res = await fetch(`${b.base}/channels/${world.text.id}/messages`, {
        method: "POST",
        headers: { authorization: `Bot ${world.token}`, "content-type": "application/json" },
        body: JSON.stringify({ content: "posted through node B" }),
      });
      expect(res.status).toBe(200);
      expect((await client.dispatch("MESSAGE_CREATE")).d.content).toBe("posted through node B");
      await client.close();
    });

    it("resumes on node B a session dropped from node A in the middle of a burst: complete, in order, no duplicates", async () => {
      const client = await connect(a, world.token);
      const burst = Array.from({ length: 40 }, (_, i) => `drop ${i}`);
      const sending = (async () => {
        for (const content of burst) await sayOn(b, content);
      })();
      await client.dispatch("MESSAGE_CREATE", (d) => d.content === "drop 10");
      client.terminate();
      await client.closed;
      const seq = client.lastSequence;
      await sending;
      const { resumed, frames } = await resumeAndRead(b, world.token, client.sessionId, seq, burst.at(-1) as string);
      expect([...contents(client.frames), ...contents(frames)]).toEqual(burst);
      expectNumberedFrom(seq, frames);
      // Node A let go of it; node B carries it and live events go on.
      await waitFor(() => a.server.gateway.sessions.get(client.sessionId) === undefined);
      expect(b.server.gateway.sessions.get(client.sessionId)?.attached).toBe(true);
      await sayOn(a, "after the move");
      const next = await resumed.dispatch("MESSAGE_CREATE", (d) => d.content === "after the move");
      expect(next.s).toBe((frames.at(-1)?.s ?? 0) + 1);
      await resumed.close();
    });

    it("takes over a session still carried on node A, whose connection closes with 4000", async () => {
      const old = await connect(a, world.token);
      const resumed = await RawGatewayClient.resuming(b, world.token, old.sessionId, old.lastSequence);
      expect((await resumed.until((f) => f.t === "RESUMED")).map((f) => f.t)).toEqual(["RESUMED"]);
      expect((await old.closed).code).toBe(4000);
      await sayOn(a, "only for the new connection");
      expect((await resumed.dispatch("MESSAGE_CREATE")).d.content).toBe("only for the new connection");
      expect(contents(old.frames)).not.toContain("only for the new connection");
      await resumed.close();
    });

    it("takes over in the middle of a burst a session node A is still delivering: the two connections add up to the burst", async () => {
      const old = await connect(a, world.token);
      const burst = Array.from({ length: 60 }, (_, i) => `busy ${i}`);
      const sending = (async () => {
        for (const content of burst) await sayOn(a, content);
      })();
      await old.dispatch("MESSAGE_CREATE", (d) => d.content === "busy 20");
      const seq = old.lastSequence;
      const { resumed, frames } = await resumeAndRead(b, world.token, old.sessionId, seq, burst.at(-1) as string);
      await sending;
      expect((await old.closed).code).toBe(4000);
      const upToSeq = old.frames.filter((f) => f.op === 0 && (f.s as number) <= seq);
      expect([...contents(upToSeq), ...contents(frames)]).toEqual(burst);
      expectNumberedFrom(seq, frames);
      await resumed.close();
    });

    it("refuses a Resume with another bot's token without spoiling the session, and an unknown session", async () => {
      const stranger = await a.seed.world();
      const client = await connect(a, world.token);
      client.terminate();
      await client.closed;
      for (const [token, sessionId] of [
        [stranger.token, client.sessionId],
        [world.token, "0123456789abcdef0123456789abcdef"],
      ] as const) {
        const refused = await RawGatewayClient.resuming(b, token, sessionId, client.lastSequence);
        expect(await refused.next((f) => f.op === 9)).toEqual({ op: 9, d: false, s: null, t: null });
        await refused.close();
      }
      const resumed = await RawGatewayClient.resuming(b, world.token, client.sessionId, client.lastSequence);
      await resumed.dispatch("RESUMED");
      await resumed.close();
    });

    it("holds the session limit across nodes (4008), and a session ended with 1000 makes room", async () => {
      const first = await connect(a, world.token);
      const others = [await connect(a, world.token), await connect(b, world.token)];
      const refused = await RawGatewayClient.connect(b);
      await refused.next((f) => f.op === 10);
      refused.send({ op: 2, d: { token: world.token, intents, properties: {} } });
      expect((await refused.closed).code).toBe(4008);
      await first.close(1000);
      const again = await connect(b, world.token);
      for (const client of [again, ...others]) await client.close(1000);
    });

    it("catches a session up after its node stopped: a guild joined meanwhile and its messages are replayed", async () => {
      const client = await connect(a, world.token);
      client.terminate();
      await client.closed;
      const seq = client.lastSequence;
      await a.close(); // leaves its sessions in Redis, as a dead node does
      const second = await b.seed.guild(world.owner.id, "Joined while away");
      await b.server.ctx.domain.members.addBot(
        world.owner.id,
        second.id,
        world.app.application.id,
        Permission.ViewChannel,
      );
      const text = second.channels.find((c) => c.type === 0)!;
      await sayOn(b, "in the new guild", text.id);
      await sayOn(b, "in the old guild");
      const { resumed, frames } = await resumeAndRead(b, world.token, client.sessionId, seq, "in the old guild");
      expect(frames.find((f) => f.t === "GUILD_CREATE")?.d.id).toBe(second.id.toString());
      expect(contents(frames)).toEqual(["in the new guild", "in the old guild"]);
      expectNumberedFrom(seq, frames);
      await resumed.close();
    });
  });
} else {
  describe("one node", () => {
    it("leaves its sessions to its next run when it shuts down: a Resume after a restart gets RESUMED (in Redis, or the gateway journal without it)", async () => {
      const storage = await createTestStorage();
      try {
        const first = await startTestServer({ storage });
        const world = await first.seed.world();
        const client = await connect(first, world.token);
        await first.close();
        await client.closed;
        const second = await startTestServer({ storage });
        const resumed = await RawGatewayClient.resuming(second, world.token, client.sessionId, client.lastSequence);
        expect(await resumed.next((f) => f.op === 9 || f.t === "RESUMED")).toMatchObject({
          op: 0,
          t: "RESUMED",
          s: client.lastSequence + 1,
        });
        await resumed.close();
        await second.close();
      } finally {
        await storage.drop();
      }
    });
  });
}
