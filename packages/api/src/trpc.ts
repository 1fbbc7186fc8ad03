import { isDatabaseBusy, isDatabaseUnreachable } from "@chat/db";
import { Errors, findUnstorableText, unstorableTextError } from "@chat/domain";
import { initTRPC, TRPCError } from "@trpc/server";
import { withRequestId } from "@chat/events";
import type { ApiContext } from "./context";
import { inProduction } from "./env";
import { domainErrorData, isApiError, toTRPCError } from "./errors";

const t = initTRPC.context<ApiContext>().create({
  errorFormatter({ shape, error }) {
    const hideInternals = error.code === "INTERNAL_SERVER_ERROR" && !isApiError(error.cause) && inProduction();
    const data = domainErrorData(error);
    // A failed input schema: say what is wrong instead of tRPC's JSON dump of the issues.
    const firstIssue = data.apiCode === null && data.fieldErrors ? Object.values(data.fieldErrors)[0]?.[0] : undefined;
    return {
      ...shape,
      message: hideInternals ? "Something went wrong. Try again." : (firstIssue ?? shape.message),
      data: { ...shape.data, ...data },
    };
  },
  sse: {
    ping: { enabled: true, intervalMs: 10_000 },
    client: { reconnectAfterInactivityMs: 25_000 },
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Domain errors (ApiError) become TRPCErrors of the matching kind; a database that cannot be
 * reached, or was too busy to do the work in time, becomes SERVICE_UNAVAILABLE with a message
 * people can read.
 */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  if (isApiError(result.error.cause)) return { ...result, error: toTRPCError(result.error.cause) };
  if (isDatabaseUnreachable(result.error.cause)) return { ...result, error: toTRPCError(Errors.databaseUnavailable()) };
  if (isDatabaseBusy(result.error.cause)) return { ...result, error: toTRPCError(Errors.databaseBusy()) };
  return result;
});

/**
 * Text PostgreSQL cannot store (NUL, unpaired surrogates) anywhere in the input: 50035 naming
 * the field, before any procedure looks it up or writes it.
 */
const storableInput = t.middleware(async ({ getRawInput, next }) => {
  const found = findUnstorableText(await getRawInput());
  if (found) throw toTRPCError(unstorableTextError(found));
  return next();
});

/** The call runs as part of its web request: what it publishes names the request (logs follow it to the gateway). */
const requestIds = t.middleware(({ ctx, next }) => (ctx.requestId ? withRequestId(ctx.requestId, next) : next()));

const baseProcedure = t.procedure.use(requestIds).use(domainErrors);

export const publicProcedure = baseProcedure.use(storableInput);

/**
 * Signed in with a live web session (not ended, not expired, the account not suspended or
 * deleted): one lookup by the session's primary key, the account joined.
 */
export const protectedProcedure = baseProcedure
  .use(async ({ ctx, next }) => {
    if (ctx.session === null) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in to continue." });
    const live = await ctx.domain.webSessions.live(ctx.session.sessionId, ctx.session.userId);
    if (!live) throw sessionEndedError();
    const me = { id: live.user.id, username: live.user.username, displayName: live.user.globalName };
    return next({ ctx: { ...ctx, me, webSession: { id: live.id, userId: live.userId, expiresAt: live.expiresAt } } });
  })
  .use(storableInput);

/** The answer once the session is over: the client goes back to the login page. */
export function sessionEndedError(): TRPCError {
  return new TRPCError({ code: "UNAUTHORIZED", message: "Your session has ended. Sign in again." });
}
