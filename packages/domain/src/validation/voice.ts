import { z } from "zod";

/** POST /channels/{channel}/voice: optional `self_mute`, `self_deaf` (default false). A missing body is `{}`. */
export const zVoiceJoin = z
  .object({
    self_mute: z.boolean().nullish(),
    self_deaf: z.boolean().nullish(),
  })
  .nullish()
  .transform((body) => ({ selfMute: body?.self_mute ?? false, selfDeaf: body?.self_deaf ?? false }));

/** PATCH /guilds/{guild}/voice-states/@me: `self_mute`, `self_deaf`, or `channel_id: null` to leave. */
export const zVoiceStatePatch = z.object({
  self_mute: z.boolean().nullish(),
  self_deaf: z.boolean().nullish(),
  channel_id: z.null({ error: "Only null (leave the voice channel) is accepted." }).optional(),
});
