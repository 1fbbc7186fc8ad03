import { EMOJI_LIMIT_PER_KIND, EMOJI_MAX_BYTES, PICTURE_MAX_BYTES } from "@chat/domain";
import { z } from "zod";
import { zSnowflake } from "../inputs";
import { protectedProcedure, router } from "../trpc";

/** A custom emoji as the guild settings list it. */
export interface ManagedEmojiView {
  id: string;
  name: string;
  animated: boolean;
  /** Who uploaded it (display name), when known. */
  creatorName: string | null;
}

export interface GuildEmojiSettingsView {
  canManage: boolean;
  emojis: ManagedEmojiView[];
  /** Still and animated emoji a guild may have, each. */
  limitPerKind: number;
  /** The largest picture accepted, in bytes. */
  maxBytes: number;
}

const zGuildEmoji = z.object({ guildId: zSnowflake, emojiId: zSnowflake });
/** Image data (`data:image/png;base64,...`) up to any picture's size; the service checks type and the emoji limit and says what is wrong. */
const zImage = z.string().max(Math.ceil((PICTURE_MAX_BYTES * 4) / 3) + 100);

/**
 * The guild settings' Emoji section: the guild's custom emoji, uploading, renaming and
 * deleting them (Manage Guild Expressions). Members' clients and bots get GUILD_EMOJIS_UPDATE.
 */
export const emojisRouter = router({
  forSettings: protectedProcedure
    .input(z.object({ guildId: zSnowflake }))
    .query(async ({ ctx, input }): Promise<GuildEmojiSettingsView> => {
      const { canManage, emojis } = await ctx.domain.emojis.listForSettings(input.guildId, ctx.me.id);
      return {
        canManage,
        limitPerKind: EMOJI_LIMIT_PER_KIND,
        maxBytes: EMOJI_MAX_BYTES,
        emojis: emojis.map((e) => ({
          id: e.id,
          name: e.name,
          animated: e.animated,
          creatorName: e.user ? (e.user.global_name ?? e.user.username) : null,
        })),
      };
    }),

  upload: protectedProcedure
    .input(z.object({ guildId: zSnowflake, name: z.string().max(100), image: zImage }))
    .mutation(async ({ ctx, input }) => {
      const emoji = await ctx.domain.emojis.create(ctx.me.id, input.guildId, { name: input.name, image: input.image });
      return { id: emoji.id, name: emoji.name };
    }),

  rename: protectedProcedure
    .input(zGuildEmoji.extend({ name: z.string().max(100) }))
    .mutation(async ({ ctx, input }) => {
      const emoji = await ctx.domain.emojis.rename(ctx.me.id, input.guildId, input.emojiId, { name: input.name });
      return { id: emoji.id, name: emoji.name };
    }),

  remove: protectedProcedure.input(zGuildEmoji).mutation(async ({ ctx, input }) => {
    await ctx.domain.emojis.remove(ctx.me.id, input.guildId, input.emojiId);
    return { id: input.emojiId.toString() };
  }),
});
