import { inviteUrl } from "@chat/domain";
import { z } from "zod";
import { zSnowflake } from "../inputs";
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

  /** A new invite to the channel's guild (Create Invite), valid a day, for any number of people. */
  create: protectedProcedure.input(z.object({ channelId: zSnowflake })).mutation(async ({ ctx, input }) => {
    const invite = await ctx.domain.invites.create(input.channelId, ctx.me.id, {});
    return { code: invite.code, url: inviteUrl(ctx.domain.ctx.urls, invite.code), expiresAt: invite.expires_at ?? null };
  }),

  /** Joins the guild (counts one use); someone already in it is just sent there. */
  accept: protectedProcedure.input(zCode).mutation(async ({ ctx, input }) => {
    const { guildId, joined } = await ctx.domain.invites.accept(ctx.me.id, input.code);
    return { guildId: guildId.toString(), joined };
  }),
});
