import { ManualClock, Permission } from "@chat/domain";
import type { DomainEvent } from "@chat/events";
import { GatewayIntentBits } from "discord-api-types/v10";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RawGatewayClient, waitFor } from "../../support/gateway-client";
import { startTestServer, type TestServer } from "../../support/harness";
import type { World } from "../../support/rest-fixtures";

/** Monday 5 January 2026, noon UTC. */
const NOW = new Date("2026-01-05T12:00:00Z");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Json = Record<string, any>;

describe("scheduled-event timers (housekeeping)", () => {
  let t: TestServer;
  let world: World;
  let clock: ManualClock;
  const bus: DomainEvent[] = [];

  const domain = () => t.server.ctx.domain;
  const prisma = () => t.server.ctx.database.prisma;
  const housekeeping = () => domain().housekeeping.run();
  const create = (body: Json) =>
    domain().scheduledEvents.create(world.guild.id, world.botUserId, body) as Promise<Json>;
  const edit = (id: string, body: Json) =>
    domain().scheduledEvents.edit(world.guild.id, BigInt(id), world.botUserId, body) as Promise<Json>;
  const row = (id: string) => prisma().scheduledEvent.findUnique({ where: { id: BigInt(id) } });
  /** What the bus carried about one event since the last call, as [t, status]. */
  let seenUpTo = 0;
  const announced = async (id: string, settle: () => boolean = () => true) => {
    await waitFor(settle);
    const fresh = bus.slice(seenUpTo);
    seenUpTo = bus.length;
    return fresh.filter((e) => (e.d as Json)?.id === id).map((e) => [e.t, (e.d as Json).status]);
  };
  const external = (over: Json = {}) => ({
    name: "Meetup",
    privacy_level: 2,
    entity_type: 3,
    scheduled_start_time: "2026-01-05T13:00:00Z",
    scheduled_end_time: "2026-01-05T14:00:00Z",
    entity_metadata: { location: "Town hall" },
    ...over,
  });
  const voice = (over: Json = {}) => ({
    name: "Voice hangout",
    privacy_level: 2,
    entity_type: 2,
    channel_id: world.voice.id.toString(),
    scheduled_start_time: "2026-01-05T13:00:00Z",
    ...over,
  });
  const joinVoice = (userId: bigint) =>
    prisma().voiceState.create({
      data: { guildId: world.guild.id, userId, channelId: world.voice.id, sessionId: `s-${userId}` },
    });

  beforeAll(async () => {
    clock = new ManualClock(NOW);
    t = await startTestServer({ clock });
    world = await t.seed.world(Permission.ViewChannel | Permission.CreateEvents);
    t.server.ctx.bus.subscribe((event) => bus.push(event));
  });
  beforeEach(async () => {
    clock.set(NOW);
    await prisma().scheduledEvent.deleteMany({});
    await prisma().voiceState.deleteMany({});
    seenUpTo = bus.length;
  });
  afterAll(() => t?.close());

  it("starts a somewhere-else event at its start time and ends it at its end time, then deletes it", async () => {
    const event = await create(external());
    await announced(event.id);
    clock.set(new Date("2026-01-05T12:59:59Z"));
    await housekeeping();
    expect((await row(event.id))?.status).toBe(1);
    clock.set(new Date("2026-01-05T13:00:00Z"));
    await housekeeping();
    expect((await row(event.id))?.status).toBe(2);
    expect(await announced(event.id, () => bus.length > seenUpTo)).toEqual([["GUILD_SCHEDULED_EVENT_UPDATE", 2]]);
    clock.set(new Date("2026-01-05T14:00:00Z"));
    await housekeeping();
    expect(await row(event.id)).toBeNull();
    expect(await announced(event.id, () => bus.length >= seenUpTo + 2)).toEqual([
      ["GUILD_SCHEDULED_EVENT_UPDATE", 3],
      ["GUILD_SCHEDULED_EVENT_DELETE", 3],
    ]);
  });

  it("cancels a voice-channel event not started within 12 hours of its start", async () => {
    const event = await create(voice());
    const external_ = await create(external({ scheduled_end_time: "2026-01-06T14:00:00Z" }));
    await announced(event.id);
    clock.set(new Date(Date.parse("2026-01-05T13:00:00Z") + 12 * HOUR - MINUTE));
    await housekeeping();
    expect((await row(event.id))?.status).toBe(1);
    clock.advance(MINUTE);
    await housekeeping();
    expect(await row(event.id)).toBeNull();
    expect(await announced(event.id, () => bus.some((e) => e.t === "GUILD_SCHEDULED_EVENT_DELETE"))).toEqual([
      ["GUILD_SCHEDULED_EVENT_UPDATE", 4],
      ["GUILD_SCHEDULED_EVENT_DELETE", 4],
    ]);
    // A somewhere-else event is never cancelled that way: it started by itself.
    expect((await row(external_.id))?.status).toBe(2);
  });

  it("ends an active voice-channel event once its channel has been empty for 5 minutes", async () => {
    const person = await t.seed.person();
    await domain().members.addPerson(world.guild.id, person.id);
    const event = await create(voice());
    clock.set(new Date("2026-01-05T13:00:00Z"));
    await joinVoice(person.id);
    await edit(event.id, { status: 2 });
    expect((await row(event.id))?.emptySince).toBeNull();

    // Someone is there: nothing happens however long it lasts.
    clock.advance(HOUR);
    await housekeeping();
    expect(await row(event.id)).toMatchObject({ status: 2, emptySince: null });

    // The channel empties: noted at the next run, ended 5 minutes later.
    await prisma().voiceState.deleteMany({});
    await housekeeping();
    const emptiedAt = clock.now();
    expect(await row(event.id)).toMatchObject({ status: 2, emptySince: emptiedAt });
    clock.advance(4 * MINUTE);
    await housekeeping();
    expect((await row(event.id))?.status).toBe(2);

    // Someone comes back: the count starts again.
    await joinVoice(person.id);
    await housekeeping();
    expect(await row(event.id)).toMatchObject({ status: 2, emptySince: null });
    await prisma().voiceState.deleteMany({});
    await housekeeping();
    clock.advance(5 * MINUTE - 1);
    await housekeeping();
    expect((await row(event.id))?.status).toBe(2);
    seenUpTo = bus.length;
    clock.advance(1);
    await housekeeping();
    expect(await row(event.id)).toBeNull();
    expect(
      await announced(event.id, () =>
        bus.some((e) => e.t === "GUILD_SCHEDULED_EVENT_DELETE" && (e.d as Json).id === event.id),
      ),
    ).toEqual([
      ["GUILD_SCHEDULED_EVENT_UPDATE", 3],
      ["GUILD_SCHEDULED_EVENT_DELETE", 3],
    ]);
  });

  it("counts an event started in an empty channel as empty from its start", async () => {
    const event = await create(voice());
    clock.set(new Date("2026-01-05T13:00:00Z"));
    await edit(event.id, { status: 2 });
    expect((await row(event.id))?.emptySince).toEqual(clock.now());
    clock.advance(5 * MINUTE);
    await housekeeping();
    expect(await row(event.id)).toBeNull();
  });

  it("moves a repeating event to its next occurrence instead of deleting it, keeping its interested users", async () => {
    // Wednesday 7 January 18:00–20:00, weekly.
    const event = await create(
      external({
        scheduled_start_time: "2026-01-07T18:00:00Z",
        scheduled_end_time: "2026-01-07T20:00:00Z",
        recurrence_rule: { frequency: 2, by_weekday: [2] },
      }),
    );
    clock.set(new Date("2026-01-07T18:00:00Z"));
    await housekeeping();
    expect((await row(event.id))?.status).toBe(2);
    seenUpTo = bus.length;
    clock.set(new Date("2026-01-07T20:00:00Z"));
    await housekeeping();
    const moved = await row(event.id);
    expect(moved).toMatchObject({
      status: 1,
      scheduledStartTime: new Date("2026-01-14T18:00:00Z"),
      scheduledEndTime: new Date("2026-01-14T20:00:00Z"),
    });
    const updates = await announced(event.id, () => bus.length >= seenUpTo + 2);
    expect(updates).toEqual([
      ["GUILD_SCHEDULED_EVENT_UPDATE", 3],
      ["GUILD_SCHEDULED_EVENT_UPDATE", 1],
    ]);
    const last = bus.filter((e) => (e.d as Json)?.id === event.id).at(-1)?.d as Json;
    expect(last).toMatchObject({
      scheduled_start_time: "2026-01-14T18:00:00.000Z",
      recurrence_rule: { start: "2026-01-14T18:00:00.000Z" },
    });
    expect(await prisma().scheduledEventUser.count({ where: { eventId: BigInt(event.id) } })).toBe(1);
  });

  it("moves a cancelled repeating voice-channel event to the first occurrence after now", async () => {
    // Daily at 13:00, cancelled before it starts; housekeeping runs late, two days on.
    const event = await create(voice({ recurrence_rule: { frequency: 3 } }));
    await edit(event.id, { status: 4 });
    clock.set(new Date("2026-01-07T15:00:00Z"));
    await housekeeping();
    expect(await row(event.id)).toMatchObject({
      status: 1,
      scheduledStartTime: new Date("2026-01-08T13:00:00Z"),
      scheduledEndTime: null,
    });
  });

  it("changes each event once and announces it once when several nodes run housekeeping together", async () => {
    const events = await Promise.all([create(external({ name: "A" })), create(external({ name: "B" }))]);
    seenUpTo = bus.length;
    clock.set(new Date("2026-01-05T13:30:00Z"));
    await Promise.all([housekeeping(), housekeeping(), housekeeping()]);
    // Barrier: an event published after the runs.
    await domain().scheduledEvents.setInterest(world.guild.id, BigInt(events[0].id), world.owner.id, true);
    await waitFor(() => bus.slice(seenUpTo).some((e) => e.t === "GUILD_SCHEDULED_EVENT_USER_ADD"));
    const updates = bus.slice(seenUpTo).filter((e) => e.t === "GUILD_SCHEDULED_EVENT_UPDATE");
    expect(updates.map((e) => (e.d as Json).name).sort()).toEqual(["A", "B"]);
  });

  it("deletes a voice-channel event whose channel was deleted", async () => {
    const extra = await prisma().channel.create({
      data: { guildId: world.guild.id, type: 2, name: "Temporary", position: 9 },
    });
    const event = await create(voice({ channel_id: extra.id.toString() }));
    await prisma().channel.delete({ where: { id: extra.id } });
    await housekeeping();
    expect(await row(event.id)).toBeNull();
  });

  it("delivers the timed updates over the gateway (emission rule 1)", async () => {
    const session = await RawGatewayClient.identified(
      t,
      world.token,
      GatewayIntentBits.Guilds | GatewayIntentBits.GuildScheduledEvents,
    );
    await session.dispatch("GUILD_CREATE");
    const event = await create(external({ recurrence_rule: { frequency: 3 } }));
    await session.dispatch("GUILD_SCHEDULED_EVENT_CREATE", (d) => d.id === event.id);
    clock.set(new Date("2026-01-05T13:00:00Z"));
    await housekeeping();
    expect((await session.dispatch("GUILD_SCHEDULED_EVENT_UPDATE", (d) => d.id === event.id)).d.status).toBe(2);
    clock.set(new Date("2026-01-05T14:00:00Z"));
    await housekeeping();
    expect(
      (await session.dispatch("GUILD_SCHEDULED_EVENT_UPDATE", (d) => d.id === event.id && d.status === 3)).d.status,
    ).toBe(3);
    const next = await session.dispatch("GUILD_SCHEDULED_EVENT_UPDATE", (d) => d.id === event.id && d.status === 1);
    expect(next.d.scheduled_start_time).toBe("2026-01-06T13:00:00.000Z");
    await session.close();
  });
});
