import { Permission } from "@chat/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLiveTab, quiet } from "./live-tab";
import { refusal } from "./refusal";
import { createTestWorld, type TestWorld } from "./world";

let w: TestWorld;
beforeAll(async () => {
  w = await createTestWorld();
});
afterAll(() => w?.close());

const PNG_BYTES = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const PNG = `data:image/png;base64,${PNG_BYTES.toString("base64")}`;
const OTHER_PNG_BYTES = Buffer.concat([PNG_BYTES, Buffer.from("other")]);
const OTHER_PNG = `data:image/png;base64,${OTHER_PNG_BYTES.toString("base64")}`;

const DAY_MS = 24 * 60 * 60 * 1000;
/** 18:00 UTC a week or so from now, and an hour later. */
const START = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + 8 * DAY_MS + 18 * 60 * 60 * 1000);
const END = new Date(START.getTime() + 60 * 60 * 1000);
/** Monday = 0, as the recurrence rule counts. */
const START_WEEKDAY = (START.getUTCDay() + 6) % 7;
const WEEKLY = { frequency: 2, interval: 1, by_weekday: [START_WEEKDAY] };

type Draft = Parameters<ReturnType<TestWorld["caller"]>["scheduledEvents"]["create"]>[0]["event"];

function voiceEvent(channelId: string, changes: Partial<Draft> = {}): Draft {
  return {
    name: "Game night",
    description: "Bring snacks",
    kind: "voice",
    channelId,
    location: null,
    start: START.toISOString(),
    end: null,
    repeat: null,
    ...changes,
  };
}

function elsewhereEvent(changes: Partial<Draft> = {}): Draft {
  return {
    name: "Picnic",
    description: null,
    kind: "elsewhere",
    channelId: null,
    location: "The park",
    start: START.toISOString(),
    end: END.toISOString(),
    repeat: null,
    ...changes,
  };
}

async function voiceChannelOf(owner: bigint, guildId: string): Promise<string> {
  const voice = (await w.caller(owner).guilds.channels({ guildId })).find((c) => c.kind === "voice");
  if (!voice) throw new Error("the guild has no voice channel");
  return voice.id;
}

/** Gives `userId` a role holding `permissions`. */
async function grantRole(guildId: string, owner: bigint, userId: bigint, permissions: bigint) {
  const role = await w.domain.roles.create(owner, BigInt(guildId), {
    name: "Event crew",
    permissions: (Permission.ViewChannel | Permission.Connect | permissions).toString(),
  });
  await w.domain.memberRoles.addRole(owner, BigInt(guildId), userId, BigInt(role.id));
}

const pictures = (eventId: string) =>
  w.database.prisma.picture.findMany({ where: { ownerId: BigInt(eventId) }, orderBy: { kind: "asc" } });
const eventCount = (guildId: string) => w.database.prisma.scheduledEvent.count({ where: { guildId: BigInt(guildId) } });

