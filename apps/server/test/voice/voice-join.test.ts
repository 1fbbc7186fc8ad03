import { Permission } from "@chat/domain";
import { afterAll, describe, expect, it } from "vitest";
import { expectError, fixtures } from "../support/rest-fixtures";
import { useVoiceTestServer } from "../support/voice-server";

/** The video grant of a LiveKit token (its JWT's payload). */
function grantOf(token: string): Record<string, unknown> & { video: Record<string, unknown> } {
  return JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
}

const BASIC = Permission.ViewChannel | Permission.SendMessages;

describe("POST /channels/{channel}/voice: the join token", () => {
  const s = useVoiceTestServer(BASIC);

  it("answers url, token, room, identity, expires_in 600, speak and listen", async () => {
    const res = await s.bot.post(`/channels/${s.world.voice.id}/voice`);
    expect(res.status).toBe(200);
    const join = await res.json();
    expect(join).toEqual({
      url: s.livekit.url,
      token: expect.any(String),
      room: s.world.voice.id.toString(),
      identity: s.world.botUserId.toString(),
      expires_in: 600,
      speak: true,
      listen: false,
    });
    const claims = grantOf(join.token);
    expect(claims.sub).toBe(s.world.botUserId.toString());
    expect((claims.exp as number) - (claims.nbf as number)).toBe(600);
    expect(claims.video).toMatchObject({
      roomJoin: true,
      room: s.world.voice.id.toString(),
      canPublish: true,
      canSubscribe: false,
    });
  });

  it("Speak grants audio only: the microphone is the one source a participant may publish", async () => {
    const join = await (await s.bot.post(`/channels/${s.world.voice.id}/voice`)).json();
    expect(grantOf(join.token).video.canPublishSources).toEqual(["microphone"]);
  });

  it("@everyone's Listen never counts for a bot; Listen through its own role does", async () => {
    const everyone = await s.t.server.ctx.database.prisma.role.findUniqueOrThrow({ where: { id: s.world.guild.id } });
    expect(everyone.permissions & Permission.Listen).toBe(Permission.Listen);
    const before = await (await s.bot.post(`/channels/${s.world.voice.id}/voice`)).json();
    expect(before.listen).toBe(false);

    const listener = await s.t.seed.bot(s.world, BASIC | Permission.Listen);
    const res = await fetch(`${s.t.base}/channels/${s.world.voice.id}/voice`, {
      method: "POST",
      headers: { authorization: `Bot ${listener.botToken}` },
    });
    const join = await res.json();
    expect(join.listen).toBe(true);
    expect(grantOf(join.token).video.canSubscribe).toBe(true);
  });

  it("a channel overwrite allowing Listen for the bot makes it hear", async () => {
    const listener = await s.t.seed.bot(s.world, BASIC);
    const channel = await fixtures(s.t).channel(s.world.guild.id, { name: "stage-ish", type: 2 });
    await fixtures(s.t).overwrite(channel.id, listener.botUser.id, { allow: Permission.Listen }, 1);
    const res = await fetch(`${s.t.base}/channels/${channel.id}/voice`, {
      method: "POST",
      headers: { authorization: `Bot ${listener.botToken}` },
    });
    expect((await res.json()).listen).toBe(true);
  });

  it("self_mute and self_deaf are booleans; anything else is 50035", async () => {
    expect(
      (await s.bot.post(`/channels/${s.world.voice.id}/voice`, { self_mute: true, self_deaf: false })).status,
    ).toBe(200);
    const body = await expectError(
      await s.bot.post(`/channels/${s.world.voice.id}/voice`, { self_mute: "yes" }),
      400,
      50035,
    );
    expect(body.errors).toHaveProperty("self_mute");
  });

  it("a text channel answers 50024", async () => {
    await expectError(await s.bot.post(`/channels/${s.world.text.id}/voice`), 400, 50024);
  });

  it("a hidden voice channel answers 10003, as if it did not exist; so does an unknown one", async () => {
    const hidden = await fixtures(s.t).channel(s.world.guild.id, { name: "hidden", type: 2 });
    await fixtures(s.t).hideFromEveryone(hidden.id, s.world.guild.id);
    await expectError(await s.bot.post(`/channels/${hidden.id}/voice`), 404, 10003);
    await expectError(await s.bot.post(`/channels/999999999/voice`), 404, 10003);
    await expectError(await s.bot.post(`/channels/not-an-id/voice`), 404, 10003);
  });

  it("without Connect the join is refused with 50013", async () => {
    const noConnect = await fixtures(s.t).channel(s.world.guild.id, { name: "no-connect", type: 2 });
    await fixtures(s.t).overwrite(noConnect.id, s.world.guild.id, { deny: Permission.Connect });
    await expectError(await s.bot.post(`/channels/${noConnect.id}/voice`), 403, 50013);
  });

  it("a token alone makes no voice state: GET answers 10065 until the bot connects", async () => {
    await s.bot.post(`/channels/${s.world.voice.id}/voice`);
    await expectError(await s.bot.get(`/guilds/${s.world.guild.id}/voice-states/@me`), 404, 10065);
    await expectError(
      await s.bot.patch(`/guilds/${s.world.guild.id}/voice-states/@me`, { self_mute: true }),
      404,
      10065,
    );
  });
});

describe("voice on a server without a media server", () => {
  let close: (() => Promise<void>) | undefined;
  afterAll(() => close?.());

  it("joining answers 400 saying voice is not configured", async () => {
    const { startTestServer } = await import("../support/test-server");
    const { botClient } = await import("../support/rest-fixtures");
    const t = await startTestServer();
    close = () => t.close();
    const world = await t.seed.world(BASIC);
    const body = await expectError(
      await botClient(t, world.token).post(`/channels/${world.voice.id}/voice`),
      400,
      50035,
    );
    expect(body.message).toBe("Voice is not configured on this server.");
  });
});
