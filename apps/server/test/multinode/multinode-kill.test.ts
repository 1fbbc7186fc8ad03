import { randomBytes } from "node:crypto";
import { Permission } from "@chat/domain";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createServerContext, type ServerContext } from "../../src/context";
import { type Frame, Intents, RawGatewayClient } from "../support/gateway-client";
import { contents, deliveryProblems } from "../../campaigns/support/delivery";
import { createTestStorage, storageMode, type TestStorage } from "../support/harness";
import { type NodeProcess, startNodeProcess } from "../support/multinode-processes";

const intents = Intents.Guilds | Intents.GuildMessages;
describe("the delivery check of the fault campaigns and the node-kill test", () => {
  const frame = (s: number, content: string): Frame => ({ op: 0, s, t: "MESSAGE_CREATE", d: { content } });
  const ready: Frame = { op: 0, s: 1, t: "READY", d: {} };

  it("accepts a complete, ordered, gapless stream and names every kind of fault", () => {
    expect(
      deliveryProblems(
        ["a", "b", "c"],
        [ready, frame(2, "a"), frame(3, "b"), { op: 0, s: 4, t: "RESUMED", d: {} }, frame(5, "c")],
      ),
    ).toEqual([]);
    expect(deliveryProblems(["a", "b", "c"], [frame(1, "a"), frame(2, "c")])).toEqual(["lost: b"]);
    expect(deliveryProblems(["a", "b"], [frame(1, "a"), frame(2, "b"), frame(3, "b")])).toEqual(["twice: b"]);
    expect(deliveryProblems(["a", "b"], [frame(1, "b"), frame(2, "a")])).toEqual(["out of order"]);
    expect(deliveryProblems(["a", "b"], [frame(1, "a"), frame(3, "b")])).toEqual(["sequence 1 then 3"]);
  });

  it("names five of a kind and counts the rest", () => {
    const expected = Array.from({ length: 8 }, (_, i) => `m${i}`);
    expect(deliveryProblems(expected, [])).toEqual([
      "lost: m0",
      "lost: m1",
      "lost: m2",
      "lost: m3",
      "lost: m4",
      "... and 3 more",
    ]);
  });
});

