import { counterKey, INVITE_CREATE_LIMIT, makingInvitesTooOften } from "@chat/rate-limit";
import { z } from "zod";
import { zSnowflake } from "../inputs";
import { type GuildInviteView, guildInviteView, type InviteLinkView, inviteLinkView } from "../invite-views";
import { spendOrRefuse } from "../rate-limited";
import { protectedProcedure, router } from "../trpc";

export interface InvitePreview {
  code: string;
  guild: { id: string; name: string };
  channelName: string | null;
  memberCount: number;
  inviterName: string | null;
  /** Whether the person is already in the guild. */
  member: boolean;
}

const zCode = z.object({ code: z.string().min(1).max(64) });

/** Invite links (`{app_url}/invite/<code>`): what the link leads to, and joining through it. */
export const invitesRouter = router({
  preview: protectedProcedure.input(zCode).query(async ({ ctx, input }): Promise<InvitePreview> => {
    const invite = await ctx.domain.invites.preview(input.code);
    const guildId = invite.guild?.id ?? "";
    const guilds = await ctx.domain.guilds.listForUser(ctx.me.id);
    return {
      code: invite.code,
      guild: { id: guildId, name: invite.guild?.name ?? "" },
      channelName: invite.channel?.name ?? null,
      memberCount: invite.approximate_member_count ?? 0,
      inviterName: invite.inviter ? (invite.inviter.global_name ?? invite.inviter.username) : null,
      member: guilds.some((g) => g.id === guildId),
    };
  }),

  /**
   * The invite dialog's link to the channel's guild (Create Invite) lasting `maxAge` seconds (0:
   * never expires) for `maxUses` people (0: any number): the person's own still-good link with
   * those limits, else a new one (counted against the invite limit).
   */
  createOrReuse: protectedProcedure
    .input(z.object({ channelId: zSnowflake, maxAge: z.number(), maxUses: z.number() }))
    .mutation(async ({ ctx, input }): Promise<InviteLinkView> => {
      const limits = { max_age: input.maxAge, max_uses: input.maxUses };
      const reused = await ctx.domain.inviteManagement.reusable(input.channelId, ctx.me.id, limits);
      if (reused) return inviteLinkView(reused, ctx.domain.ctx.urls);
      await spendOrRefuse(
        ctx.rateLimits,
        INVITE_CREATE_LIMIT,
        counterKey(INVITE_CREATE_LIMIT, ctx.me.id.toString(), { channel: input.channelId.toString() }),
        makingInvitesTooOften,
      );
      return inviteLinkView(await ctx.domain.invites.create(input.channelId, ctx.me.id, limits), ctx.domain.ctx.urls);
    }),

  /**
   * The guild's Invites list as this member may see it (every invite with Manage Guild; else
   * those of channels they manage and their own), each saying whether they may revoke it.
   */
  listForGuild: protectedProcedure
    .input(z.object({ guildId: zSnowflake }))
    .query(async ({ ctx, input }): Promise<{ manageAll: boolean; invites: GuildInviteView[] }> => {
      const { manageAll, invites } = await ctx.domain.inviteManagement.listForMember(input.guildId, ctx.me.id);
      return {
        manageAll,
        invites: invites.map(({ invite, canRevoke }) => guildInviteView(invite, canRevoke, ctx.domain.ctx.urls)),
      };
    }),

  /** Revokes an invite of the guild (Manage Guild, or Manage Channels in its channel); its link stops working. */
  revoke: protectedProcedure
    .input(z.object({ guildId: zSnowflake, code: zCode.shape.code }))
    .mutation(async ({ ctx, input }) => {
      const invite = await ctx.domain.inviteManagement.revoke(input.guildId, input.code, ctx.me.id);
      return { code: invite.code };
    }),

  /** Joins the guild (counts one use); someone already in it is just sent there. */
  accept: protectedProcedure.input(zCode).mutation(async ({ ctx, input }) => {
    const { guildId, joined } = await ctx.domain.invites.accept(ctx.me.id, input.code);
    return { guildId: guildId.toString(), joined };
  }),
});
