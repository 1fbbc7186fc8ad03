import { type Client, GatewayDispatchEvents } from "@discordjs/core";
import { type BotVoice, type VoiceJoinAnswer, voiceStateLog } from "../bot-voice";

/** @discordjs/core keeps no cache: who is in voice is GUILD_CREATE's voice_states, then each VOICE_STATE_UPDATE. */
export function discordJsCoreVoice(client: Client): BotVoice {
  const states = voiceStateLog();
  const inVoice = new Map<string, Map<string, string>>();
  const guildVoice = (guildId: string) => inVoice.get(guildId) ?? inVoice.set(guildId, new Map()).get(guildId)!;
  client.on(GatewayDispatchEvents.GuildCreate, ({ data }) => {
    inVoice.set(
      data.id,
      new Map(data.voice_states.flatMap((s) => (s.channel_id ? [[s.user_id, s.channel_id] as [string, string]] : []))),
    );
  });
  client.on(GatewayDispatchEvents.VoiceStateUpdate, ({ data }) => {
    const guildId = data.guild_id ?? "";
    if (data.channel_id) guildVoice(guildId).set(data.user_id, data.channel_id);
    else guildVoice(guildId).delete(data.user_id);
    states.push({
      userId: data.user_id,
      guildId,
      channelId: data.channel_id,
      selfMute: data.self_mute,
      selfDeaf: data.self_deaf,
    });
  });
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
    inVoice: (guildId) => new Map(guildVoice(guildId)),
  };
}
