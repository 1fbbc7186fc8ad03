import {
  BANS_LIMIT,
  type BucketRule,
  banningTooOften,
  changingRolesTooOften,
  counterKey,
  KICK_LIMIT,
  kickingTooOften,
  MEMBER_ROLE_ADD_LIMIT,
  MEMBER_ROLE_REMOVE_LIMIT,
} from "@chat/rate-limit";
import { z } from "zod";
import type { ApiContext } from "../context";
import { zSnowflake } from "../inputs";
import { type BanView, banView, type ModerationStandingView, moderationStandingView } from "../moderation-views";
import { spendOrRefuse } from "../rate-limited";
import { protectedProcedure, router } from "../trpc";

const zGuild = z.object({ guildId: zSnowflake });
const zMember = zGuild.extend({ userId: zSnowflake });
const zMemberRole = zMember.extend({ roleId: zSnowflake });

/** Spends one use of the bots' limit for the same action in this guild (spec: Limits), counted for the person. */
function spend(
  ctx: ApiContext & { me: { id: bigint } },
  rule: BucketRule,
  guildId: bigint,
  explain: (retryAfterMs: number) => string,
) {
  return spendOrRefuse(
    ctx.rateLimits,
    rule,
    counterKey(rule, ctx.me.id.toString(), { guild: guildId.toString() }),
    explain,
  );
}

/**
 * The guild settings' Members and Bans: the same member, member-role and ban services the bot
 * REST routes use, so rule 10's hierarchy, the permissions and the events (GUILD_MEMBER_UPDATE,
 * GUILD_MEMBER_REMOVE, the removed person's GUILD_DELETE) are one for people and bots.
 */
export const moderationRouter = router({
  /** What the person may do to the guild's members (they must be one): the Members settings disable the rest, saying why. */
  standing: protectedProcedure.input(zGuild).query(async ({ ctx, input }): Promise<ModerationStandingView> => {
    return moderationStandingView(await ctx.domain.moderationStanding.standing(ctx.me.id, input.guildId));
  }),

  /** Gives a member a role (Manage Roles; a role below the person's highest, never a bot's own role; rule 10). */
  addRole: protectedProcedure.input(zMemberRole).mutation(async ({ ctx, input }) => {
    await spend(ctx, MEMBER_ROLE_ADD_LIMIT, input.guildId, changingRolesTooOften);
    await ctx.domain.memberRoles.addRole(ctx.me.id, input.guildId, input.userId, input.roleId);
    return { userId: input.userId.toString(), roleId: input.roleId.toString() };
  }),

  /** Takes a role from a member, under the same rules as giving one. */
  removeRole: protectedProcedure.input(zMemberRole).mutation(async ({ ctx, input }) => {
    await spend(ctx, MEMBER_ROLE_REMOVE_LIMIT, input.guildId, changingRolesTooOften);
    await ctx.domain.memberRoles.removeRole(ctx.me.id, input.guildId, input.userId, input.roleId);
    return { userId: input.userId.toString(), roleId: input.roleId.toString() };
  }),

  /** Removes a member or a bot (Kick Members; rule 10); they may come back with an invite. */
  kick: protectedProcedure.input(zMember).mutation(async ({ ctx, input }) => {
    await spend(ctx, KICK_LIMIT, input.guildId, kickingTooOften);
    await ctx.domain.members.kick(ctx.me.id, input.guildId, input.userId);
    return { userId: input.userId.toString() };
  }),

  /** Bans a member (Ban Members; rule 10): removed, kept out, their messages kept; no reason is stored. */
  ban: protectedProcedure.input(zMember).mutation(async ({ ctx, input }) => {
    await spend(ctx, BANS_LIMIT, input.guildId, banningTooOften);
    await ctx.domain.bans.ban(ctx.me.id, input.guildId, input.userId, {});
    return { userId: input.userId.toString() };
  }),

  /** The guild's bans in user id order (Ban Members). */
  bans: protectedProcedure.input(zGuild).query(async ({ ctx, input }): Promise<BanView[]> => {
    const bans = await ctx.domain.bans.list(ctx.me.id, input.guildId, {});
    return bans.map(banView);
  }),

  /** Lifts a ban (Ban Members); Unknown Ban (10026) when there is none. */
  unban: protectedProcedure.input(zMember).mutation(async ({ ctx, input }) => {
    await spend(ctx, BANS_LIMIT, input.guildId, banningTooOften);
    await ctx.domain.bans.unban(ctx.me.id, input.guildId, input.userId);
    return { userId: input.userId.toString() };
  }),
});
