import { Errors } from "@chat/domain";
import { counterKey, THREAD_CREATE_LIMIT, tryAgainIn } from "@chat/rate-limit";
import { z } from "zod";
import { zSnowflake } from "../inputs";
import { spendOrRefuse } from "../rate-limited";
import { type ThreadView, threadView } from "../thread-views";
import { protectedProcedure, router } from "../trpc";

/** Spec (Limits): "Start a thread: 5 per 5 s per channel", for people as for bots. */
const startingTooFast = (retryAfterMs: number) => `You are starting threads too quickly. ${tryAgainIn(retryAfterMs)}`;

const zThreadName = z
  .string()
  .trim()
  .min(1, "Give the thread a name.")
  .max(100, "A thread name is at most 100 characters.");

function views(channels: Parameters<typeof threadView>[0][]): ThreadView[] {
  return channels.flatMap((channel) => threadView(channel) ?? []);
}

/** A thread's view, or Unknown Channel for anything else (what is not a thread is not one here). */
function onlyThread(channel: Parameters<typeof threadView>[0]): ThreadView {
  const view = threadView(channel);
  if (!view) throw Errors.unknownChannel();
  return view;
}

/**
 * Threads of text channels: the same ThreadService the bot REST routes use, so the thread
 * state table, permissions and THREAD_* events are one for people and bots.
 */
export const threadsRouter = router({
  /** A channel's threads, active (newest activity first) and archived (newest archive first), and which the person joined. */
  list: protectedProcedure.input(z.object({ channelId: zSnowflake })).query(async ({ ctx, input }) => {
    const archived = await ctx.domain.threads.archivedPublic(input.channelId, ctx.me.id);
    const channel = await ctx.domain.channels.get(input.channelId, ctx.me.id);
    const guildId = "guild_id" in channel && channel.guild_id ? BigInt(channel.guild_id) : null;
    if (guildId === null) throw Errors.unknownChannel();
    const active = await ctx.domain.threads.activeInGuild(guildId, ctx.me.id);
    const channelId = input.channelId.toString();
    const activeHere = views(active.threads).filter((t) => t.parentId === channelId);
    const joinedIds = [...active.members, ...archived.members]
      .map((m) => m.id)
      .filter((id): id is string => id !== undefined);
    return { active: activeHere.reverse(), archived: views(archived.threads), joinedIds };
  }),

  /** One thread (its URL opened directly), with its member count and whether the person is in it. */
  get: protectedProcedure.input(z.object({ threadId: zSnowflake })).query(async ({ ctx, input }) => {
    const thread = onlyThread(await ctx.domain.channels.get(input.threadId, ctx.me.id));
    const members = await ctx.domain.threads.members(input.threadId, ctx.me.id);
    const me = ctx.me.id.toString();
    return { thread: { ...thread, memberCount: members.length }, joined: members.some((m) => m.user_id === me) };
  }),

  /** A thread without a starter message; the channel gets the "started a thread" system message. */
  create: protectedProcedure
    .input(z.object({ channelId: zSnowflake, name: zThreadName }))
    .mutation(async ({ ctx, input }) => {
      await spendOrRefuse(
        ctx.rateLimits,
        THREAD_CREATE_LIMIT,
        counterKey(THREAD_CREATE_LIMIT, ctx.me.id.toString(), { channel: input.channelId.toString() }),
        startingTooFast,
      );
      return onlyThread(await ctx.domain.threads.create(input.channelId, ctx.me.id, { name: input.name }));
    }),

  /** A thread from a message (one per message: 160004); it takes the message's id. */
  createFromMessage: protectedProcedure
    .input(z.object({ channelId: zSnowflake, messageId: zSnowflake, name: zThreadName }))
    .mutation(async ({ ctx, input }) => {
      await spendOrRefuse(
        ctx.rateLimits,
        THREAD_CREATE_LIMIT,
        counterKey(THREAD_CREATE_LIMIT, ctx.me.id.toString(), { channel: input.channelId.toString() }),
        startingTooFast,
      );
      return onlyThread(
        await ctx.domain.threads.createFromMessage(input.channelId, input.messageId, ctx.me.id, { name: input.name }),
      );
    }),

  join: protectedProcedure.input(z.object({ threadId: zSnowflake })).mutation(async ({ ctx, input }) => {
    await ctx.domain.threads.join(input.threadId, ctx.me.id);
    return { joined: true };
  }),

  leave: protectedProcedure.input(z.object({ threadId: zSnowflake })).mutation(async ({ ctx, input }) => {
    await ctx.domain.threads.leave(input.threadId, ctx.me.id);
    return { joined: false };
  }),

  /**
   * The thread state table: archiving needs the starter or Manage Messages, unarchiving the
   * right to post in it. THREAD_UPDATE reaches everyone who sees the channel.
   */
  setArchived: protectedProcedure
    .input(z.object({ threadId: zSnowflake, archived: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      const channel = await ctx.domain.channels.get(input.threadId, ctx.me.id);
      onlyThread(channel);
      return onlyThread(await ctx.domain.channels.update(input.threadId, ctx.me.id, { archived: input.archived }));
    }),
});
