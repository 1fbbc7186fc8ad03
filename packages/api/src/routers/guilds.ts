import { z } from "zod";
import { zSnowflake } from "../inputs";
import { type VanityView, vanityView } from "../invite-views";
import { protectedProcedure, router } from "../trpc";
import { channelView, guildView, type MemberView, memberView, roleView } from "../views";

export const guildsRouter = router({
  /** The guilds the person is in, with whether they may manage each (add bots). */
  list: protectedProcedure.query(async ({ ctx }) => {
    const guilds = await ctx.domain.guilds.listForUser(ctx.me.id);
    return guilds.map(guildView);
  }),

  /** A new guild with `general` (text) and `General` (voice). */
  create: protectedProcedure.input(z.object({ name: z.string().max(200) })).mutation(async ({ ctx, input }) => {
    const guild = await ctx.domain.guilds.create(ctx.me.id, input.name);
    const firstText = guild.channels.find((c) => c.type === 0);
    return {
      guild: { id: guild.id.toString(), name: guild.name, icon: null, owner: true, canManage: true },
      firstChannelId: firstText?.id.toString() ?? null,
    };
  }),

  /** Renames the guild (Manage Guild); members' clients and bots get GUILD_UPDATE. */
  update: protectedProcedure
    .input(z.object({ guildId: zSnowflake, name: z.string().max(200) }))
    .mutation(async ({ ctx, input }) => {
      const guild = await ctx.domain.guildSettings.update(ctx.me.id, input.guildId, { name: input.name });
      return { id: guild.id, name: guild.name };
    }),

  /** The overview's vanity link (Manage Guild sees it; only the owner sets it). */
  vanity: protectedProcedure
    .input(z.object({ guildId: zSnowflake }))
    .query(async ({ ctx, input }): Promise<VanityView> => {
      const vanity = await ctx.domain.invites.vanity(input.guildId, ctx.me.id);
      return vanityView(vanity, ctx.domain.ctx.urls);
    }),

  /** Sets (or with null removes) the vanity link's code; owner only; members and bots get GUILD_UPDATE. */
  setVanityCode: protectedProcedure
    .input(z.object({ guildId: zSnowflake, code: z.string().max(100).nullable() }))
    .mutation(async ({ ctx, input }): Promise<VanityView> => {
      const vanity = await ctx.domain.guilds.setVanityCode(ctx.me.id, input.guildId, input.code);
      return vanityView(vanity, ctx.domain.ctx.urls);
    }),

  /** The guild's icon from image data (the overview's cropped picture), or none with null (Manage Guild). */
  setIcon: protectedProcedure
    .input(z.object({ guildId: zSnowflake, image: z.string().max(1_500_000).nullable() }))
    .mutation(async ({ ctx, input }) => {
      return { icon: await ctx.domain.guilds.setIcon(ctx.me.id, input.guildId, input.image) };
    }),

  /** The owner hands the guild to another member (not a bot); everyone gets GUILD_UPDATE. */
  transferOwnership: protectedProcedure
    .input(z.object({ guildId: zSnowflake, userId: zSnowflake }))
    .mutation(async ({ ctx, input }) => {
      const guild = await ctx.domain.guildSettings.transferOwnership(ctx.me.id, input.guildId, input.userId);
      return { ownerId: guild.owner_id };
    }),

  /** Deletes the guild (owner only); every member's sessions get GUILD_DELETE. */
  remove: protectedProcedure.input(z.object({ guildId: zSnowflake })).mutation(async ({ ctx, input }) => {
    await ctx.domain.guildSettings.remove(ctx.me.id, input.guildId);
    return { id: input.guildId.toString() };
  }),

  /**
   * A new text or voice channel (Manage Channels), in a category when `parentId` names one
   * (starting in sync with its overwrites); members' clients and bots get CHANNEL_CREATE.
   */
  createChannel: protectedProcedure
    .input(
      z.object({
        guildId: zSnowflake,
        name: z.string().max(200),
        kind: z.enum(["text", "voice"]),
        parentId: zSnowflake.nullish(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const type = input.kind === "text" ? 0 : 2;
      const channel = await ctx.domain.channelLayout.createChannel(input.guildId, ctx.me.id, {
        name: input.name,
        type,
        parentId: input.parentId,
      });
      return channelView(channel as Parameters<typeof channelView>[0]);
    }),

  /** Channels the person can see, in display order. */
  channels: protectedProcedure.input(z.object({ guildId: zSnowflake })).query(async ({ ctx, input }) => {
    const channels = await ctx.domain.channels.listForGuild(input.guildId, ctx.me.id);
    return channels.map((c) => channelView(c as Parameters<typeof channelView>[0]));
  }),

  /** The guild's members (the caller must be one), each with their status: one presence lookup for all of them. */
  members: protectedProcedure.input(z.object({ guildId: zSnowflake })).query(async ({ ctx, input }) => {
    const members = await ctx.domain.webPeople.guildMembers(input.guildId, ctx.me.id);
    const statuses = await ctx.presences.statuses(members.flatMap((m) => (m.user ? [m.user.id] : [])));
    return members.map((m) => memberView(m, statuses)).filter((m): m is MemberView => m !== null);
  }),

  /** The guild's roles, highest first (the caller must be a member): for role pickers. */
  roles: protectedProcedure.input(z.object({ guildId: zSnowflake })).query(async ({ ctx, input }) => {
    const roles = await ctx.domain.roles.list(input.guildId, ctx.me.id);
    return roles.map((role) => roleView(role, input.guildId.toString())).sort((a, b) => b.position - a.position);
  }),
});
