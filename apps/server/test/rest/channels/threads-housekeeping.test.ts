import { ManualClock, Permission } from "@chat/domain";
import { describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../../support/gateway-client";
import { useTestServer } from "../../support/harness";
import { fixtures } from "../../support/rest-fixtures";

const MINUTE = 60_000;
const WEEK = 7 * 24 * 60 * MINUTE;

type WireThread = { id: string; thread_metadata: { archived: boolean; archive_timestamp: string } };

describe("threads archive after a week without messages (housekeeping)", () => {
  const clock = new ManualClock(new Date("2026-03-02T09:00:00Z"));
  const env = useTestServer({
    server: { clock },
    world:
      Permission.ViewChannel |
      Permission.SendMessages |
      Permission.SendMessagesInThreads |
      Permission.CreatePublicThreads,
  });
  let n = 0;
  const domain = () => env.t.server.ctx.domain;
  const newChannel = async () => (await fixtures(env.t).channel(env.world.guild.id, { name: `idle-${++n}` })).id;
  const threadState = async (id: string) => {
    const res = await fetch(`${env.t.base}/channels/${id}`, { headers: { authorization: `Bot ${env.world.token}` } });
    return ((await res.json()) as WireThread).thread_metadata;
  };

  it("archives an active thread once its last message is a week old, with one THREAD_UPDATE", async () => {
    const gateway = await RawGatewayClient.identified(env.t, env.world.token, Intents.Guilds);
    await gateway.dispatch("GUILD_CREATE");
    const thread = await domain().threads.create(await newChannel(), env.world.owner.id, { name: "quiet" });
    const chatty = await domain().threads.create(await newChannel(), env.world.owner.id, { name: "chatty" });
    await gateway.dispatch("THREAD_CREATE", (d) => d.id === chatty.id);

    clock.advance(3 * 24 * 60 * MINUTE);
    await fixtures(env.t).personMessage(BigInt(chatty.id), env.world.owner.id, "still here");
    clock.advance(WEEK - 3 * 24 * 60 * MINUTE - MINUTE);
    await domain().housekeeping.run();
    expect((await threadState(thread.id)).archived).toBe(false);

    clock.advance(2 * MINUTE);
    await domain().housekeeping.run();
    const state = await threadState(thread.id);
    expect(state.archived).toBe(true);
    expect(state.archive_timestamp).toBe(clock.now().toISOString());
    expect((await threadState(chatty.id)).archived).toBe(false);
    const frames = await gateway.until((f) => f.t === "THREAD_UPDATE" && f.d.id === thread.id);
    expect(frames.at(-1)?.d.thread_metadata.archived).toBe(true);

    // Running again changes nothing and announces nothing; the chatty thread goes when its week is up.
    await domain().housekeeping.run();
    clock.advance(3 * 24 * 60 * MINUTE);
    await domain().housekeeping.run();
    const later = await gateway.until((f) => f.t === "THREAD_UPDATE" && f.d.id === chatty.id);
    expect(later.filter((f) => f.t === "THREAD_UPDATE" && f.d.id === thread.id)).toEqual([]);
    expect((await threadState(chatty.id)).archived).toBe(true);
    await gateway.close();
  });

  it("sends one THREAD_UPDATE when several nodes archive the same thread at once", async () => {
    const gateway = await RawGatewayClient.identified(env.t, env.world.token, Intents.Guilds);
    await gateway.dispatch("GUILD_CREATE");
    const thread = await domain().threads.create(await newChannel(), env.world.owner.id, { name: "raced" });
    clock.advance(WEEK + MINUTE);
    await Promise.all([domain().threads.archiveIdle(), domain().threads.archiveIdle(), domain().threads.archiveIdle()]);
    // Barrier: a later event on the same connection.
    const barrier = await domain().threads.create(await newChannel(), env.world.owner.id, { name: "barrier" });
    const frames = await gateway.until((f) => f.t === "THREAD_CREATE" && f.d.id === barrier.id);
    expect(frames.filter((f) => f.t === "THREAD_UPDATE" && f.d.id === thread.id)).toHaveLength(1);
    await gateway.close();
  });

  it("reopens an auto-archived thread when the bot posts in it, and the week starts again", async () => {
    const thread = await domain().threads.create(await newChannel(), env.world.owner.id, { name: "revived" });
    clock.advance(WEEK + MINUTE);
    await domain().housekeeping.run();
    expect((await threadState(thread.id)).archived).toBe(true);
    const res = await fetch(`${env.t.base}/channels/${thread.id}/messages`, {
      method: "POST",
      headers: { authorization: `Bot ${env.world.token}`, "content-type": "application/json" },
      body: JSON.stringify({ content: "wake up" }),
    });
    expect(res.status).toBe(200);
    expect((await threadState(thread.id)).archived).toBe(false);
    clock.advance(WEEK - MINUTE);
    await domain().housekeeping.run();
    expect((await threadState(thread.id)).archived).toBe(false);
  });
});
