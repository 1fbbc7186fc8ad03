import { countQueries, type QueryCounter } from "@chat/db/testing/query-counter";
import { Permission } from "@chat/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../support/harness";
import { fixtures } from "../support/rest-fixtures";
import { startWebNode } from "../support/web-node";

/**
 * Issue 17: a bot's plain send is a handful of database round trips. Counted from the request
 * until the database is quiet again (the answer, MESSAGE_CREATE's audience and the read state
 * included), so a re-read creeping back into the send path fails here.
 */
describe("the statements of one message sent over REST", () => {
  // No timer of the server's touches the database meanwhile.
  const env = useTestServer({ server: { housekeepingIntervalMs: 0, interactionDeadlineIntervalMs: 0 } });
  let queries: QueryCounter;
  let channel: bigint;
  const send = (content: string) => env.bot.post(`/channels/${channel}/messages`, { content });
  // Reads share the kept access with sends and have no per-channel limit of 5 in 5 s.
  const read = async () => (await env.bot.get(`/channels/${channel}/messages?limit=1`)).status;
  const hideFromBot = (domain: typeof env.t.server.ctx.domain) =>
    domain.channelOverwrites.put(channel, env.world.botUserId, env.world.owner.id, {
      type: 1,
      allow: "0",
      deny: Permission.ViewChannel.toString(),
    });
  const showToBot = (domain: typeof env.t.server.ctx.domain) =>
    domain.channelOverwrites.remove(channel, env.world.botUserId, env.world.owner.id);

  beforeAll(async () => {
    channel = (await fixtures(env.t).channel(env.world.guild.id, { name: "counted" })).id;
    queries = countQueries();
    // Warms the bot's token.
    expect((await env.bot.post(`/channels/${env.world.text.id}/messages`, { content: "warm-up" })).status).toBe(200);
  });
  afterAll(() => queries?.stop());

  it("a bot's first message in a channel is two: its access to the channel, and the message written with the channel moved on", async () => {
    const count = await queries.during(async () => {
      expect((await send("first")).status).toBe(200);
    });
    expect(count).toBe(2);
  });

  it("its next messages are one, the message written, while nothing changed its access", async () => {
    for (const content of ["second", "third"]) {
      const count = await queries.during(async () => {
        expect((await send(content)).status).toBe(200);
      });
      expect(count).toBe(1);
    }
  });

  it("a change of access made in this process is read at the very next request: hidden at once, shown again at once", async () => {
    expect(await read()).toBe(200);
    await hideFromBot(env.t.server.ctx.domain);
    expect(await read()).toBe(404);
    await showToBot(env.t.server.ctx.domain);
    expect(await read()).toBe(200);
  });

  it("a change of access made by another process is read once its event arrives, long before the 10 s a kept access lasts", async () => {
    const web = await startWebNode(env.t);
    try {
      expect(await read()).toBe(200);
      await hideFromBot(web.domain);
      const changed = Date.now();
      let status = await read();
      while (status === 200 && Date.now() - changed < 2_000) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        status = await read();
      }
      expect(status).toBe(404);
      await showToBot(web.domain);
    } finally {
      await web.close();
    }
  });
});

/**
 * A history page is one statement while nothing changed the caller's access: its rows say
 * whether a thread was started from each message, so a page that started none asks nothing
 * more; one that did still shows its thread.
 */
describe("the statements of a history page", () => {
  const env = useTestServer({ server: { housekeepingIntervalMs: 0, interactionDeadlineIntervalMs: 0 } });
  let queries: QueryCounter;
  let channel: bigint;
  let starter: string;
  const page = async () => {
    const res = await env.bot.get(`/channels/${channel}/messages?limit=50`);
    expect(res.status).toBe(200);
    return (await res.json()) as { id: string; thread?: { name: string } }[];
  };

  beforeAll(async () => {
    channel = (await fixtures(env.t).channel(env.world.guild.id, { name: "paged" })).id;
    for (const content of ["one", "two", "three"])
      starter = ((await (await env.bot.post(`/channels/${channel}/messages`, { content })).json()) as { id: string })
        .id;
    await page(); // the bot's access to the channel is kept from here on
    queries = countQueries();
  });
  afterAll(() => queries?.stop());

  it("is one statement when none of its messages started a thread", async () => {
    expect(await queries.during(page)).toBe(1);
  });

  it("still shows the thread a message started", async () => {
    await env.t.server.ctx.domain.threads.createFromMessage(channel, BigInt(starter), env.world.owner.id, {
      name: "about three",
    });
    const messages = await page();
    expect(messages.find((m) => m.id === starter)?.thread?.name).toBe("about three");
  });
});
