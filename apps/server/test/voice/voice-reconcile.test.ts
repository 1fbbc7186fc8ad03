import { ManualClock, Permission } from "@chat/domain";
import type { DomainEvent } from "@chat/events";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { botClient, type World } from "../support/rest-fixtures";
import { eventually, VoiceParticipant } from "../support/voice-bot";
import { startVoiceTestServer } from "../support/voice-server";

const MINUTE = 60_000;

describe("voice states: the periodic reconciliation with the media server, and voice-channel events", () => {
  const clock = new ManualClock(new Date("2026-03-02T12:00:00Z"));
  let running: Awaited<ReturnType<typeof startVoiceTestServer>>;
  let world: World;
  const open: VoiceParticipant[] = [];
  const prisma = () => running.t.server.ctx.database.prisma;
  const domain = () => running.t.server.ctx.domain;

  beforeAll(async () => {
    running = await startVoiceTestServer({ clock });
    world = await running.t.seed.world(Permission.ViewChannel | Permission.CreateEvents);
  }, 60_000);
  afterAll(() => running?.close());
  afterEach(async () => {
    for (const participant of open.splice(0)) await participant.close();
    await prisma().voiceState.deleteMany({});
  });

  async function connectBot(): Promise<VoiceParticipant> {
    const join = await (await botClient(running.t, world.token).post(`/channels/${world.voice.id}/voice`)).json();
    const participant = new VoiceParticipant();
    open.push(participant);
    await participant.connect(join);
    await eventually(
      async () => (await prisma().voiceState.count({ where: { userId: world.botUserId } })) === 1,
      "the state",
    );
    return participant;
  }

  it("a state whose participant is not in the room (a lost participant_left) is removed", async () => {
    await prisma().voiceState.create({
      data: {
        guildId: world.guild.id,
        userId: world.owner.id,
        channelId: world.voice.id,
        sessionId: "PA_gone",
        updatedAt: new Date(clock.now().getTime() - MINUTE),
      },
    });
    await domain().voiceSync.reconcile();
    expect(await prisma().voiceState.count({ where: { userId: world.owner.id } })).toBe(0);
  });

  it("a participant in the room without a state (a lost participant_joined) gets one; one made during the listing stays", async () => {
    const participant = await connectBot();
    const sid = participant.room.localParticipant!.sid;
    await prisma().voiceState.deleteMany({});
    await domain().voiceSync.reconcile();
    expect(await prisma().voiceState.findFirst({ where: { userId: world.botUserId } })).toMatchObject({
      sessionId: sid,
      channelId: world.voice.id,
    });
    // A state newer than the listing is not judged by it.
    await prisma().voiceState.create({
      data: {
        guildId: world.guild.id,
        userId: world.owner.id,
        channelId: world.voice.id,
        sessionId: "PA_new",
        updatedAt: new Date(clock.now().getTime() + MINUTE),
      },
    });
    await domain().voiceSync.reconcile();
    expect(await prisma().voiceState.count({ where: { userId: world.owner.id } })).toBe(1);
  });

  it("a stale state beside the same user's live new connection: the row is replaced, the connection stays", async () => {
    const participant = await connectBot();
    const sid = participant.room.localParticipant!.sid;
    await prisma().voiceState.updateMany({
      where: { userId: world.botUserId },
      data: { sessionId: "PA_old", updatedAt: new Date(clock.now().getTime() - MINUTE) },
    });
    await domain().voiceSync.reconcile();
    expect(await prisma().voiceState.findFirst({ where: { userId: world.botUserId } })).toMatchObject({
      sessionId: sid,
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(participant.room.isConnected).toBe(true);
  });

  it("an active voice-channel event stays while someone is really connected and ends after 5 empty minutes", async () => {
    const bot = botClient(running.t, world.token);
    const start = new Date(clock.now().getTime() + MINUTE).toISOString();
    const created = await (
      await bot.post(`/guilds/${world.guild.id}/scheduled-events`, {
        name: "Hangout",
        privacy_level: 2,
        entity_type: 2,
        channel_id: world.voice.id.toString(),
        scheduled_start_time: start,
      })
    ).json();
    expect((await bot.patch(`/guilds/${world.guild.id}/scheduled-events/${created.id}`, { status: 2 })).status).toBe(
      200,
    );
    // An ended event is announced (status 3) and removed.
    const status = async () =>
      (await prisma().scheduledEvent.findUnique({ where: { id: BigInt(created.id) } }))?.status ?? "ended";

    const participant = await connectBot();
    clock.advance(10 * MINUTE);
    await domain().housekeeping.run();
    expect(await status()).toBe(2);

    await participant.close();
    await eventually(async () => (await prisma().voiceState.count()) === 0, "the leave");
    await domain().housekeeping.run();
    clock.advance(4 * MINUTE);
    await domain().housekeeping.run();
    expect(await status()).toBe(2);
    clock.advance(MINUTE);
    await domain().housekeeping.run();
    expect(await status()).toBe("ended");
  });
});

describe("voice when the media server has crashed", () => {
  let running: Awaited<ReturnType<typeof startVoiceTestServer>>;
  let world: World;
  beforeAll(async () => {
    running = await startVoiceTestServer();
    world = await running.t.seed.world(Permission.ViewChannel);
  }, 60_000);
  afterAll(() => running?.close());

  it("a kick still succeeds, the state goes and the leave is announced; reconciliation leaves the states alone", async () => {
    const prisma = running.t.server.ctx.database.prisma;
    const domain = running.t.server.ctx.domain;
    const bot = await running.t.seed.bot(world, Permission.ViewChannel);
    const other = await running.t.seed.bot(world, Permission.ViewChannel);
    const participants: VoiceParticipant[] = [];
    const events: DomainEvent[] = [];
    const stop = running.t.server.ctx.bus.subscribe((event) => events.push(event));
    try {
      for (const token of [bot.botToken, other.botToken]) {
        const join = await (await botClient(running.t, token).post(`/channels/${world.voice.id}/voice`)).json();
        const participant = new VoiceParticipant();
        participants.push(participant);
        await participant.connect(join);
      }
      await eventually(async () => (await prisma.voiceState.count()) === 2, "both states");
      // It crashes: nothing answers any more (a graceful stop would tell of the leaves first).
      process.kill(running.livekit.pid, "SIGKILL");
      await eventually(
        async () =>
          !(await fetch(running.livekit.httpUrl).then(
            () => true,
            () => false,
          )),
        "LiveKit gone",
      );

      await domain.voiceSync.reconcile();
      expect(await prisma.voiceState.count()).toBe(2);
      await domain.members.kick(world.owner.id, world.guild.id, bot.botUser.id);
      expect(await prisma.voiceState.count({ where: { userId: bot.botUser.id } })).toBe(0);
      expect(await prisma.member.count({ where: { guildId: world.guild.id, userId: bot.botUser.id } })).toBe(0);
      await eventually(
        () =>
          events.some(
            (e) =>
              e.t === "VOICE_STATE_UPDATE" &&
              (e.d as { user_id: string; channel_id: string | null }).user_id === bot.botUser.id.toString() &&
              (e.d as { channel_id: string | null }).channel_id === null,
          ),
        "the leave announced",
      );
      expect(events.some((e) => e.t === "GUILD_MEMBER_REMOVE")).toBe(true);
    } finally {
      stop();
      for (const participant of participants) await participant.close();
    }
  });
});
