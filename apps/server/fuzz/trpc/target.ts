import { type ApiContext, appRouter, LiveHub } from "@chat/api";
import { hashPassword, verifyPassword } from "@chat/auth/password";
import { channelViewers, createDomain, systemClock } from "@chat/domain";
import { TabPresence } from "@chat/presence";
import { createMemoryRateLimitStore, signUpLimits } from "@chat/rate-limit";
import type { RunningServer } from "../../src/server";
import { describeValue } from "../json";
import type { Guarded, Problem, Target } from "../outcome";
import type { FuzzWorld } from "../world";
import { type ProcedureType, type TrpcCase, trpcCaseArbitrary } from "./cases";
import { TRPC_PROCEDURES } from "./procedures";
import { buildRequest, sendTrpc } from "./send";

/**
 * The web app's tRPC context (apps/web/src/server/api.ts): a domain over the same database and
 * bus, the live streams with people's presence, argon2 passwords, rate limits counted afresh for
 * each case (as the server's are off: cases come faster than any person, and a refusal by the
 * limit would hide what the procedure does with the case), signed in with the owner's web session (read per call:
 * the world may make it anew).
 */
export function webContextFactory(
  server: RunningServer,
  world: FuzzWorld,
): { createContext: () => Promise<ApiContext>; close(): Promise<void> } {
  const db = server.ctx.database.prisma;
  const domain = createDomain({
    db,
    bus: server.ctx.bus,
    urls: server.ctx.urls,
    clock: systemClock,
    attachmentSigningKey: server.ctx.domain.ctx.attachmentSigningKey,
  });
  // People's presence in this process reports to the server's own tracker, as a web process's would to the shared one.
  const tabs = new TabPresence(server.ctx.presence.tracker);
  const live = new LiveHub(server.ctx.bus, channelViewers(db), { presence: tabs });
  const createContext = async (): Promise<ApiContext> => ({
    domain,
    bus: server.ctx.bus,
    live,
    presences: server.ctx.presence.store,
    passwords: { hash: hashPassword, verify: verifyPassword },
    session: world.ids.webSession ? { sessionId: world.ids.webSession, userId: world.ownerId } : null,
    rateLimits: createMemoryRateLimitStore("fuzz-web"),
    signUpLimits: signUpLimits({ accounts: 1_000_000, attempts: 1_000_000 }),
    clientAddress: "192.0.2.1",
  });
  return {
    createContext,
    async close() {
      live.close();
      tabs.close();
    },
  };
}

/**
 * One procedure of the web app's router as a fuzz target: its cases go through tRPC's fetch
 * adapter with the web app's context. An HTTP 5xx or an INTERNAL_SERVER_ERROR in any answer
 * (batched, streamed) is a problem.
 */
export function trpcTarget(
  procedure: { path: string; type: ProcedureType },
  all: { path: string; type: ProcedureType }[],
  deps: { world: FuzzWorld; guarded: Guarded; createContext: () => Promise<ApiContext> },
): Target<TrpcCase> {
  const typeOf = (path: string) => all.find((p) => p.path === path)?.type ?? "query";
  const batchable = all
    .filter((p) => p.type === procedure.type && p.type !== "subscription")
    .map((p) => ({ path: p.path, spec: TRPC_PROCEDURES[p.path]! }));
  return {
    key: `tRPC ${procedure.type} ${procedure.path}`,
    arbitrary: trpcCaseArbitrary(procedure.path, procedure.type, TRPC_PROCEDURES[procedure.path]!, batchable),
    describe: (testCase) => describeValue(testCase, 1500),
    run: (testCase) =>
      deps.guarded(async () => {
        const answer = await sendTrpc(
          appRouter,
          deps.createContext,
          buildRequest(testCase, typeOf, deps.world.resolve),
        );
        const problems: Problem[] = [];
        if (answer.status >= 500) problems.push({ kind: "5xx", detail: `answered ${answer.status}` });
        else if (answer.errorCodes.includes("INTERNAL_SERVER_ERROR"))
          problems.push({ kind: "5xx", detail: "INTERNAL_SERVER_ERROR in an answer" });
        return {
          status: answer.status,
          accepted: answer.accepted,
          problems,
          request: answer.request,
          response: describeValue(answer.body, 600),
        };
      }),
  };
}
