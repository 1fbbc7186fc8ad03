import {
  type BucketRule,
  counterKey,
  PINS_LIMIT,
  pinningTooOften,
  type RateLimitStore,
  REACTIONS_LIMIT,
  reactingTooOften,
} from "@chat/rate-limit";
import { channelAccess, has, Permission } from "@chat/domain";
import { z } from "zod";
import { zSnowflake } from "../inputs";
import { spendOrRefuse } from "../rate-limited";
import { protectedProcedure, router } from "../trpc";
import { messageView, type UserView, userView } from "../views";

/** An emoji as the REST path spells it: the Unicode emoji, or `name:id` for a custom one. */
const zEmoji = z.string().min(1).max(100);
const zMessage = z.object({ channelId: zSnowflake, messageId: zSnowflake });
const zReaction = zMessage.extend({ emoji: zEmoji });

/** A guild's custom emoji as the picker shows them. */
export interface GuildEmojiView {
  id: string;
  name: string;
  animated: boolean;
}

/**
 * Replies' neighbours in a conversation: reactions, pins and the guild's emoji, through the
 * same domain services as the bot REST routes (so bots receive the same gateway events).
 */
/** The person's use of a per-channel limit the bot routes share (reactions, pins). */
function spendInChannel(
  ctx: { rateLimits: RateLimitStore; me: { id: bigint } },
  rule: BucketRule,
  channelId: bigint,
  explain: (retryAfterMs: number) => string,
) {
  return spendOrRefuse(
    ctx.rateLimits,
    rule,
    counterKey(rule, ctx.me.id.toString(), { channel: channelId.toString() }),
    explain,
  );
}

export const socialRouter = router({
  /** What the person may do in a channel beyond sending: react, pin, manage others' messages. */
  abilities: protectedProcedure.input(z.object({ channelId: zSnowflake })).query(async ({ ctx, input }) => {
    const access = await channelAccess(ctx.domain.ctx, input.channelId, ctx.me.id);
    const inGuild = access.guild !== null && access.channel.guildId !== null;
    return {
      addReactions: inGuild && has(access.permissions, Permission.AddReactions),
      pinMessages: inGuild && has(access.permissions, Permission.PinMessages),
      manageMessages: inGuild && has(access.permissions, Permission.ManageMessages),
    };
  }),

  /** PUT .../reactions/{emoji}/@me: Add Reactions; MESSAGE_REACTION_ADD reaches tabs and bots. */
  react: protectedProcedure.input(zReaction).mutation(async ({ ctx, input }) => {
    await spendInChannel(ctx, REACTIONS_LIMIT, input.channelId, reactingTooOften);
    await ctx.domain.reactions.add(input.channelId, input.messageId, input.emoji, ctx.me.id);
    return { reacted: true };
  }),

  /** DELETE .../reactions/{emoji}/@me: takes the person's own reaction back. */
  unreact: protectedProcedure.input(zReaction).mutation(async ({ ctx, input }) => {
    await spendInChannel(ctx, REACTIONS_LIMIT, input.channelId, reactingTooOften);
    await ctx.domain.reactions.removeUser(input.channelId, input.messageId, input.emoji, ctx.me.id, ctx.me.id);
    return { reacted: false };
  }),

  /** Who reacted with one emoji (the first 100), for the chip's tooltip. */
  reactors: protectedProcedure.input(zReaction).query(async ({ ctx, input }): Promise<UserView[]> => {
    const users = await ctx.domain.reactions.users(input.channelId, input.messageId, input.emoji, ctx.me.id, {
      limit: 100,
    });
    return users.map(userView);
  }),

  /** The channel's pinned messages, newest pin first (the first 50). */
  pins: protectedProcedure.input(z.object({ channelId: zSnowflake })).query(async ({ ctx, input }) => {
    const page = await ctx.domain.pins.page(input.channelId, ctx.me.id, { limit: 50 });
    return {
      items: page.items.map((item) => ({ pinnedAt: item.pinned_at, message: messageView(item.message) })),
      hasMore: page.has_more,
    };
  }),

  /** Pin Messages; the "pinned a message" system message and CHANNEL_PINS_UPDATE follow. */
  pin: protectedProcedure.input(zMessage).mutation(async ({ ctx, input }) => {
    await spendInChannel(ctx, PINS_LIMIT, input.channelId, pinningTooOften);
    await ctx.domain.pins.pin(input.channelId, input.messageId, ctx.me.id);
    return { pinned: true };
  }),

  unpin: protectedProcedure.input(zMessage).mutation(async ({ ctx, input }) => {
    await spendInChannel(ctx, PINS_LIMIT, input.channelId, pinningTooOften);
    await ctx.domain.pins.unpin(input.channelId, input.messageId, ctx.me.id);
    return { pinned: false };
  }),

  /** The guild's custom emoji, for the picker and `:` autocomplete. */
  guildEmojis: protectedProcedure
    .input(z.object({ guildId: zSnowflake }))
    .query(async ({ ctx, input }): Promise<GuildEmojiView[]> => {
      const emojis = await ctx.domain.emojis.list(input.guildId, ctx.me.id);
      return emojis.map((e) => ({ id: e.id ?? "", name: e.name ?? "", animated: e.animated === true }));
    }),
});
