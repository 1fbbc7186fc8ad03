import { z } from "zod";
import { type ChannelSettings, channelSettingsView } from "../channel-settings-views";
import { zSnowflake } from "../inputs";
import { protectedProcedure, router } from "../trpc";
import { channelView } from "../views";

/** An overwrite as the editor sends it, named as the bots' REST API names it; the domain checks ids, bits and reach. */
const zOverwrite = z.object({ id: z.string(), type: z.number(), allow: z.string(), deny: z.string() });
const zChannel = z.object({ channelId: zSnowflake });

/**
 * The guild's Channels settings: categories, moving channels, channel fields and the
 * permission overwrites editor. Channel fields go through the bots' own channel service;
 * what only the app does goes through the channel layout service. Every change reaches bots
 * and people as CHANNEL_CREATE / UPDATE / DELETE.
 */
export const channelSettingsRouter = router({
  /** The channels and categories the person sees, with overwrites and what they may do in each. */
  list: protectedProcedure
    .input(z.object({ guildId: zSnowflake }))
    .query(async ({ ctx, input }): Promise<ChannelSettings> => {
      const layout = await ctx.domain.channelLayout.list(input.guildId, ctx.me.id);
      return { channels: layout.entries.map(channelSettingsView), permissions: layout.permissions.toString() };
    }),

  /** A new category, last (Manage Channels). */
  createCategory: protectedProcedure
    .input(z.object({ guildId: zSnowflake, name: z.string().max(200) }))
    .mutation(async ({ ctx, input }) => {
      const category = await ctx.domain.channelLayout.createCategory(input.guildId, ctx.me.id, { name: input.name });
      return channelView(category as Parameters<typeof channelView>[0]);
    }),

  /** A channel's name, topic and NSFW switch (Manage Channels there), or a category's name. */
  update: protectedProcedure
    .input(
      zChannel.extend({
        name: z.string().max(200).optional(),
        topic: z.string().max(2000).nullable().optional(),
        nsfw: z.boolean().optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const { channelId, ...fields } = input;
      const category = (await ctx.domain.channels.get(channelId, ctx.me.id)).type === 4;
      const channel = category
        ? await ctx.domain.channelLayout.renameCategory(channelId, ctx.me.id, { name: fields.name })
        : await ctx.domain.channels.update(channelId, ctx.me.id, fields);
      return channelView(channel as Parameters<typeof channelView>[0]);
    }),

  /** Deletes a channel, or a category (its channels stay, uncategorised). */
  remove: protectedProcedure.input(zChannel).mutation(async ({ ctx, input }) => {
    const category = (await ctx.domain.channels.get(input.channelId, ctx.me.id)).type === 4;
    if (category) await ctx.domain.channelLayout.deleteCategory(input.channelId, ctx.me.id);
    else await ctx.domain.channels.delete(input.channelId, ctx.me.id);
    return { id: input.channelId.toString() };
  }),

  /** New positions, and for channels their category (null: none). */
  arrange: protectedProcedure
    .input(
      z.object({
        guildId: zSnowflake,
        entries: z
          .array(z.object({ id: z.string(), position: z.number(), parentId: z.string().nullable().optional() }))
          .max(500),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const entries = input.entries.map((e) => ({
        id: e.id,
        position: e.position,
        ...(e.parentId !== undefined ? { parent_id: e.parentId } : {}),
      }));
      await ctx.domain.channelLayout.arrange(input.guildId, ctx.me.id, entries);
      return { guildId: input.guildId.toString() };
    }),

  /** Replaces the channel's or category's overwrites (the editor's Save; "sync with category" sends the category's set). */
  setOverwrites: protectedProcedure
    .input(zChannel.extend({ overwrites: z.array(zOverwrite).max(100) }))
    .mutation(async ({ ctx, input }) => {
      await ctx.domain.channelLayout.setOverwrites(input.channelId, ctx.me.id, input.overwrites);
      return { id: input.channelId.toString() };
    }),

  /** What a member would hold in the channel with these (unsaved) overwrites: the permissions engine's answer, a decimal string. */
  effective: protectedProcedure
    .input(zChannel.extend({ userId: zSnowflake, overwrites: z.array(zOverwrite).max(100).optional() }))
    .query(async ({ ctx, input }) => {
      const bits = await ctx.domain.channelLayout.effectivePermissions(
        input.channelId,
        ctx.me.id,
        input.userId,
        input.overwrites,
      );
      return { permissions: bits.toString() };
    }),
});
