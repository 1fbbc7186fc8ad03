import { type Client, Events } from "discord.js";
import { type BotVoice, type VoiceJoinAnswer, voiceStateLog } from "../bot-voice";

/** discord.js: its REST client on our voice routes, its VoiceStateUpdate event and guild.voiceStates cache. */
export function discordJsVoice(client: Client): BotVoice {
  const states = voiceStateLog();
  client.on(Events.VoiceStateUpdate, (_old, state) =>
    states.push({
      userId: state.id,
      guildId: state.guild.id,
      channelId: state.channelId,
      selfMute: state.selfMute === true,
      selfDeaf: state.selfDeaf === true,
    }),
  );
  return {
    states,
    async join(channelId, body = {}) {
      return (await client.rest.post(`/channels/${channelId}/voice`, { body })) as VoiceJoinAnswer;
    },
    async setSelf(guildId, body) {
      await client.rest.patch(`/guilds/${guildId}/voice-states/@me`, { body });
    },
    async leave(guildId) {
      await client.rest.delete(`/guilds/${guildId}/voice-states/@me`);
    },
    inVoice(guildId) {
      const guild = client.guilds.cache.get(guildId);
      return new Map(
        [...(guild?.voiceStates.cache.values() ?? [])].flatMap((s) =>
          s.channelId ? [[s.id, s.channelId] as [string, string]] : [],
        ),
      );
    },
  };
}
