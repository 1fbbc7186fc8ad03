import { Permission } from "@chat/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually as eventuallyAsync, VoiceParticipant } from "../support/voice-bot";
import { useVoiceTestServer } from "../support/voice-server";
import type { BotLibrary } from "./bot-library";
import { CONFORMANCE_INTENTS, CONFORMANCE_PERMISSIONS, type LibraryUnderTest } from "./scenario";

const GUILD_VOICE_STATES = 1 << 7;

/**
 * The voice scenario (issue 14), for the libraries the spec names: the bot joins through its
 * library's REST client, connects with LiveKit's Node SDK using the answer, hears a person's
 * tone (Listen through its role), and follows its own voice state through the library's
 * VOICE_STATE_UPDATE events and cache: join, mute and deafen, leave.
 */
export function describeVoiceConformance(library: LibraryUnderTest): void {
  describe(`${library.name} joins voice through REST and follows voice states`, () => {
    const env = useVoiceTestServer(CONFORMANCE_PERMISSIONS | Permission.Listen);
    let bot: BotLibrary;
    const open: VoiceParticipant[] = [];

    beforeAll(async () => {
      bot = library.create({
        api: env.t.api,
        base: env.t.base,
        token: env.world.token,
        intents: CONFORMANCE_INTENTS | GUILD_VOICE_STATES,
      });
      await bot.login();
    });
    afterAll(async () => {
      for (const participant of open) await participant.close();
      await bot?.destroy();
    });

    it("joins, hears a person, mutes, deafens and leaves, and the library follows each step", async () => {
      const voice = bot.voice!;
      const guildId = env.world.guild.id.toString();
      const channelId = env.world.voice.id.toString();
      const selfId = bot.selfId();

      const join = await voice.join(channelId, { self_mute: false });
      expect(join).toMatchObject({
        room: channelId,
        identity: selfId,
        expires_in: 600,
        speak: true,
        listen: true,
        url: env.livekit.url,
      });
      const media = new VoiceParticipant();
      open.push(media);
      await media.connect(join);
      const joined = await voice.states.waitFor(
        (s) => s.userId === selfId && s.channelId === channelId,
        "the bot's join",
      );
      expect(joined).toMatchObject({ guildId, selfMute: false, selfDeaf: false });
      expect(voice.inVoice(guildId).get(selfId)).toBe(channelId);

      // A person (through the same domain service as the web app) joins and speaks; the bot hears.
      const person = await env.t.server.ctx.domain.voice.join(env.world.voice.id, env.world.owner.id, {});
      const speaker = new VoiceParticipant();
      open.push(speaker);
      await speaker.connect(person);
      await speaker.publishTone();
      await voice.states.waitFor(
        (s) => s.userId === env.world.owner.id.toString() && s.channelId === channelId,
        "the person's join",
      );
      await eventuallyAsync(() => media.heardFrom(env.world.owner.id.toString()) > 20, "the bot hears the person");

      await voice.setSelf(guildId, { self_mute: true });
      await voice.states.waitFor((s) => s.userId === selfId && s.selfMute && !s.selfDeaf, "the bot's mute");
      await voice.setSelf(guildId, { self_deaf: true });
      await voice.states.waitFor((s) => s.userId === selfId && s.selfMute && s.selfDeaf, "the bot's deafen");

      await voice.leave(guildId);
      await voice.states.waitFor((s) => s.userId === selfId && s.channelId === null, "the bot's leave");
      expect(voice.inVoice(guildId).has(selfId)).toBe(false);
      expect(voice.inVoice(guildId).get(env.world.owner.id.toString())).toBe(channelId);
      await eventuallyAsync(() => !media.room.isConnected, "the media connection closed");
      expect(bot.problems()).toEqual([]);
    });
  });
}