// Real node processes on one PostgreSQL database and one Redis namespace (CI runs this pass).
if (storageMode === "postgres" && process.env.TEST_REDIS_URL) {
  describe("several server node processes", () => {
    let storage: TestStorage;
    let ctx: ServerContext;
    let nodeA: NodeProcess;
    let nodeB: NodeProcess;
    let world: { channelId: bigint; ownerId: bigint; token: string; otherToken: string };

    beforeAll(async () => {
      storage = await createTestStorage();
      // One after the other: the first one migrates the fresh database.
      nodeA = await startNodeProcess("a", storage);
      nodeB = await startNodeProcess("b", storage);
      // This process acts as a third party on the same database and event bus (as the web app does).
      ctx = await createServerContext({
        databaseUrl: storage.databaseUrl,
        redisUrl: storage.redisUrl,
        redisNamespace: storage.redisNamespace,
        dataDir: storage.dataDir,
      });
      const { domain } = ctx;
      const owner = await domain.users.createPerson({
        username: `owner_${randomBytes(3).toString("hex")}`,
        passwordHash: "not-a-login",
      });
      const guild = await domain.guilds.create(owner.id, "Kill test");
      const permissions = Permission.ViewChannel | Permission.SendMessages | Permission.ReadMessageHistory;
      const [bot, other] = [
        await domain.applications.create(owner.id, "Watcher"),
        await domain.applications.create(owner.id, "Speaker"),
      ];
      for (const app of [bot, other]) await domain.members.addBot(owner.id, guild.id, app.application.id, permissions);
      const channelId = guild.channels.find((c) => c.type === 0)?.id as bigint;
      world = { channelId, ownerId: owner.id, token: bot.botToken, otherToken: other.botToken };
    });
    afterEach(({ task }) => {
      if (task.result?.state === "fail")
        for (const node of [nodeA, nodeB]) console.log(`--- node ${node?.name} output:\n${node?.tail()}`);
    });
    afterAll(async () => {
      await Promise.all([nodeA?.stop(), nodeB?.stop()]);
      await ctx?.presence.close();
      await ctx?.bus.close();
      await ctx?.database.close();
      await storage?.drop();
    });

    const connect = async (node: NodeProcess, token: string) => {
      const client = await RawGatewayClient.identified(node.gatewayUrl, token, intents);
      await client.dispatch("GUILD_CREATE");
      return Object.assign(client, { sessionId: client.ready.d.session_id as string });
    };
    const postThrough = (node: NodeProcess, token: string, content: string) =>
      fetch(`${node.base}/channels/${world.channelId}/messages`, {
        method: "POST",
        headers: { authorization: `Bot ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ content }),
      });

    it("delivers to a bot on node A the messages another bot posts through node B", async () => {
      const client = await connect(nodeA, world.token);
      expect((await postThrough(nodeB, world.otherToken, "from node B")).status).toBe(200);
      expect((await client.dispatch("MESSAGE_CREATE")).d.content).toBe("from node B");
      await client.close(1000);
    });

    it("serves on node B a file whose URL node A signed, and the other way round (nodes share ATTACHMENT_SIGNING_KEY)", async () => {
      const form = new FormData();
      form.append("payload_json", JSON.stringify({ content: "a file" }));
      form.append("files[0]", new Blob([new TextEncoder().encode("shared key")]), "shared.txt");
      const res = await fetch(`${nodeA.base}/channels/${world.channelId}/messages`, {
        method: "POST",
        headers: { authorization: `Bot ${world.otherToken}` },
        body: form,
      });
      expect(res.status).toBe(200);
      const signedByA = ((await res.json()) as { attachments: { url: string }[] }).attachments[0]?.url as string;
      const onB = signedByA.replace(`:${nodeA.port}/`, `:${nodeB.port}/`);
      expect(await (await fetch(onB)).text()).toBe("shared key");
      const id = new URL(onB).pathname.split("/")[4];
      const { attachments } = (
        await (
          await fetch(`${nodeB.base}/channels/${world.channelId}/messages?limit=1`, {
            headers: { authorization: `Bot ${world.otherToken}` },
          })
        ).json()
      )[0];
      expect(attachments[0].id).toBe(id);
      expect(await (await fetch(attachments[0].url.replace(`:${nodeB.port}/`, `:${nodeA.port}/`))).text()).toBe(
        "shared key",
      );
    });

    it("holds the 16-sessions-per-bot limit across nodes: the 17th Identify closes with 4008", async () => {
      const clients = [];
      for (let i = 0; i < 16; i++) clients.push(await connect(i % 2 ? nodeB : nodeA, world.otherToken));
      for (const node of [nodeA, nodeB]) {
        const refused = await RawGatewayClient.connect(node.gatewayUrl);
        await refused.next((f) => f.op === 10);
        refused.send({ op: 2, d: { token: world.otherToken, intents, properties: {} } });
        expect((await refused.closed).code).toBe(4008);
      }
      for (const client of clients) await client.close(1000);
    });

    it("stops on SIGTERM within 10 s, exiting 0: its sessions close with 1001 and resume on another node, missing nothing", async () => {
      const nodeC = await startNodeProcess("c", storage);
      try {
        const client = await connect(nodeB, world.token);
        const signalled = Date.now();
        nodeB.child.kill("SIGTERM");
        expect((await client.closed).code).toBe(1001);
        await nodeB.exited;
        expect(nodeB.child.exitCode).toBe(0);
        expect(Date.now() - signalled).toBeLessThan(10_000);

        await ctx.domain.messages.create(world.channelId, world.ownerId, { content: "while it moved" });
        const resumed = await RawGatewayClient.resuming(
          nodeC.gatewayUrl,
          world.token,
          client.sessionId,
          client.lastSequence,
        );
        const replay = await resumed.until((f) => f.t === "RESUMED" || f.op === 9, 30_000);
        expect(replay.map((f) => [f.t, f.s, (f.d as { content?: string } | null)?.content])).toEqual([
          ["MESSAGE_CREATE", client.lastSequence + 1, "while it moved"],
          ["RESUMED", client.lastSequence + 2, undefined],
        ]);
        await resumed.close(1000);
      } finally {
        nodeB = await startNodeProcess("b", storage);
        await nodeC.stop();
      }
    });

    it("resumes on node B, nothing lost or duplicated, a session whose node A was killed with SIGKILL in the middle of a burst", async () => {
      const client = await connect(nodeA, world.token);
      const burst = Array.from({ length: 300 }, (_, i) => `burst ${i}`);
      const sending = (async () => {
        for (const content of burst) await ctx.domain.messages.create(world.channelId, world.ownerId, { content });
      })();
      await client.dispatch("MESSAGE_CREATE", (d) => d.content === "burst 60");
      await nodeA.kill("SIGKILL");
      await client.closed;
      const seq = client.lastSequence;
      const before = contents(client.frames);
      await sending;
      expect(before.length).toBeLessThan(burst.length);

      const resumedAt = Date.now();
      const resumed = await RawGatewayClient.resuming(nodeB.gatewayUrl, world.token, client.sessionId, seq);
      const replay = await resumed.until((f) => f.t === "RESUMED" || f.op === 9, 30_000);
      expect(replay.at(-1)?.t).toBe("RESUMED");
      const live = contents(replay).includes(burst.at(-1) as string)
        ? []
        : await resumed.until((f) => f.t === "MESSAGE_CREATE" && f.d.content === burst.at(-1));
      const afterKill = [...replay, ...live];
      expect(afterKill[0]?.s).toBe(seq + 1);
      expect(deliveryProblems(burst, [...client.frames.filter((f) => f.t === "MESSAGE_CREATE"), ...afterKill])).toEqual(
        [],
      );
      expect([...before, ...contents(afterKill)]).toEqual(burst);
      expect(Date.now() - resumedAt).toBeLessThan(30_000);

      // Live events go on, numbered after the replay.
      expect((await postThrough(nodeB, world.otherToken, "after the kill")).status).toBe(200);
      const next = await resumed.dispatch("MESSAGE_CREATE", (d) => d.content === "after the kill");
      expect(next.s).toBe((afterKill.filter((f) => f.op === 0).at(-1)?.s ?? 0) + 1);
      await resumed.close(1000);
    });
  });
}
