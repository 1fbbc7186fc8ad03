import { z } from "zod";
import { zSnowflake } from "../inputs";
import { protectedProcedure, router } from "../trpc";
import { type VoiceJoinView, type VoiceStateView, voiceJoinView, voiceStateView } from "../voice-views";

export const voiceRouter = router({
  /** Whether this server has a media server: without one, voice channels say so and cannot be joined. */
  status: protectedProcedure.query(({ ctx }): { available: boolean } => ({ available: ctx.domain.voice.available })),

  /**
   * A token to connect to a voice channel's room (Connect; Speak and Listen decide what it may
   * do). The person shows in the channel once their browser is really connected; being in
   * another voice channel of the guild ends there.
   */
  join: protectedProcedure
    .input(z.object({ channelId: zSnowflake, selfMute: z.boolean().optional(), selfDeaf: z.boolean().optional() }))
    .mutation(async ({ ctx, input }): Promise<VoiceJoinView> => {
      const join = await ctx.domain.voice.join(input.channelId, ctx.me.id, {
        self_mute: input.selfMute ?? false,
        self_deaf: input.selfDeaf ?? false,
      });
      return voiceJoinView(join);
    }),

  /** Out of the guild's voice channel (nothing when not in one); everyone who sees it is told. */
  leave: protectedProcedure.input(z.object({ guildId: zSnowflake })).mutation(async ({ ctx, input }) => {
    await ctx.domain.voice.leave(input.guildId, ctx.me.id);
    return { ok: true as const };
  }),

  /** Mute or deafen oneself: everyone in the channel's view sees it. */
  setSelf: protectedProcedure
    .input(z.object({ guildId: zSnowflake, selfMute: z.boolean().optional(), selfDeaf: z.boolean().optional() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.domain.voice.updateSelf(input.guildId, ctx.me.id, {
        self_mute: input.selfMute,
        self_deaf: input.selfDeaf,
      });
      return { ok: true as const };
    }),

  /** Who is in the guild's voice channels the person can see; kept current by VOICE_STATE_UPDATE. */
  states: protectedProcedure
    .input(z.object({ guildId: zSnowflake }))
    .query(async ({ ctx, input }): Promise<VoiceStateView[]> => {
      const states = await ctx.domain.voice.guildStates(input.guildId, ctx.me.id);
      return states.map((s) => voiceStateView(s));
    }),
});
