import type { DomainContext } from "../../context";
import { loadVoiceStandings, standingKey } from "./voice-grants";
import { announceVoiceState } from "./voice-state-wire";

type Where = { guildId: bigint; userIds?: readonly bigint[] } | { channelId: bigint } | { userId: bigint };

/**
 * Spec (voice permissions): "A permission change while connected applies immediately." After
 * anything that may change Connect, View Channel, Speak or Listen (roles, overwrites, a role
 * given or taken, a member removed), each connected member of `where` gets the complete
 * permission set again from the media server: Listen gone stops their audio at once, Speak
 * gone unpublishes, Connect or View Channel gone disconnects. `listening` changes are announced.
 */
export async function enforceVoicePermissions(ctx: DomainContext, where: Where): Promise<void> {
  const states = await ctx.db.voiceState.findMany({ where: whereOf(where) });
  if (states.length === 0) return;
  const byGuild = new Map<bigint, typeof states>();
  for (const state of states) byGuild.set(state.guildId, [...(byGuild.get(state.guildId) ?? []), state]);
  for (const [guildId, rows] of byGuild) {
    const standings = await loadVoiceStandings(ctx, guildId, rows);
    for (const row of rows) {
      const standing = standings.get(standingKey(row.userId, row.channelId));
      if (!standing?.connect) {
        await disconnect(ctx, row, { leaverLostView: !standing?.view });
        continue;
      }
      // A media server that does not answer now is set right by the next reconciliation.
      await mediaCall("set the permissions of", row, () =>
        ctx.voice?.setGrants(row.channelId.toString(), row.userId.toString(), {
          speak: standing.speak,
          listen: standing.listen,
        }),
      );
      if (standing.listen !== row.listening) {
        const updated = await ctx.db.voiceState.updateMany({
          where: { guildId, userId: row.userId, sessionId: row.sessionId },
          data: { listening: standing.listen },
        });
        if (updated.count > 0) await announceVoiceState(ctx, { ...row, listening: standing.listen });
      }
    }
  }
}

/**
 * Takes everyone in `where` out of voice (a channel or guild about to be deleted, a member
 * about to be removed): disconnected from the media server, their state gone, the leave announced.
 */
export async function disconnectVoice(ctx: DomainContext, where: Where): Promise<void> {
  const states = await ctx.db.voiceState.findMany({ where: whereOf(where) });
  for (const row of states) await disconnect(ctx, row, { leaverLostView: true });
}

type StateRow = Awaited<ReturnType<DomainContext["db"]["voiceState"]["findMany"]>>[number];

/**
 * One participant out: the media connection closed, then the row (this session's only) removed
 * and announced. `keepMedia`: the connection is not this row's (reconciliation found the row
 * stale while the same user may be connected anew). The row goes even when the media server
 * cannot be reached: the reconciliation closes the connection later.
 */
export async function disconnect(
  ctx: DomainContext,
  row: StateRow,
  how: { leaverLostView?: boolean; keepMedia?: boolean } = {},
): Promise<void> {
  if (!how.keepMedia)
    await mediaCall("disconnect", row, () => ctx.voice?.remove(row.channelId.toString(), row.userId.toString()));
  const removed = await ctx.db.voiceState.deleteMany({
    where: { guildId: row.guildId, userId: row.userId, sessionId: row.sessionId },
  });
  if (removed.count > 0) await announceVoiceState(ctx, row, { left: true, ...how });
}

async function mediaCall(what: string, row: StateRow, call: () => Promise<void> | undefined): Promise<void> {
  try {
    await call();
  } catch (error) {
    console.error(`voice: could not ${what} ${row.userId} in ${row.channelId} on the media server`, error);
  }
}

function whereOf(where: Where) {
  if ("channelId" in where) return { channelId: where.channelId };
  if ("userId" in where) return { userId: where.userId };
  return { guildId: where.guildId, ...(where.userIds ? { userId: { in: [...where.userIds] } } : {}) };
}
