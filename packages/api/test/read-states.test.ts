import type { Db } from "@chat/db";
import { createDomain, Permission } from "@chat/domain";
import { READ_STATE_UPDATE } from "@chat/events";
import { READ_ACK_LIMIT } from "@chat/rate-limit";
import type { TRPCError } from "@trpc/server";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainErrorData } from "../src/errors";
import type { LiveEventFrame } from "../src/routers/live";
import { type LiveTab, openLiveTab } from "./live-tab";
import { createTestWorld, type TestWorld } from "./world";

let w: TestWorld;
beforeAll(async () => {
  w = await createTestWorld();
});
afterAll(() => w?.close());

let people = 0;
async function person(name: string): Promise<bigint> {
  return (await w.domain.users.createPerson({ username: `${name}_${++people}`, passwordHash: "not-a-login" })).id;
}

/** A guild of `owner` with `members` in it, and its text channel. */
async function guildOf(owner: bigint, ...members: bigint[]) {
  const guild = await w.domain.guilds.create(owner, "Reading");
  for (const member of members) await w.domain.members.addPerson(guild.id, member);
  const channel = guild.channels.find((c) => c.type === 0)!;
  return { guildId: guild.id, channelId: channel.id };
}

const post = async (channelId: bigint, authorId: bigint, content: string) =>
  BigInt((await w.domain.messages.create(channelId, authorId, { content })).id);
const stateOf = async (userId: bigint, channelId: bigint) =>
  (await w.caller(userId).readStates.list()).find((s) => s.channelId === channelId.toString());
const ack = (userId: bigint, channelId: bigint, messageId: bigint) =>
  w.caller(userId).readStates.ack({ channelId: channelId.toString(), messageId: messageId.toString() });
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (error: TRPCError) => ({ code: error.code, message: error.message, apiCode: domainErrorData(error).apiCode }),
  );
const storedPosition = async (userId: bigint, channelId: bigint) =>
  (await w.database.prisma.readState.findUnique({ where: { userId_channelId: { userId, channelId } } }))
    ?.lastReadMessageId ?? null;

/** Denies @everyone View Channel on a channel (written straight, as the live stream's tests do). */
const hide = (guildId: bigint, channelId: bigint) =>
  w.database.prisma.permissionOverwrite.create({
    data: { channelId, targetId: guildId, type: 0, deny: Permission.ViewChannel },
  });

type ReadStateFrame = Extract<LiveEventFrame, { t: typeof READ_STATE_UPDATE }>;
const isReadStateUpdate = (frame: LiveEventFrame): frame is ReadStateFrame => frame.t === READ_STATE_UPDATE;
const quiet = () => new Promise((r) => setTimeout(r, 300));

describe("acknowledging messages as read", () => {
  it("moves the read position forward only: an older ack changes nothing and answers the state as it is", async () => {
    const owner = await person("writer");
    const reader = await person("reader");
    const { guildId, channelId } = await guildOf(owner, reader);
    const first = await post(channelId, owner, "one");
    await post(channelId, owner, "two");
    const third = await post(channelId, owner, "three");

    const expected = {
      channelId: channelId.toString(),
      guildId: guildId.toString(),
      lastMessageId: third.toString(),
      lastReadId: third.toString(),
      mentionCount: 0,
    };
    expect(await ack(reader, channelId, third)).toEqual(expected);
    expect(await ack(reader, channelId, first)).toEqual(expected);
    expect(await storedPosition(reader, channelId)).toBe(third);
    expect(await stateOf(reader, channelId)).toEqual(expected);
  });

  it("answers Unknown Channel for a channel the person cannot view, as for one that does not exist, and writes nothing", async () => {
    const owner = await person("keeper");
    const outsider = await person("outsider");
    const { guildId } = await guildOf(owner, outsider);
    const hidden = await w.database.prisma.channel.create({ data: { guildId, type: 0, name: "staff", position: 5 } });
    await hide(guildId, hidden.id);
    const secret = await post(hidden.id, owner, "staff only");

    const refused = await refusal(ack(outsider, hidden.id, secret));
    expect(refused).toEqual({ code: "NOT_FOUND", message: "Unknown Channel", apiCode: 10003 });
    expect(await refusal(ack(outsider, 987654321987n, secret))).toEqual(refused);
    expect(await w.database.prisma.readState.count({ where: { userId: outsider, channelId: hidden.id } })).toBe(0);
  });

  it("takes any id up to the newest message as a position (a deleted message's too), and answers Unknown Message beyond it", async () => {
    const owner = await person("deleter");
    const reader = await person("late_reader");
    const { channelId } = await guildOf(owner, reader);
    const kept = await post(channelId, owner, "kept");
    const deleted = await post(channelId, owner, "deleted");
    await w.domain.messages.delete(channelId, deleted, owner);

    expect(await refusal(ack(reader, channelId, deleted + 1000n))).toEqual({
      code: "NOT_FOUND",
      message: "Unknown Message",
      apiCode: 10008,
    });
    expect(await storedPosition(reader, channelId)).toBe(null);
    expect(await ack(reader, channelId, deleted)).toMatchObject({
      lastReadId: deleted.toString(),
      lastMessageId: deleted.toString(),
    });
    expect(await ack(reader, channelId, kept)).toMatchObject({ lastReadId: deleted.toString() });
  });

  it("refuses an ack flood with TOO_MANY_REQUESTS saying when to try again, and the refused ack moves nothing", async () => {
    const owner = await person("flood_owner");
    const reader = await person("flooder");
    const { channelId } = await guildOf(owner, reader);
    const first = await post(channelId, owner, "first");
    const second = await post(channelId, owner, "second");
    for (let i = 0; i < READ_ACK_LIMIT.points; i++) await ack(reader, channelId, first);
    const refused = await refusal(ack(reader, channelId, second));
    expect(refused?.code).toBe("TOO_MANY_REQUESTS");
    expect(refused?.message).toMatch(/^Messages are marked read too often\. Try again in [1-5] seconds?\.$/);
    expect(await storedPosition(reader, channelId)).toBe(first);
  });
});

