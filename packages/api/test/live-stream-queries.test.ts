import { countQueries, type QueryCounter, queriesWithOneAndMany } from "@chat/db/testing/query-counter";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveEventFrame } from "../src/routers/live";
import { content, type LiveTab, openLiveTab } from "./live-tab";
import { createTestWorld, type TestWorld } from "./world";

/**
 * The audience of an event is decided once for every open tab of the process, and a tab's own
 * work does no query: the database statements one event causes, from its emitter to the last
 * tab's frame (through `live.stream`, as browsers read it), are as many for 20 open tabs as for
 * one, whether the tabs are one person's or 20 people's.
 */
let w: TestWorld;
let queries: QueryCounter;
beforeAll(async () => {
  w = await createTestWorld();
  queries = countQueries();
});
afterAll(async () => {
  queries?.stop();
  await w?.close();
});

const GUILD_SIZE = 20;
let people: bigint[] = [];
let owner: bigint;
beforeAll(async () => {
  owner = (await w.domain.users.createPerson({ username: "counting_owner", passwordHash: "not-a-login" })).id;
  people = [];
  for (let i = 0; i < GUILD_SIZE; i++)
    people.push((await w.domain.users.createPerson({ username: `counted_${i}`, passwordHash: "not-a-login" })).id);
});

/** A new guild of the owner's with all the people in it, and its first text channel. */
async function guildOfEveryone(): Promise<{ guildId: bigint; channelId: bigint }> {
  const guild = await w.domain.guilds.create(owner, "Counted");
  for (const person of people) await w.domain.members.addPerson(guild.id, person);
  return { guildId: guild.id, channelId: guild.channels.find((c) => c.type === 0)!.id };
}

interface Scenario {
  /** Emits the event in a guild of everyone. */
  act(guild: { guildId: bigint; channelId: bigint }): Promise<unknown>;
  /** The frame a tab of `userId` waits for. */
  arrived(userId: bigint): (frame: LiveEventFrame) => boolean;
}

const isGuildDelete = (deleted: boolean) => (f: LiveEventFrame) =>
  f.t === GatewayDispatchEvents.GuildDelete && f.guildDeleted === deleted;

const scenarios: Record<string, Scenario> = {
  MESSAGE_CREATE: {
    act: ({ channelId }) => w.domain.messages.create(channelId, owner, { content: "counted" }),
    arrived: () => (f) => f.t === GatewayDispatchEvents.MessageCreate && content(f) === "counted",
  },
  "GUILD_DELETE of a kick": {
    act: ({ guildId }) => w.domain.members.kick(owner, guildId, people[0]!),
    arrived: (userId) =>
      userId === people[0] ? isGuildDelete(false) : (f) => f.t === GatewayDispatchEvents.GuildMemberRemove,
  },
  "GUILD_DELETE of the guild's deletion": {
    act: ({ guildId }) => w.domain.guildSettings.remove(owner, guildId),
    arrived: () => isGuildDelete(true),
  },
};

const tabOwners = {
  "one person's tabs": (count: number) => Array.from({ length: count }, () => people[0]!),
  "different people's tabs": (count: number) => people.slice(0, count),
};

/** The statements of one scenario's event with a tab open for each of `userIds`, until every tab has its frame. */
async function queriesPerEvent(scenario: Scenario, userIds: bigint[]): Promise<number> {
  const guild = await guildOfEveryone();
  const tabs: { tab: LiveTab; userId: bigint }[] = [];
  for (const userId of userIds) tabs.push({ tab: await openLiveTab((signal) => w.caller(userId, signal)), userId });
  await Promise.all(tabs.map(({ tab }) => tab.ready()));
  try {
    return await queries.during(async () => {
      await scenario.act(guild);
      await Promise.all(tabs.map(({ tab, userId }) => tab.until(scenario.arrived(userId))));
    });
  } finally {
    for (const { tab } of tabs) tab.close();
  }
}

describe("database queries per live event", () => {
  for (const [event, scenario] of Object.entries(scenarios)) {
    for (const [whose, owners] of Object.entries(tabOwners)) {
      it(`${event}: as many with 20 of ${whose} open as with one`, async () => {
        const queried = await queriesWithOneAndMany((count) => queriesPerEvent(scenario, owners(count)));
        expect(queried.one).toBeGreaterThan(0);
        expect(queried.many).toBe(queried.one);
      });
    }
  }
});

describe("database queries per message in a channel the open tabs were already told about", () => {
  it("reads no audience again: a message costs as much with 20 people's tabs open as with none", async () => {
    const { channelId } = await guildOfEveryone();
    const send = (text: string) => w.domain.messages.create(channelId, owner, { content: text });
    const tabs: LiveTab[] = [];
    for (const person of people) tabs.push(await openLiveTab((signal) => w.caller(person, signal)));
    await Promise.all(tabs.map((tab) => tab.ready()));
    const allHave = (text: string) =>
      Promise.all(
        tabs.map((tab) => tab.until((f) => f.t === GatewayDispatchEvents.MessageCreate && content(f) === text)),
      );
    let withTabs: number;
    try {
      // The first message reads who may see the channel; that read is kept until an event may change it.
      await send("first");
      await allHave("first");
      withTabs = await queries.during(async () => {
        await send("second");
        await allHave("second");
      });
    } finally {
      for (const tab of tabs) tab.close();
    }
    const withoutTabs = await queries.during(() => send("third"));
    expect(withTabs).toBe(withoutTabs);
  });
});
