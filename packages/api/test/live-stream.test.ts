import type { Db } from "@chat/db";
import { channelViewers, Permission } from "@chat/domain";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LiveHub } from "../src";
import type { LiveEventFrame, LiveReadyFrame } from "../src/routers/live";
import { createTestWorld, type TestWorld } from "./world";

let w: TestWorld;
beforeAll(async () => {
  w = await createTestWorld();
});
afterAll(() => w?.close());

let people = 0;
async function person(name: string): Promise<bigint> {
  const user = await w.domain.users.createPerson({ username: `${name}_${++people}`, passwordHash: "not-a-login" });
  return user.id;
}

type Frame = LiveReadyFrame | LiveEventFrame;

/** One browser tab's live stream, read frame by frame (tracked frames come as [cursor, frame] in-process). */
async function openTab(userId: bigint, lastEventId: string | null = null) {
  const controller = new AbortController();
  const stream = await w.caller(userId, controller.signal).live.stream({ lastEventId });
  const iterator = stream[Symbol.asyncIterator]();
  const frames: { cursor: string | null; frame: Frame }[] = [];
  const waiting: { wake?: () => void } = {};
  void (async () => {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      const value = next.value as unknown;
      frames.push(Array.isArray(value) ? { cursor: value[0] as string, frame: value[1] as Frame } : { cursor: null, frame: value as Frame });
      waiting.wake?.();
    }
  })().catch(() => {});
  const events = () => frames.flatMap(({ frame }) => (frame.kind === "event" ? [frame] : []));
  return {
    frames,
    events,
    /** Resolves once an event frame matches. */
    async until(match: (frame: LiveEventFrame) => boolean, timeoutMs = 5000): Promise<LiveEventFrame> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events().find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching live event; got ${events().map((e) => e.t).join(", ")}`);
        await new Promise<void>((resolve) => {
          waiting.wake = resolve;
          setTimeout(resolve, 50);
        });
      }
    },
    async ready(): Promise<LiveReadyFrame> {
      while (!frames[0]) await new Promise((r) => setTimeout(r, 10));
      return frames[0].frame as LiveReadyFrame;
    },
    lastCursor: () => frames.filter((f) => f.cursor).at(-1)?.cursor ?? null,
    close: () => controller.abort(),
  };
}

const content = (frame: LiveEventFrame) => (frame.d as { content?: string }).content;
const quiet = () => new Promise((r) => setTimeout(r, 300));

describe("a person's live stream", () => {
  it("opens with the person's guilds and carries every guild's messages the person can view", async () => {
    const owner = await person("owner");
    const member = await person("member");
    const guild = await w.domain.guilds.create(owner, "Live guild");
    const other = await w.domain.guilds.create(owner, "Second guild");
    await w.domain.members.addPerson(guild.id, member);
    await w.domain.members.addPerson(other.id, member);
    const text = guild.channels.find((c) => c.type === 0)!;
    const otherText = other.channels.find((c) => c.type === 0)!;
    const hidden = await w.database.prisma.channel.create({ data: { guildId: guild.id, type: 0, name: "staff", position: 9 } });
    await w.database.prisma.permissionOverwrite.create({ data: { channelId: hidden.id, targetId: guild.id, type: 0, deny: Permission.ViewChannel } });

    const tab = await openTab(member);
    expect(await tab.ready()).toMatchObject({ kind: "ready", resumed: false, reason: "new", guildIds: expect.arrayContaining([guild.id.toString(), other.id.toString()]) });
    await w.domain.messages.create(hidden.id, owner, { content: "staff only" });
    await w.domain.messages.create(text.id, owner, { content: "in the first guild" });
    await w.domain.messages.create(otherText.id, owner, { content: "in the second guild" });
    await tab.until((f) => content(f) === "in the second guild");
    expect(tab.events().filter((f) => f.t === GatewayDispatchEvents.MessageCreate).map(content)).toEqual(["in the first guild", "in the second guild"]);
    tab.close();
  });

  it("delivers an event addressed to one person to every tab of that person and to no tab of anyone else", async () => {
    const owner = await person("addressed");
    const bystander = await person("bystander");
    const guild = await w.domain.guilds.create(owner, "Addressed");
    await w.domain.members.addPerson(guild.id, bystander);
    const [first, second, theirs] = [await openTab(owner), await openTab(owner), await openTab(bystander)];
    await Promise.all([first.ready(), second.ready(), theirs.ready()]);
    const channel = guild.channels.find((c) => c.type === 0)!;
    // Renamed without an event, then announced to the owner alone.
    await w.database.prisma.channel.update({ where: { id: channel.id }, data: { name: "only-for-the-owner" } });
    await w.bus.publish({
      t: GatewayDispatchEvents.ChannelUpdate,
      d: await w.domain.channels.get(channel.id, owner),
      guildId: guild.id.toString(),
      userIds: [owner.toString()],
    });
    await first.until((f) => (f.d as { name?: string }).name === "only-for-the-owner");
    await second.until((f) => (f.d as { name?: string }).name === "only-for-the-owner");
    await quiet();
    expect(theirs.events().some((f) => (f.d as { name?: string }).name === "only-for-the-owner")).toBe(false);
    for (const tab of [first, second, theirs]) tab.close();
  });

  it("stops a kicked person's guild events at the kick, which it delivers as GUILD_DELETE", async () => {
    const owner = await person("kicker");
    const kicked = await person("kicked");
    const guild = await w.domain.guilds.create(owner, "Kicking");
    await w.domain.members.addPerson(guild.id, kicked);
    const channel = guild.channels.find((c) => c.type === 0)!;
    const tab = await openTab(kicked);
    await tab.ready();
    await w.domain.members.kick(owner, guild.id, kicked);
    await tab.until((f) => f.t === GatewayDispatchEvents.GuildDelete);
    await w.domain.messages.create(channel.id, owner, { content: "after the kick" });
    await quiet();
    expect(tab.events().map(content)).not.toContain("after the kick");
    tab.close();
  });

  it("replays edits, deletions and renames made while a tab was away, after its last cursor", async () => {
    const owner = await person("resumer");
    const guild = await w.domain.guilds.create(owner, "Resuming");
    const channel = guild.channels.find((c) => c.type === 0)!;
    const kept = await w.domain.messages.create(channel.id, owner, { content: "will be edited" });
    const gone = await w.domain.messages.create(channel.id, owner, { content: "will be deleted" });
    const tab = await openTab(owner);
    await tab.ready();
    await w.domain.messages.create(channel.id, owner, { content: "seen live" });
    await tab.until((f) => content(f) === "seen live");
    const cursor = tab.lastCursor();
    tab.close();

    await w.domain.messages.edit(channel.id, BigInt(kept.id), owner, { content: "edited while away" });
    await w.domain.messages.delete(channel.id, BigInt(gone.id), owner);
    await w.domain.channels.update(channel.id, owner, { name: "renamed-while-away" });

    const back = await openTab(owner, cursor);
    expect(await back.ready()).toMatchObject({ resumed: true });
    await back.until((f) => f.t === GatewayDispatchEvents.ChannelUpdate);
    expect(back.events().map((f) => f.t)).toEqual([GatewayDispatchEvents.MessageUpdate, GatewayDispatchEvents.MessageDelete, GatewayDispatchEvents.ChannelUpdate]);
    back.close();

    const stale = await openTab(owner, "not-a-known-cursor");
    expect(await stale.ready()).toMatchObject({ resumed: false, reason: "too-old" });
    stale.close();
  });

  it("shows a person typing to the others who can view the channel, under the typing limit", async () => {
    const owner = await person("typist");
    const reader = await person("watcher");
    const guild = await w.domain.guilds.create(owner, "Typing");
    await w.domain.members.addPerson(guild.id, reader);
    const channel = guild.channels.find((c) => c.type === 0)!;
    const tab = await openTab(reader);
    await tab.ready();
    await w.caller(owner).messages.typing({ channelId: channel.id.toString() });
    const typing = await tab.until((f) => f.t === GatewayDispatchEvents.TypingStart);
    expect(typing.d).toMatchObject({ channel_id: channel.id.toString(), user_id: owner.toString(), guild_id: guild.id.toString() });
    for (let i = 0; i < 4; i++) await w.caller(owner).messages.typing({ channelId: channel.id.toString() });
    await expect(w.caller(owner).messages.typing({ channelId: channel.id.toString() })).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    tab.close();
  });

  it("ends with UNAUTHORIZED as soon as the tab's web session ends", async () => {
    const owner = await person("signed_out");
    const session = await w.signIn(owner);
    const stream = await w.callerWith(session, new AbortController().signal).live.stream({});
    const iterator = stream[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toMatchObject({ kind: "ready" });
    const ended = iterator.next().then(
      () => "still open",
      (error: { code?: string }) => error.code,
    );
    await w.domain.webSessions.endAll(owner);
    expect(await ended).toBe("UNAUTHORIZED");
  });

  it("decides each event's audience with as many queries for 20 open tabs as for one", async () => {
    let queries = 0;
    const counted = w.database.prisma.$extends({
      query: {
        $allOperations({ args, query }) {
          queries += 1;
          return query(args);
        },
      },
    }) as unknown as Db;
    const hub = new LiveHub(w.bus, channelViewers(counted));
    const owner = await person("counted");
    const guild = await w.domain.guilds.create(owner, "Counting");
    const channel = guild.channels.find((c) => c.type === 0)!;
    const readers = await Promise.all(Array.from({ length: 20 }, (_, i) => person(`reader${i}`)));
    for (const reader of readers) await w.domain.members.addPerson(guild.id, reader);

    async function queriesPerMessage(tabCount: number): Promise<number> {
      const controller = new AbortController();
      const tabs = readers.slice(0, tabCount).map((reader) => hub.open(reader.toString(), [guild.id.toString()], null, controller.signal));
      await Promise.all(tabs.map((t) => t.start));
      const before = queries;
      await w.domain.messages.create(channel.id, owner, { content: `for ${tabCount}` });
      await Promise.all(tabs.map(async ({ tab }) => {
        for await (const event of tab.queue) if (content({ kind: "event", t: event.t, d: event.d }) === `for ${tabCount}`) return;
      }));
      controller.abort();
      return queries - before;
    }

    const one = await queriesPerMessage(1);
    const twenty = await queriesPerMessage(20);
    hub.close();
    expect(one).toBeGreaterThan(0);
    expect(twenty).toBe(one);
  });
});
