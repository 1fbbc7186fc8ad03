import { createHash } from "node:crypto";
import { Permission } from "@chat/domain";
import { AccessToken } from "livekit-server-sdk";
import { afterEach, describe, expect, it } from "vitest";
import { type Frame, RawGatewayClient } from "../support/gateway-client";
import { startTestServer, storageMode } from "../support/harness";
import { expectError, fixtures } from "../support/rest-fixtures";
import { eventually, VoiceParticipant } from "../support/voice-bot";
import { useVoiceTestServer } from "../support/voice-server";

const BASIC = Permission.ViewChannel | Permission.SendMessages;
const GUILDS_AND_VOICE = (1 << 0) | (1 << 7);

describe("voice states follow the media server", () => {
  const s = useVoiceTestServer(BASIC | Permission.Listen);
  const open: { close(): Promise<unknown> | unknown }[] = [];
  afterEach(async () => {
    for (const thing of open.splice(0)) await thing.close();
  });

  async function connect(token: string, channelId: bigint, body?: unknown): Promise<VoiceParticipant> {
    const res = await fetch(`${s.t.base}/channels/${channelId}/voice`, {
      method: "POST",
      headers: { authorization: `Bot ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body ?? {}),
    });
    expect(res.status).toBe(200);
    const participant = new VoiceParticipant();
    open.push(participant);
    await participant.connect(await res.json());
    return participant;
  }

  async function watcher(token: string): Promise<RawGatewayClient> {
    const client = await RawGatewayClient.identified(s.t, token, GUILDS_AND_VOICE);
    open.push({ close: () => client.close() });
    await client.dispatch("GUILD_CREATE");
    return client;
  }

  const stateOf = (userId: bigint) => (d: Frame["d"]) => d.user_id === userId.toString();

  it("connecting makes the state: VOICE_STATE_UPDATE to the bot itself and to others, with member and listening", async () => {
    const gateway = await watcher(s.world.token);
    const other = await s.t.seed.bot(s.world, BASIC);
    const otherGateway = await watcher(other.botToken);
    await connect(s.world.token, s.world.voice.id, { self_deaf: true });

    const own = await gateway.dispatch("VOICE_STATE_UPDATE", stateOf(s.world.botUserId));
    expect(own.d).toMatchObject({
      guild_id: s.world.guild.id.toString(),
      channel_id: s.world.voice.id.toString(),
      user_id: s.world.botUserId.toString(),
      session_id: expect.any(String),
      self_mute: false,
      self_deaf: true,
      mute: false,
      deaf: false,
      self_video: false,
      suppress: false,
      request_to_speak_timestamp: null,
      listening: true,
      member: expect.objectContaining({ user: expect.objectContaining({ id: s.world.botUserId.toString() }) }),
    });
    await otherGateway.dispatch("VOICE_STATE_UPDATE", stateOf(s.world.botUserId));

    const res = await s.bot.get(`/guilds/${s.world.guild.id}/voice-states/@me`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      channel_id: s.world.voice.id.toString(),
      self_deaf: true,
      listening: true,
    });
    const byId = await fetch(`${s.t.base}/guilds/${s.world.guild.id}/voice-states/${s.world.botUserId}`, {
      headers: { authorization: `Bot ${other.botToken}` },
    });
    expect(await byId.json()).toMatchObject({ user_id: s.world.botUserId.toString(), listening: true });
  });

  it("PATCH self_mute and self_deaf is shown to everyone; channel_id null leaves", async () => {
    const gateway = await watcher(s.world.token);
    await connect(s.world.token, s.world.voice.id);
    await gateway.dispatch(
      "VOICE_STATE_UPDATE",
      (d) => d.user_id === s.world.botUserId.toString() && d.channel_id !== null,
    );

    expect((await s.bot.patch(`/guilds/${s.world.guild.id}/voice-states/@me`, { self_mute: true })).status).toBe(204);
    const muted = await gateway.dispatch("VOICE_STATE_UPDATE", stateOf(s.world.botUserId));
    expect(muted.d).toMatchObject({ self_mute: true, self_deaf: false, channel_id: s.world.voice.id.toString() });

    expect((await s.bot.patch(`/guilds/${s.world.guild.id}/voice-states/@me`, { self_deaf: true })).status).toBe(204);
    expect((await gateway.dispatch("VOICE_STATE_UPDATE", stateOf(s.world.botUserId))).d).toMatchObject({
      self_mute: true,
      self_deaf: true,
    });

    await expectError(
      await s.bot.patch(`/guilds/${s.world.guild.id}/voice-states/@me`, { channel_id: s.world.voice.id.toString() }),
      400,
      50035,
    );

    expect((await s.bot.patch(`/guilds/${s.world.guild.id}/voice-states/@me`, { channel_id: null })).status).toBe(204);
    expect((await gateway.dispatch("VOICE_STATE_UPDATE", stateOf(s.world.botUserId))).d).toMatchObject({
      channel_id: null,
    });
    await expectError(await s.bot.get(`/guilds/${s.world.guild.id}/voice-states/@me`), 404, 10065);
  });

  it("DELETE leaves: the media connection is closed and the leave announced", async () => {
    const gateway = await watcher(s.world.token);
    const participant = await connect(s.world.token, s.world.voice.id);
    await gateway.dispatch(
      "VOICE_STATE_UPDATE",
      (d) => d.user_id === s.world.botUserId.toString() && d.channel_id !== null,
    );
    expect((await s.bot.delete(`/guilds/${s.world.guild.id}/voice-states/@me`)).status).toBe(204);
    expect((await gateway.dispatch("VOICE_STATE_UPDATE", stateOf(s.world.botUserId))).d.channel_id).toBeNull();
    await eventually(() => !participant.room.isConnected, "the participant is disconnected");
    // Not in voice: DELETE again changes nothing.
    expect((await s.bot.delete(`/guilds/${s.world.guild.id}/voice-states/@me`)).status).toBe(204);
  });

  it("disconnecting from the media server ends the state (participant_left)", async () => {
    const gateway = await watcher(s.world.token);
    const participant = await connect(s.world.token, s.world.voice.id);
    await gateway.dispatch(
      "VOICE_STATE_UPDATE",
      (d) => d.user_id === s.world.botUserId.toString() && d.channel_id !== null,
    );
    await participant.close();
    expect((await gateway.dispatch("VOICE_STATE_UPDATE", stateOf(s.world.botUserId))).d.channel_id).toBeNull();
    await expectError(await s.bot.get(`/guilds/${s.world.guild.id}/voice-states/@me`), 404, 10065);
  });

  it("joining another channel leaves the first: the old connection is closed", async () => {
    const gateway = await watcher(s.world.token);
    const second = await fixtures(s.t).channel(s.world.guild.id, { name: "second", type: 2 });
    const first = await connect(s.world.token, s.world.voice.id);
    await gateway.dispatch(
      "VOICE_STATE_UPDATE",
      (d) => d.user_id === s.world.botUserId.toString() && d.channel_id === s.world.voice.id.toString(),
    );
    await connect(s.world.token, second.id);
    const moved = await gateway.dispatch(
      "VOICE_STATE_UPDATE",
      (d) => d.user_id === s.world.botUserId.toString() && d.channel_id === second.id.toString(),
    );
    expect(moved.d.channel_id).toBe(second.id.toString());
    await eventually(() => !first.room.isConnected, "the first connection is closed");
    expect(await (await s.bot.get(`/guilds/${s.world.guild.id}/voice-states/@me`)).json()).toMatchObject({
      channel_id: second.id.toString(),
    });
  });

  it("GUILD_CREATE lists voice_states of channels the bot can see", async () => {
    const hidden = await fixtures(s.t).channel(s.world.guild.id, { name: "hidden-voice", type: 2 });
    const other = await s.t.seed.bot(s.world, BASIC);
    await fixtures(s.t).hideFromEveryone(hidden.id, s.world.guild.id);
    await fixtures(s.t).overwrite(hidden.id, other.botUser.id, { allow: Permission.ViewChannel }, 1);
    const gateway = await watcher(s.world.token);
    await connect(other.botToken, hidden.id);
    await eventually(
      async () =>
        (await s.t.server.ctx.database.prisma.voiceState.count({ where: { userId: other.botUser.id } })) === 1,
      "the other bot's state",
    );
    await connect(s.world.token, s.world.voice.id);
    await gateway.dispatch("VOICE_STATE_UPDATE", stateOf(s.world.botUserId));

    const fresh = await RawGatewayClient.identified(s.t, s.world.token, GUILDS_AND_VOICE);
    open.push({ close: () => fresh.close() });
    const guild = await fresh.dispatch("GUILD_CREATE");
    expect(guild.d.voice_states).toEqual([
      expect.objectContaining({
        user_id: s.world.botUserId.toString(),
        channel_id: s.world.voice.id.toString(),
        listening: true,
      }),
    ]);
    // The hidden channel's participant is not there, nor its VOICE_STATE_UPDATE.
    expect(
      gateway.frames.some((f) => f.t === "VOICE_STATE_UPDATE" && f.d.user_id === other.botUser.id.toString()),
    ).toBe(false);
  });

  it("a session without the Guild Voice States intent gets no VOICE_STATE_UPDATE", async () => {
    const quiet = await RawGatewayClient.identified(s.t, s.world.token, 1 << 0);
    open.push({ close: () => quiet.close() });
    await quiet.dispatch("GUILD_CREATE");
    const loud = await watcher(s.world.token);
    await connect(s.world.token, s.world.voice.id);
    await loud.dispatch("VOICE_STATE_UPDATE", stateOf(s.world.botUserId));
    // A later event both receive marks the point by which the first would have come.
    await s.t.server.ctx.domain.guildSettings.update(s.world.owner.id, s.world.guild.id, { name: "Renamed" });
    const seen = await quiet.until((f) => f.t === "GUILD_UPDATE");
    expect(seen.some((f) => f.t === "VOICE_STATE_UPDATE")).toBe(false);
  });

  // A bot of its own: the world's bot may still be in the channel until the media server reports the last test's leave.
  const ownVoiceState = (token: string) =>
    fetch(`${s.t.base}/guilds/${s.world.guild.id}/voice-states/@me`, { headers: { authorization: `Bot ${token}` } });

  it("gateway op 4 (Voice State Update) is ignored: no state, no close", async () => {
    const bot = await s.t.seed.bot(s.world, BASIC);
    const gateway = await watcher(bot.botToken);
    gateway.send({
      op: 4,
      d: {
        guild_id: s.world.guild.id.toString(),
        channel_id: s.world.voice.id.toString(),
        self_mute: false,
        self_deaf: false,
      },
    });
    gateway.send({ op: 1, d: gateway.lastSequence });
    await gateway.next((f) => f.op === 11);
    await expectError(await ownVoiceState(bot.botToken), 404, 10065);
  });

  it("a webhook whose signature does not verify answers 401 and changes nothing", async () => {
    const bot = await s.t.seed.bot(s.world, BASIC);
    const body = JSON.stringify({
      event: "participant_joined",
      room: { name: s.world.voice.id.toString() },
      participant: { identity: bot.botUser.id.toString(), sid: "PA_forged" },
    });
    const unsigned = await fetch(`${s.t.server.url}/livekit/webhook`, {
      method: "POST",
      headers: { "content-type": "application/webhook+json" },
      body,
    });
    expect(unsigned.status).toBe(401);
    const forged = await fetch(`${s.t.server.url}/livekit/webhook`, {
      method: "POST",
      headers: { "content-type": "application/webhook+json", authorization: "eyJhbGciOiJIUzI1NiJ9.e30.c2ln" },
      body,
    });
    expect(forged.status).toBe(401);
    await expectError(await ownVoiceState(bot.botToken), 404, 10065);
  });

  /** LiveKit events about one participant of the voice channel, signed as the media server signs them: a JWT of the API key whose sha256 claim is the body's hash. */
  const signedEvent = async (participant: { identity: string; sid: string }, event: Record<string, unknown>) => {
    const body = JSON.stringify({
      ...event,
      room: { name: s.world.voice.id.toString() },
      participant,
      createdAt: String(Math.floor(Date.now() / 1000)),
    });
    const token = new AccessToken(s.livekit.apiKey, s.livekit.apiSecret, { ttl: "5m" });
    token.sha256 = createHash("sha256").update(body).digest("base64");
    return { body, authorization: await token.toJwt() };
  };
  const deliver = (serverUrl: string, { body, authorization }: { body: string; authorization: string }) =>
    fetch(`${serverUrl}/livekit/webhook`, {
      method: "POST",
      headers: { "content-type": "application/webhook+json", authorization },
      body,
    });

  it("a signed webhook sent again is handled once: a participant_joined replayed after the leave does not bring the state back", async () => {
    const bot = await s.t.seed.bot(s.world, BASIC);
    const participant = { identity: bot.botUser.id.toString(), sid: "PA_replayed" };
    const joined = await signedEvent(participant, { event: "participant_joined", id: "EV_replay_join" });
    const left = await signedEvent(participant, { event: "participant_left", id: "EV_replay_left" });

    expect((await deliver(s.t.server.url, joined)).status).toBe(204);
    expect((await ownVoiceState(bot.botToken)).status).toBe(200);
    expect((await deliver(s.t.server.url, left)).status).toBe(204);
    await expectError(await ownVoiceState(bot.botToken), 404, 10065);
    // The same signed join again, still within its signature's validity: answered 2xx (so it is not retried), dropped.
    expect((await deliver(s.t.server.url, joined)).status).toBe(204);
    await expectError(await ownVoiceState(bot.botToken), 404, 10065);
    expect((await deliver(s.t.server.url, left)).status).toBe(204);
  });

  // Several nodes need PostgreSQL + Redis: this case exists in that pass of the suite.
  if (storageMode === "postgres" && process.env.TEST_REDIS_URL) {
    it("the handled event ids are shared by the nodes: a join replayed to another node after the leave is dropped there too", async () => {
      const livekit = {
        url: s.livekit.url,
        publicUrl: s.livekit.url,
        apiKey: s.livekit.apiKey,
        apiSecret: s.livekit.apiSecret,
      };
      const second = await startTestServer({ storage: s.t.storage, livekit });
      try {
        const bot = await s.t.seed.bot(s.world, BASIC);
        const participant = { identity: bot.botUser.id.toString(), sid: "PA_replayed_elsewhere" };
        const joined = await signedEvent(participant, { event: "participant_joined", id: "EV_replay_join_elsewhere" });
        expect((await deliver(s.t.server.url, joined)).status).toBe(204);
        expect((await ownVoiceState(bot.botToken)).status).toBe(200);
        expect(
          (
            await deliver(
              s.t.server.url,
              await signedEvent(participant, { event: "participant_left", id: "EV_replay_left_elsewhere" }),
            )
          ).status,
        ).toBe(204);
        await expectError(await ownVoiceState(bot.botToken), 404, 10065);
        expect((await deliver(second.server.url, joined)).status).toBe(204);
        await expectError(await ownVoiceState(bot.botToken), 404, 10065);
      } finally {
        await second.close();
      }
    });
  }
});
