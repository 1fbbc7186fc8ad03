import { Permission } from "@chat/domain";
import { afterEach, describe, expect, it } from "vitest";
import { RawGatewayClient } from "../support/gateway-client";
import { eventually, VoiceParticipant } from "../support/voice-bot";
import { useVoiceTestServer } from "../support/voice-server";

const BASIC = Permission.ViewChannel | Permission.SendMessages;

/**
 * Spec (voice permissions): enforced by the media server, and "a permission change while
 * connected applies immediately". Audio is real: a bot publishes a tone with LiveKit's Node SDK
 * and the others count the frames they receive that are not silence.
 */
describe("voice permissions, enforced by the media server", () => {
  const s = useVoiceTestServer(BASIC);
  const open: { close(): Promise<unknown> | unknown }[] = [];
  afterEach(async () => {
    for (const thing of open.splice(0)) await thing.close();
  });
  const domain = () => s.t.server.ctx.domain;
  const prisma = () => s.t.server.ctx.database.prisma;

  async function joinAs(token: string, channelId = s.world.voice.id): Promise<VoiceParticipant> {
    const res = await fetch(`${s.t.base}/channels/${channelId}/voice`, {
      method: "POST",
      headers: { authorization: `Bot ${token}` },
    });
    expect(res.status).toBe(200);
    const participant = new VoiceParticipant();
    open.push(participant);
    await participant.connect(await res.json());
    return participant;
  }

  /** A second bot with its own role holding `permissions`; answers its app and its role's id. */
  async function botWith(permissions: bigint) {
    const app = await s.t.seed.bot(s.world, permissions);
    const role = await prisma().role.findFirstOrThrow({
      where: { guildId: s.world.guild.id, botApplication: { botUserId: app.botUser.id } },
    });
    return { ...app, roleId: role.id };
  }

  async function connectedState(userId: bigint) {
    await eventually(
      async () => (await prisma().voiceState.count({ where: { userId } })) === 1,
      `voice state of ${userId}`,
    );
  }

  it("a bot whose only Listen is @everyone's hears nothing; Listen through its role hears the speaker", async () => {
    const speaker = await joinAs(s.world.token);
    await speaker.publishTone();
    const deafBot = await botWith(BASIC);
    const hearingBot = await botWith(BASIC | Permission.Listen);
    const deaf = await joinAs(deafBot.botToken);
    const hearing = await joinAs(hearingBot.botToken);

    await eventually(() => hearing.heardFrom(s.world.botUserId.toString()) > 50, "the Listen bot hears the tone");
    expect(deaf.heardFrom(s.world.botUserId.toString())).toBe(0);
    expect(deaf.heard.size).toBe(0);
  });

  it("Listen given through a channel overwrite while connected: the bot starts hearing", async () => {
    const speaker = await joinAs(s.world.token);
    await speaker.publishTone();
    const later = await botWith(BASIC);
    const listener = await joinAs(later.botToken);
    await connectedState(later.botUser.id);
    expect(listener.heard.size).toBe(0);
    await domain().channelOverwrites.put(s.world.voice.id, later.botUser.id, s.world.owner.id, {
      type: 1,
      allow: Permission.Listen.toString(),
    });
    await eventually(
      () => listener.heardFrom(s.world.botUserId.toString()) > 20,
      "the bot hears once Listen is allowed",
    );
    expect(await prisma().voiceState.findFirst({ where: { userId: later.botUser.id } })).toMatchObject({
      listening: true,
    });
  });

  it("Listen taken away while connected: audio stops within a second and the state shows listening false", async () => {
    const speaker = await joinAs(s.world.token);
    await speaker.publishTone();
    const bot = await botWith(BASIC | Permission.Listen);
    const gateway = await RawGatewayClient.identified(s.t, bot.botToken, (1 << 0) | (1 << 7));
    open.push({ close: () => gateway.close() });
    const listener = await joinAs(bot.botToken);
    const speakerId = s.world.botUserId.toString();
    await eventually(() => listener.heardFrom(speakerId) > 20, "hearing before the change");

    await domain().roles.update(s.world.owner.id, s.world.guild.id, bot.roleId, { permissions: BASIC.toString() });
    const takenAt = Date.now();
    const atChange = listener.heardFrom(speakerId);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const afterOneSecond = listener.heardFrom(speakerId);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // Whatever was in flight at the change may land; after that second, not one frame more.
    expect(listener.heardFrom(speakerId)).toBe(afterOneSecond);
    expect(afterOneSecond - atChange).toBeLessThan(100);
    expect(Date.now() - takenAt).toBeGreaterThanOrEqual(2_000);

    const update = await gateway.dispatch(
      "VOICE_STATE_UPDATE",
      (d) => d.user_id === bot.botUser.id.toString() && d.listening === false,
    );
    expect(update.d.channel_id).toBe(s.world.voice.id.toString());
    const res = await fetch(`${s.t.base}/guilds/${s.world.guild.id}/voice-states/@me`, {
      headers: { authorization: `Bot ${bot.botToken}` },
    });
    expect(await res.json()).toMatchObject({ listening: false, channel_id: s.world.voice.id.toString() });
  });

  it("Speak taken away while connected: the bot's track is unpublished", async () => {
    const bot = await botWith(BASIC);
    const speaker = await joinAs(bot.botToken);
    await speaker.publishTone();
    const listenerBot = await botWith(BASIC | Permission.Listen);
    const listener = await joinAs(listenerBot.botToken);
    await eventually(() => listener.heardFrom(bot.botUser.id.toString()) > 20, "the tone arrives");
    await domain().channelOverwrites.put(s.world.voice.id, bot.botUser.id, s.world.owner.id, {
      type: 1,
      deny: Permission.Speak.toString(),
    });
    // The media server removes the track: the others no longer see it, and its audio stops.
    const remote = () => listener.room.remoteParticipants.get(bot.botUser.id.toString());
    await eventually(() => (remote()?.trackPublications.size ?? 0) === 0, "the listener no longer sees the track");
    const heard = listener.heardFrom(bot.botUser.id.toString());
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(listener.heardFrom(bot.botUser.id.toString())).toBe(heard);
    expect(speaker.room.isConnected).toBe(true);
    expect(remote()).toBeDefined();
  });

  it("Connect taken away while connected: the bot is disconnected and its state ends", async () => {
    const bot = await botWith(BASIC);
    const participant = await joinAs(bot.botToken);
    await connectedState(bot.botUser.id);
    await domain().channelOverwrites.put(s.world.voice.id, bot.botUser.id, s.world.owner.id, {
      type: 1,
      deny: Permission.Connect.toString(),
    });
    await eventually(() => !participant.room.isConnected, "disconnected");
    expect(await prisma().voiceState.count({ where: { userId: bot.botUser.id } })).toBe(0);
  });

  it("View Channel taken away while connected: disconnected, and told with channel_id null", async () => {
    const bot = await botWith(BASIC);
    const gateway = await RawGatewayClient.identified(s.t, bot.botToken, (1 << 0) | (1 << 7));
    open.push({ close: () => gateway.close() });
    const participant = await joinAs(bot.botToken);
    await gateway.dispatch(
      "VOICE_STATE_UPDATE",
      (d) => d.user_id === bot.botUser.id.toString() && d.channel_id !== null,
    );
    await domain().channelOverwrites.put(s.world.voice.id, bot.botUser.id, s.world.owner.id, {
      type: 1,
      deny: Permission.ViewChannel.toString(),
    });
    await eventually(() => !participant.room.isConnected, "disconnected");
    expect(
      (await gateway.dispatch("VOICE_STATE_UPDATE", (d) => d.user_id === bot.botUser.id.toString())).d.channel_id,
    ).toBeNull();
  });

  it("a kicked bot is disconnected; a token it still holds no longer gets it in", async () => {
    const bot = await botWith(BASIC);
    const res = await fetch(`${s.t.base}/channels/${s.world.voice.id}/voice`, {
      method: "POST",
      headers: { authorization: `Bot ${bot.botToken}` },
    });
    const join = await res.json();
    const participant = new VoiceParticipant();
    open.push(participant);
    await participant.connect(join);
    await connectedState(bot.botUser.id);
    await domain().members.kick(s.world.owner.id, s.world.guild.id, bot.botUser.id);
    await eventually(() => !participant.room.isConnected, "disconnected on kick");
    expect(await prisma().voiceState.count({ where: { userId: bot.botUser.id } })).toBe(0);

    // Within its 600 seconds the token still opens the room; the service puts the non-member out.
    const again = new VoiceParticipant();
    open.push(again);
    await again.connect(join);
    await eventually(() => !again.room.isConnected, "put out again");
    expect(await prisma().voiceState.count({ where: { userId: bot.botUser.id } })).toBe(0);
  });

  it("a role holding Listen taken from the bot through REST: it stops hearing; a ban disconnects", async () => {
    const speaker = await joinAs(s.world.token);
    await speaker.publishTone();
    const bot = await botWith(BASIC);
    const ears = await domain().roles.create(s.world.owner.id, s.world.guild.id, {
      name: "Ears",
      permissions: Permission.Listen.toString(),
    });
    const owner = await domain().applications.create(s.world.owner.id, "Owner's helper");
    await domain().members.addBot(s.world.owner.id, s.world.guild.id, owner.application.id, Permission.Administrator);
    const admin = (method: string, path: string) =>
      fetch(`${s.t.base}${path}`, { method, headers: { authorization: `Bot ${owner.botToken}` } });
    expect((await admin("PUT", `/guilds/${s.world.guild.id}/members/${bot.botUser.id}/roles/${ears.id}`)).status).toBe(
      204,
    );
    const listener = await joinAs(bot.botToken);
    await eventually(() => listener.heardFrom(s.world.botUserId.toString()) > 20, "hearing through the Ears role");

    expect(
      (await admin("DELETE", `/guilds/${s.world.guild.id}/members/${bot.botUser.id}/roles/${ears.id}`)).status,
    ).toBe(204);
    await eventually(
      async () => (await prisma().voiceState.findFirst({ where: { userId: bot.botUser.id } }))?.listening === false,
      "listening false",
    );
    const heard = listener.heardFrom(s.world.botUserId.toString());
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(listener.heardFrom(s.world.botUserId.toString()) - heard).toBeLessThan(100);
    const settled = listener.heardFrom(s.world.botUserId.toString());
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(listener.heardFrom(s.world.botUserId.toString())).toBe(settled);

    expect(
      (
        await fetch(`${s.t.base}/guilds/${s.world.guild.id}/bans/${bot.botUser.id}`, {
          method: "PUT",
          headers: { authorization: `Bot ${owner.botToken}`, "content-type": "application/json" },
          body: "{}",
        })
      ).status,
    ).toBe(204);
    await eventually(() => !listener.room.isConnected, "disconnected on ban");
    expect(await prisma().voiceState.count({ where: { userId: bot.botUser.id } })).toBe(0);
  });

  it("a suspended person is disconnected, and a join token from before no longer gets them in", async () => {
    const person = await s.t.seed.person();
    await domain().members.addPerson(s.world.guild.id, person.id);
    const join = await domain().voice.join(s.world.voice.id, person.id, {});
    const participant = new VoiceParticipant();
    open.push(participant);
    await participant.connect(join);
    await connectedState(person.id);
    await domain().accounts.suspend(person.id);
    await eventually(() => !participant.room.isConnected, "disconnected on suspension");
    expect(await prisma().voiceState.count({ where: { userId: person.id } })).toBe(0);
    const again = new VoiceParticipant();
    open.push(again);
    await again.connect(join);
    await eventually(() => !again.room.isConnected, "put out again");
  });

  it("the voice channel deleted: everyone in it is disconnected", async () => {
    const channel = await prisma().channel.create({
      data: { guildId: s.world.guild.id, type: 2, name: "doomed", position: 20 },
    });
    const participant = await joinAs(s.world.token, channel.id);
    await connectedState(s.world.botUserId);
    await domain().channels.delete(channel.id, s.world.owner.id);
    await eventually(() => !participant.room.isConnected, "disconnected on delete");
    expect(await prisma().voiceState.count({ where: { channelId: channel.id } })).toBe(0);
  });
});
