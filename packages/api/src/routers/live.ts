import { type LiveWireEvent, liveWireEvent } from "@chat/events";
import { tracked } from "@trpc/server";
import { z } from "zod";
import type { LiveStart } from "../live/live-hub";
import { watchWebSession } from "../live/session-watch";
import { protectedProcedure, router, sessionEndedError } from "../trpc";

/**
 * The first frame of a stream: the person's guilds now, whether what was missed was replayed,
 * and this tab's id (what an event addressed to this tab alone names; new on every stream).
 */
export type LiveReadyFrame = { kind: "ready"; guildIds: string[]; tabId: string } & LiveStart;

/**
 * One event the person may see, in its wire shape: a dispatch event with the payload a bot
 * receives and the facts the catalogue gives it (a GUILD_DELETE's `guildDeleted`), or an event
 * addressed to the person (READ_STATE_UPDATE). Narrow `d` by `t`.
 */
export type LiveEventFrame = { kind: "event" } & LiveWireEvent;

/**
 * Ends a stream as a dropped connection: tRPC's SSE sends no "return" for an AbortError, so
 * the browser's EventSource reconnects and resumes from its cursor (a completed stream would
 * stay closed).
 */
export function streamInterrupted(): DOMException {
  return new DOMException("the live stream was interrupted; reconnect to resume", "AbortError");
}

export const liveRouter = router({
  /**
   * Everything the signed-in person's view needs, live, for all their guilds and DMs: one
   * stream per browser tab (SSE). Who receives what is the audience the gateway uses. Each
   * event is tracked by its cursor: on reconnect the client sends the last one back and gets
   * what it missed within the resume window (`resumed: true`), or `resumed: false` with
   * reason "too-old", and then reloads its state. It ends with UNAUTHORIZED as soon as its
   * web session does (announced on the bus by any process, or at expiry).
   */
  stream: protectedProcedure
    .input(z.object({ lastEventId: z.string().max(64).nullish() }))
    .subscription(async function* ({ ctx, input, signal }) {
      const guildIds = (await ctx.domain.guilds.guildIdsOf(ctx.me.id)).map(String);
      const { tab, start } = ctx.live.open(ctx.me.id.toString(), guildIds, input.lastEventId ?? null, signal);
      tab.queue.onClose(watchWebSession(ctx.bus, ctx.webSession, () => tab.queue.fail(sessionEndedError())));
      try {
        // Checked again now that the watch listens: a session ended since the first check is not missed.
        if (!(await ctx.domain.webSessions.live(ctx.webSession.id, ctx.webSession.userId))) throw sessionEndedError();
        const ready: LiveReadyFrame = { kind: "ready", guildIds, tabId: tab.id, ...(await start) };
        yield ready;
        for await (const event of tab.queue) {
          yield tracked(event.id ?? "", { kind: "event", ...liveWireEvent(event) } satisfies LiveEventFrame);
        }
        // Ended here, not by the tab: it fell too far behind, or this process is shutting down.
        if (!signal?.aborted) throw streamInterrupted();
      } finally {
        tab.queue.close();
      }
    }),
});