describe("the read-state summary", () => {
  it("counts unread channels and the mentions of the person: by name, by a role of theirs, @everyone, never their own messages", async () => {
    const owner = await person("mentioner");
    const reader = await person("mentioned");
    const bystander = await person("bystander");
    const { guildId, channelId } = await guildOf(owner, reader, bystander);
    const theirs = await w.database.prisma.role.create({
      data: { guildId, name: "readers", mentionable: true, position: 1 },
    });
    const notTheirs = await w.database.prisma.role.create({
      data: { guildId, name: "others", mentionable: true, position: 2 },
    });
    await w.database.prisma.memberRole.create({ data: { guildId, userId: reader, roleId: theirs.id } });
    const start = await post(channelId, owner, "read up to here");
    await ack(reader, channelId, start);

    await post(channelId, owner, "no mention");
    await post(channelId, owner, `hello <@${reader}>`);
    await post(channelId, bystander, `<@&${theirs.id}> please look`);
    await post(channelId, owner, "@everyone meeting");
    await post(channelId, owner, `<@&${notTheirs.id}> and <@${bystander}>`);
    const last = await post(channelId, owner, "nothing for you");

    expect(await stateOf(reader, channelId)).toEqual({
      channelId: channelId.toString(),
      guildId: guildId.toString(),
      lastMessageId: last.toString(),
      lastReadId: start.toString(),
      mentionCount: 3,
    });
    // The voice channel has no messages: nothing unread there.
    const voice = (await w.caller(reader).readStates.list()).find(
      (s) => s.guildId === guildId.toString() && s.channelId !== channelId.toString(),
    );
    expect(voice).toMatchObject({ lastMessageId: null, lastReadId: null, mentionCount: 0 });
  });

  it("does not count the person's own messages as mentions, even past their read position", async () => {
    const owner = await person("self_owner");
    const reader = await person("self_mentioner");
    const { guildId, channelId } = await guildOf(owner, reader);
    const start = await post(channelId, owner, "start");
    await ack(reader, channelId, start);
    // Written past the read position without moving it (as an import would): still not a mention.
    const own = await w.database.prisma.message.create({
      data: {
        channelId,
        guildId,
        authorId: reader,
        content: `<@${reader}> @everyone`,
        mentionUserIds: [reader],
        mentionEveryone: true,
      },
    });
    await w.database.prisma.channel.update({ where: { id: channelId }, data: { lastMessageId: own.id } });
    expect(await stateOf(reader, channelId)).toMatchObject({
      lastMessageId: own.id.toString(),
      lastReadId: start.toString(),
      mentionCount: 0,
    });
  });

  it("does not count what was written before the person joined as unread, also when they join again", async () => {
    const owner = await person("old_owner");
    const newcomer = await person("newcomer");
    const { guildId, channelId } = await guildOf(owner);
    await post(channelId, owner, `@everyone <@${newcomer}> before you came`);
    const beforeJoin = await post(channelId, owner, "still before");
    await w.domain.members.addPerson(guildId, newcomer);
    expect(await stateOf(newcomer, channelId)).toMatchObject({
      lastMessageId: beforeJoin.toString(),
      lastReadId: beforeJoin.toString(),
      mentionCount: 0,
    });

    const afterJoin = await post(channelId, owner, `<@${newcomer}> welcome`);
    expect(await stateOf(newcomer, channelId)).toMatchObject({
      lastMessageId: afterJoin.toString(),
      lastReadId: beforeJoin.toString(),
      mentionCount: 1,
    });

    await w.domain.members.kick(owner, guildId, newcomer);
    const whileAway = await post(channelId, owner, "@everyone while you were away");
    await w.domain.members.addPerson(guildId, newcomer);
    expect(await stateOf(newcomer, channelId)).toMatchObject({
      lastMessageId: whileAway.toString(),
      lastReadId: whileAway.toString(),
      mentionCount: 0,
    });
  });

  it("counts a channel made after the person joined as unread from its first message", async () => {
    const owner = await person("maker");
    const reader = await person("early");
    const { guildId } = await guildOf(owner, reader);
    const made = await w.domain.channels.create(guildId, owner, { name: "new-room", type: 0 });
    const first = await post(BigInt(made.id), owner, "@everyone first words");
    expect(await stateOf(reader, BigInt(made.id))).toEqual({
      channelId: made.id,
      guildId: guildId.toString(),
      lastMessageId: first.toString(),
      lastReadId: null,
      mentionCount: 1,
    });
  });

  it("drops a channel hidden from the person later, and its acks answer Unknown Channel", async () => {
    const owner = await person("hider");
    const reader = await person("shut_out");
    const { guildId, channelId } = await guildOf(owner, reader);
    const mention = await post(channelId, owner, `<@${reader}>`);
    expect(await stateOf(reader, channelId)).toMatchObject({ mentionCount: 1 });
    await hide(guildId, channelId);
    expect(await stateOf(reader, channelId)).toBeUndefined();
    expect(await refusal(ack(reader, channelId, mention))).toMatchObject({ apiCode: 10003 });
    // The owner still sees it.
    expect(await stateOf(owner, channelId)).toBeDefined();
  });

  it("lists the person's DMs: every message of the other side counts as a mention, and an ack there has no guild", async () => {
    const owner = await person("dm_owner");
    const { guildId } = await guildOf(owner);
    const app = await w.domain.applications.create(owner, "Talker");
    await w.domain.members.addBot(owner, guildId, app.application.id, Permission.ViewChannel | Permission.SendMessages);
    const dm = await w.domain.directMessages.open(app.botUser.id, { recipient_id: owner.toString() });
    await post(BigInt(dm.id), app.botUser.id, "hello");
    const second = await post(BigInt(dm.id), app.botUser.id, "are you there?");
    expect(await stateOf(owner, BigInt(dm.id))).toEqual({
      channelId: dm.id,
      guildId: null,
      lastMessageId: second.toString(),
      lastReadId: null,
      mentionCount: 2,
    });
    expect(await ack(owner, BigInt(dm.id), second)).toMatchObject({
      guildId: null,
      lastReadId: second.toString(),
      mentionCount: 0,
    });
    // Bots keep no read states, whatever they send.
    expect(await w.database.prisma.readState.count({ where: { userId: app.botUser.id } })).toBe(0);
  });

  it("reads the summary in as many queries for three guilds of twenty unread channels as for one channel", async () => {
    let queries = 0;
    const counted = w.database.prisma.$extends({
      query: {
        $allOperations({ args, query }) {
          queries += 1;
          return query(args);
        },
      },
    }) as unknown as Db;
    const domain = createDomain({ ...w.domain.ctx, db: counted });

    async function queriesFor(guilds: number, extraChannels: number): Promise<number> {
      const owner = await person("many_owner");
      const reader = await person("many_reader");
      for (let g = 0; g < guilds; g++) {
        const { guildId, channelId } = await guildOf(owner, reader);
        const channels = [channelId];
        for (let c = 0; c < extraChannels; c++)
          channels.push(
            (
              await w.database.prisma.channel.create({
                data: { guildId, type: 0, name: `room-${c}`, position: 10 + c },
              })
            ).id,
          );
        for (const id of channels) {
          const message = await w.database.prisma.message.create({
            data: { channelId: id, guildId, authorId: owner, content: "@everyone", mentionEveryone: true },
          });
          await w.database.prisma.channel.update({ where: { id }, data: { lastMessageId: message.id } });
        }
      }
      const before = queries;
      const summary = await domain.readStates.summary(reader);
      expect(summary.filter((s) => s.mentionCount === 1)).toHaveLength(guilds * (extraChannels + 1));
      return queries - before;
    }

    const one = await queriesFor(1, 0);
    const many = await queriesFor(3, 19);
    expect(one).toBeGreaterThan(0);
    expect(many).toBe(one);
  });
});