describe("scheduled events in the web app", () => {
  it("creates a repeating voice-channel event with a cover kept encrypted: people see it, bots get image null, members' tabs get GUILD_SCHEDULED_EVENT_CREATE", async () => {
    const { owner, member, guildId } = await w.guildOfTwo("sev_owner", "sev_member");
    const channelId = await voiceChannelOf(owner, guildId);
    const tab = await openLiveTab((signal) => w.caller(member, signal));
    await tab.ready();

    const { id } = await w
      .caller(owner)
      .scheduledEvents.create({ guildId, event: voiceEvent(channelId, { repeat: WEEKLY, cover: PNG }) });
    const created = await tab.until((f) => f.t === "GUILD_SCHEDULED_EVENT_CREATE");
    expect(created.d).toMatchObject({
      id,
      guild_id: guildId,
      channel_id: channelId,
      entity_type: 2,
      name: "Game night",
      image: null,
      recurrence_rule: { frequency: 2, by_weekday: [START_WEEKDAY] },
    });
    await tab.until(
      (f) => f.t === "GUILD_SCHEDULED_EVENT_USER_ADD" && (f.d as { user_id: string }).user_id === owner.toString(),
    );
    tab.close();

    // What bots read over REST and in GUILD_CREATE: no cover.
    expect(await w.domain.scheduledEvents.get(BigInt(guildId), BigInt(id), member)).toMatchObject({ id, image: null });
    expect((await w.domain.scheduledEvents.visibleTo(BigInt(guildId), member)).map((e) => e.image)).toEqual([null]);

    const list = await w.caller(member).scheduledEvents.list({ guildId });
    const [event] = list.events;
    expect(event).toMatchObject({
      id,
      name: "Game night",
      description: "Bring snacks",
      status: "scheduled",
      kind: "voice",
      channelId,
      channelName: "General",
      start: START.toISOString(),
      repeat: {
        frequency: 2,
        interval: 1,
        by_weekday: [START_WEEKDAY],
        by_n_weekday: null,
        by_month: null,
        by_month_day: null,
      },
      interestedCount: 1,
      interested: false,
      creatorName: "sev_owner",
      canManage: false,
    });
    expect(list).toMatchObject({ canCreateElsewhere: false, voiceChannels: [], coverMaxBytes: 8 * 1024 * 1024 });
    expect((await w.caller(owner).scheduledEvents.list({ guildId })).events[0]).toMatchObject({
      interested: true,
      canManage: true,
    });

    // Stored sealed, under a kind the CDN never serves; opened for people who can see the event.
    const [sealed, ...others] = await pictures(id);
    expect(others).toEqual([]);
    expect(sealed).toMatchObject({ kind: "event-cover-app", contentType: "image/png" });
    expect(Buffer.from(sealed?.data ?? []).includes(PNG_BYTES.subarray(8))).toBe(false);
    const hash = sealed?.hash as string;
    expect(event?.coverUrl).toBe(`/event-covers/${id}/${hash}`);
    expect(await w.domain.cdnPictures.isCurrent("event-cover", BigInt(id), hash)).toBe(false);
    const opened = await w.domain.scheduledEvents.appCover(BigInt(id), member, hash);
    expect(opened && Buffer.from(opened.data).equals(PNG_BYTES)).toBe(true);
    expect(opened?.contentType).toBe("image/png");
    const stranger = await w.signUp("sev_stranger");
    expect(await w.domain.scheduledEvents.appCover(BigInt(id), stranger, hash)).toBeNull();
    expect(await w.domain.scheduledEvents.appCover(BigInt(id), member, "0".repeat(32))).toBeNull();
  });

  it("replaces and removes an app cover; a bot's cover replaces the app's and is public again", async () => {
    const { owner, guildId } = await w.guildOfTwo("sec_owner", "sec_member");
    const { id } = await w.caller(owner).scheduledEvents.create({ guildId, event: elsewhereEvent({ cover: PNG }) });
    const first = (await pictures(id))[0]?.hash;

    await w.caller(owner).scheduledEvents.update({ guildId, eventId: id, event: { cover: OTHER_PNG } });
    const [second, ...rest] = await pictures(id);
    expect(rest).toEqual([]);
    expect(second?.hash).not.toBe(first);
    const opened = await w.domain.scheduledEvents.appCover(BigInt(id), owner, second?.hash as string);
    expect(opened && Buffer.from(opened.data).equals(OTHER_PNG_BYTES)).toBe(true);
    // A change without `cover` keeps it.
    await w.caller(owner).scheduledEvents.update({ guildId, eventId: id, event: { name: "Picnic by the lake" } });
    expect((await pictures(id)).map((p) => p.hash)).toEqual([second?.hash]);

    // The same service over REST: the bot's cover is the public one and the sealed one is gone.
    const patched = await w.domain.scheduledEvents.edit(BigInt(guildId), BigInt(id), owner, { image: PNG });
    expect(patched.image).toMatch(/^[0-9a-f]{32}$/);
    expect((await pictures(id)).map((p) => p.kind)).toEqual(["event-cover"]);
    expect((await w.caller(owner).scheduledEvents.list({ guildId })).events[0]?.coverUrl).toBe(
      `http://api.test/cdn/guild-events/${id}/${patched.image}.png`,
    );

    await w.caller(owner).scheduledEvents.update({ guildId, eventId: id, event: { cover: null } });
    expect(await pictures(id)).toEqual([]);
    expect((await w.caller(owner).scheduledEvents.list({ guildId })).events[0]?.coverUrl).toBeNull();

    await w.caller(owner).scheduledEvents.update({ guildId, eventId: id, event: { cover: PNG } });
    await w.caller(owner).scheduledEvents.remove({ guildId, eventId: id });
    expect(await pictures(id)).toEqual([]);
  });

  it("counts interest: marking and unmarking reach the other tabs as USER_ADD and USER_REMOVE, once each", async () => {
    const { owner, member, guildId } = await w.guildOfTwo("sei_owner", "sei_member");
    const { id } = await w.caller(owner).scheduledEvents.create({ guildId, event: elsewhereEvent() });
    const tab = await openLiveTab((signal) => w.caller(owner, signal));
    await tab.ready();

    await w.caller(member).scheduledEvents.setInterest({ guildId, eventId: id, interested: true });
    await w.caller(member).scheduledEvents.setInterest({ guildId, eventId: id, interested: true });
    expect((await tab.until((f) => f.t === "GUILD_SCHEDULED_EVENT_USER_ADD")).d).toEqual({
      guild_scheduled_event_id: id,
      user_id: member.toString(),
      guild_id: guildId,
    });
    expect((await w.caller(owner).scheduledEvents.list({ guildId })).events[0]?.interestedCount).toBe(2);
    expect((await w.caller(member).scheduledEvents.list({ guildId })).events[0]?.interested).toBe(true);

    await w.caller(member).scheduledEvents.setInterest({ guildId, eventId: id, interested: false });
    await w.caller(member).scheduledEvents.setInterest({ guildId, eventId: id, interested: false });
    expect((await tab.until((f) => f.t === "GUILD_SCHEDULED_EVENT_USER_REMOVE")).d).toMatchObject({
      user_id: member.toString(),
    });
    await quiet();
    expect(tab.events().filter((f) => f.t.startsWith("GUILD_SCHEDULED_EVENT_USER")).length).toBe(2);
    tab.close();
    expect((await w.caller(member).scheduledEvents.list({ guildId })).events[0]).toMatchObject({
      interestedCount: 1,
      interested: false,
    });
  });

  it("follows the state table: a voice-channel event starts and ends by hand, a somewhere-else one does not start by hand, cancelling only before the start", async () => {
    const { owner, guildId } = await w.guildOfTwo("ses_owner", "ses_member");
    const channelId = await voiceChannelOf(owner, guildId);
    const voice = await w.caller(owner).scheduledEvents.create({ guildId, event: voiceEvent(channelId) });
    const tab = await openLiveTab((signal) => w.caller(owner, signal));
    await tab.ready();
    const status = (s: number) => (f: { t: string; d: unknown }) =>
      f.t === "GUILD_SCHEDULED_EVENT_UPDATE" && (f.d as { status: number }).status === s;

    expect(await w.caller(owner).scheduledEvents.start({ guildId, eventId: voice.id })).toEqual({
      id: voice.id,
      status: 2,
    });
    await tab.until(status(2));
    expect((await w.caller(owner).scheduledEvents.list({ guildId })).events[0]?.status).toBe("active");
    const cancelActive = await refusal(w.caller(owner).scheduledEvents.cancel({ guildId, eventId: voice.id }));
    expect(cancelActive).toMatchObject({
      code: "BAD_REQUEST",
      data: { apiCode: 50035, fieldErrors: { status: [expect.stringMatching(/status 2 cannot move to status 4/)] } },
    });
    expect(
      await refusal(
        w.caller(owner).scheduledEvents.update({ guildId, eventId: voice.id, event: { start: END.toISOString() } }),
      ),
    ).toMatchObject({
      data: { apiCode: 50035, fieldErrors: { scheduled_start_time: ["An active event's start cannot be changed."] } },
    });
    expect(await w.caller(owner).scheduledEvents.end({ guildId, eventId: voice.id })).toEqual({
      id: voice.id,
      status: 3,
    });
    await tab.until(status(3));
    expect(await refusal(w.caller(owner).scheduledEvents.start({ guildId, eventId: voice.id }))).toMatchObject({
      code: "BAD_REQUEST",
      data: { apiCode: 50035 },
    });
    expect((await w.caller(owner).scheduledEvents.list({ guildId })).events[0]?.status).toBe("ended");

    const elsewhere = await w.caller(owner).scheduledEvents.create({ guildId, event: elsewhereEvent() });
    expect(await refusal(w.caller(owner).scheduledEvents.start({ guildId, eventId: elsewhere.id }))).toMatchObject({
      data: { apiCode: 50035, fieldErrors: { status: ["A somewhere-else event starts by itself at its start time."] } },
    });
    expect(await refusal(w.caller(owner).scheduledEvents.end({ guildId, eventId: elsewhere.id }))).toMatchObject({
      data: { apiCode: 50035 },
    });
    expect(await w.caller(owner).scheduledEvents.cancel({ guildId, eventId: elsewhere.id })).toEqual({
      id: elsewhere.id,
      status: 4,
    });
    await tab.until(status(4));

    await w.caller(owner).scheduledEvents.remove({ guildId, eventId: elsewhere.id });
    await tab.until((f) => f.t === "GUILD_SCHEDULED_EVENT_DELETE" && (f.d as { id: string }).id === elsewhere.id);
    tab.close();
    expect((await w.caller(owner).scheduledEvents.list({ guildId })).events.map((e) => e.id)).toEqual([voice.id]);

    // The audit log has each change by a person, newest first.
    const { entries } = await w.caller(owner).auditLog.list({ guildId });
    const events = entries.filter((e) => e.action >= 100 && e.action <= 102);
    expect(events.map((e) => [e.action, e.target?.name, e.changes])).toEqual([
      [102, "Picnic", [{ key: "name", old_value: "Picnic" }]],
      // A deleted event is named by the entries that recorded its name.
      [101, null, [{ key: "status", old_value: 1, new_value: 4 }]],
      [100, "Picnic", [{ key: "name", new_value: "Picnic" }]],
      [101, "Game night", [{ key: "status", old_value: 2, new_value: 3 }]],
      [101, "Game night", [{ key: "status", old_value: 1, new_value: 2 }]],
      [100, "Game night", [{ key: "name", new_value: "Game night" }]],
    ]);
  });

  it("refuses people without Create Events or Manage Events (50013) and leaves the events as they were; Create Events allows one's own, Manage Events everyone's", async () => {
    const { owner, member, guildId } = await w.guildOfTwo("sep_owner", "sep_member");
    const channelId = await voiceChannelOf(owner, guildId);
    const { id } = await w.caller(owner).scheduledEvents.create({ guildId, event: voiceEvent(channelId) });
    const eventId = id;
    // One after the other: each refusal is checked against an unchanged event.
    for (const call of [
      () => w.caller(member).scheduledEvents.create({ guildId, event: elsewhereEvent() }),
      () => w.caller(member).scheduledEvents.create({ guildId, event: voiceEvent(channelId) }),
      () => w.caller(member).scheduledEvents.update({ guildId, eventId, event: { name: "Mine now" } }),
      () => w.caller(member).scheduledEvents.start({ guildId, eventId }),
      () => w.caller(member).scheduledEvents.cancel({ guildId, eventId }),
      () => w.caller(member).scheduledEvents.remove({ guildId, eventId }),
    ]) {
      expect(await refusal(call())).toMatchObject({ code: "FORBIDDEN", data: { apiCode: 50013 } });
    }
    expect((await w.caller(owner).scheduledEvents.list({ guildId })).events).toMatchObject([
      { id, name: "Game night", status: "scheduled" },
    ]);
    expect(await eventCount(guildId)).toBe(1);

    await grantRole(guildId, owner, member, Permission.CreateEvents);
    const asCreator = await w.caller(member).scheduledEvents.list({ guildId });
    expect(asCreator).toMatchObject({ canCreateElsewhere: true, voiceChannels: [{ id: channelId, name: "General" }] });
    expect(asCreator.events[0]?.canManage).toBe(false);
    const own = await w
      .caller(member)
      .scheduledEvents.create({ guildId, event: elsewhereEvent({ name: "Member meetup" }) });
    await w.caller(member).scheduledEvents.update({ guildId, eventId: own.id, event: { name: "Member meetup II" } });
    expect(
      (await w.caller(member).scheduledEvents.list({ guildId })).events.find((e) => e.id === own.id),
    ).toMatchObject({ name: "Member meetup II", canManage: true });
    expect(
      await refusal(w.caller(member).scheduledEvents.update({ guildId, eventId, event: { name: "Still not mine" } })),
    ).toMatchObject({ data: { apiCode: 50013 } });

    await grantRole(guildId, owner, member, Permission.ManageEvents);
    expect(
      (await w.caller(member).scheduledEvents.list({ guildId })).events.find((e) => e.id === eventId)?.canManage,
    ).toBe(true);
    await w.caller(member).scheduledEvents.start({ guildId, eventId });
    expect((await w.caller(owner).scheduledEvents.list({ guildId })).events.find((e) => e.id === eventId)?.status).toBe(
      "active",
    );
  });

  it("answers hidden events as if they did not exist (10070), and strangers as if the guild did not (10004)", async () => {
    const { owner, member, guildId } = await w.guildOfTwo("seh_owner", "seh_member");
    const channelId = await voiceChannelOf(owner, guildId);
    const { id } = await w.caller(owner).scheduledEvents.create({ guildId, event: voiceEvent(channelId) });
    await w.domain.channelOverwrites.put(BigInt(channelId), BigInt(guildId), owner, {
      type: 0,
      allow: "0",
      deny: Permission.ViewChannel.toString(),
    });

    expect((await w.caller(member).scheduledEvents.list({ guildId })).events).toEqual([]);
    expect(
      await refusal(w.caller(member).scheduledEvents.setInterest({ guildId, eventId: id, interested: true })),
    ).toMatchObject({ code: "NOT_FOUND", data: { apiCode: 10070 } });
    expect(await refusal(w.caller(member).scheduledEvents.remove({ guildId, eventId: id }))).toMatchObject({
      code: "NOT_FOUND",
      data: { apiCode: 10070 },
    });
    expect(await refusal(w.caller(owner).scheduledEvents.start({ guildId, eventId: "123456789" }))).toMatchObject({
      code: "NOT_FOUND",
      data: { apiCode: 10070 },
    });

    const other = await w.guildOfTwo("seh_other", "seh_other2");
    expect(await refusal(w.caller(other.owner).scheduledEvents.list({ guildId }))).toMatchObject({
      code: "NOT_FOUND",
      data: { apiCode: 10004 },
    });
    expect(
      await refusal(w.caller(other.owner).scheduledEvents.setInterest({ guildId, eventId: id, interested: true })),
    ).toMatchObject({ data: { apiCode: 10004 } });
    // An event of one guild is unknown through another.
    expect(await refusal(w.caller(owner).scheduledEvents.start({ guildId: other.guildId, eventId: id }))).toMatchObject(
      { data: { apiCode: 10004 } },
    );
    expect(
      await refusal(w.caller(other.owner).scheduledEvents.start({ guildId: other.guildId, eventId: id })),
    ).toMatchObject({ data: { apiCode: 10070 } });
  });

  it("refuses bad events with 50035 naming the field, storing nothing", async () => {
    const { owner, guildId } = await w.guildOfTwo("seb_owner", "seb_member");
    const channelId = await voiceChannelOf(owner, guildId);
    const textChannelId = (await w.caller(owner).guilds.channels({ guildId })).find((c) => c.kind === "text")
      ?.id as string;
    const past = new Date(Date.now() - DAY_MS).toISOString();
    const wrongDay = { frequency: 2, interval: 1, by_weekday: [(START_WEEKDAY + 1) % 7] };
    const cases: [string, Draft, string, RegExp][] = [
      ["empty name", elsewhereEvent({ name: "" }), "name", /between 1 and 100/],
      ["no end somewhere else", elsewhereEvent({ end: null }), "scheduled_end_time", /needs an end time/],
      ["no location", elsewhereEvent({ location: "" }), "entity_metadata.location", /between 1 and 100/],
      ["in the past", elsewhereEvent({ start: past }), "scheduled_start_time", /in the past/],
      ["end before start", elsewhereEvent({ end: past }), "scheduled_end_time", /before starting/],
      ["not a time", elsewhereEvent({ start: "next tuesday" }), "scheduled_start_time", /ISO8601/],
      ["repeat on another day", elsewhereEvent({ repeat: wrongDay }), "recurrence_rule", /does not fall on a day/],
      [
        "every third week",
        elsewhereEvent({ repeat: { ...WEEKLY, interval: 3 } }),
        "recurrence_rule.interval",
        /1 or 2/,
      ],
      ["not a picture", elsewhereEvent({ cover: "data:image/png;base64,aGVsbG8=" }), "image", /PNG, JPEG, GIF or WebP/],
      ["no channel", voiceEvent(channelId, { channelId: null }), "channel_id", /needs a channel/],
      ["a text channel", voiceEvent(textChannelId), "channel_id", /voice channel/],
    ];
    for (const [label, event, field, message] of cases) {
      const refused = await refusal(w.caller(owner).scheduledEvents.create({ guildId, event }));
      expect(refused, label).toMatchObject({ code: "BAD_REQUEST", data: { apiCode: 50035 } });
      expect(refused.data.fieldErrors?.[field]?.join(" "), label).toMatch(message);
    }
    expect(await eventCount(guildId)).toBe(0);

    const { id } = await w.caller(owner).scheduledEvents.create({ guildId, event: elsewhereEvent() });
    expect(
      await refusal(w.caller(owner).scheduledEvents.update({ guildId, eventId: id, event: { end: past } })),
    ).toMatchObject({ data: { apiCode: 50035 } });
    expect((await w.caller(owner).scheduledEvents.list({ guildId })).events[0]).toMatchObject({
      end: END.toISOString(),
    });
  });
});