describe("read states across a person's tabs", () => {
  async function readyTabs(...userIds: bigint[]): Promise<LiveTab[]> {
    const tabs = await Promise.all(userIds.map((id) => openLiveTab((signal) => w.caller(id, signal))));
    await Promise.all(tabs.map((tab) => tab.ready()));
    return tabs;
  }

  it("tells every tab of the person where they have read up to, and no tab of anyone else", async () => {
    const owner = await person("announcer");
    const reader = await person("two_tabs");
    const { guildId, channelId } = await guildOf(owner, reader);
    const mention = await post(channelId, owner, `<@${reader}>`);
    const later = await post(channelId, owner, `<@${reader}> again`);
    const [laptop, phone, owners] = await readyTabs(reader, reader, owner);

    await ack(reader, channelId, mention);
    const expected = {
      kind: "event",
      t: READ_STATE_UPDATE,
      d: {
        channel_id: channelId.toString(),
        guild_id: guildId.toString(),
        last_read_id: mention.toString(),
        mention_count: 1,
      },
    };
    expect(await laptop!.until(isReadStateUpdate)).toEqual(expected);
    expect(await phone!.until(isReadStateUpdate)).toEqual(expected);
    await ack(reader, channelId, later);
    expect(
      (await phone!.until((f): f is ReadStateFrame => isReadStateUpdate(f) && f.d.last_read_id === later.toString())).d
        .mention_count,
    ).toBe(0);
    await quiet();
    expect(owners!.events().filter(isReadStateUpdate)).toEqual([]);
    for (const tab of [laptop, phone, owners]) tab!.close();
  });

  it("marks the person's own message read and tells their tabs, right after its MESSAGE_CREATE", async () => {
    const owner = await person("own_owner");
    const writer = await person("own_writer");
    const { channelId } = await guildOf(owner, writer);
    await post(channelId, owner, `<@${writer}> unread before writing`);
    const [tab] = await readyTabs(writer);
    const sent = await w.caller(writer).messages.send({ channelId: channelId.toString(), content: "my own words" });

    const update = await tab!.until(isReadStateUpdate);
    expect(update.d).toMatchObject({ channel_id: channelId.toString(), last_read_id: sent.id, mention_count: 0 });
    expect(tab!.events().map((f) => f.t)).toEqual([GatewayDispatchEvents.MessageCreate, READ_STATE_UPDATE]);
    expect(await stateOf(writer, channelId)).toMatchObject({
      lastMessageId: sent.id,
      lastReadId: sent.id,
      mentionCount: 0,
    });
    tab!.close();
  });

  it("replays a READ_STATE_UPDATE to a tab that resumes after missing it, and none of anyone else's", async () => {
    const owner = await person("resume_owner");
    const reader = await person("resume_reader");
    const { guildId, channelId } = await guildOf(owner, reader);
    const [tab] = await readyTabs(reader);
    const seen = await post(channelId, owner, `<@${reader}> seen live`);
    await tab!.until((f) => f.t === GatewayDispatchEvents.MessageCreate);
    const cursor = tab!.lastCursor();
    tab!.close();

    // While this tab was away: the owner wrote again (their own read state moved), and the reader read on another device.
    await post(channelId, owner, `<@${reader}> while you were away`);
    await ack(reader, channelId, seen);
    const back = await openLiveTab((signal) => w.caller(reader, signal), cursor);
    expect(await back.ready()).toMatchObject({ resumed: true });
    await back.until(isReadStateUpdate);
    expect(
      back
        .events()
        .filter(isReadStateUpdate)
        .map((f) => f.d),
    ).toEqual([
      {
        channel_id: channelId.toString(),
        guild_id: guildId.toString(),
        last_read_id: seen.toString(),
        mention_count: 1,
      },
    ]);
    back.close();
  });

  it("delivers an event naming one tab to that tab alone, by the id its ready frame gave it", async () => {
    const reader = await person("one_tab");
    const [first, second] = await readyTabs(reader, reader);
    const [firstId, secondId] = [(await first!.ready()).tabId, (await second!.ready()).tabId];
    expect(firstId).not.toBe(secondId);
    const d = { channel_id: "1", guild_id: null, last_read_id: "2", mention_count: 0 };
    await w.bus.publish({ t: READ_STATE_UPDATE, d, personId: reader.toString(), tabId: secondId });
    expect((await second!.until(isReadStateUpdate)).d).toEqual(d);
    await quiet();
    expect(first!.events()).toEqual([]);
    first!.close();
    second!.close();
  });
});
