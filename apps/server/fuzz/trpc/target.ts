import { appRouter } from "@chat/api";
import { hashPassword } from "@chat/auth/password";
import { createDomain, systemClock } from "@chat/domain";
import type { RunningServer } from "../../src/server";
import { describeValue } from "../json";
import type { Guarded, Problem, Target } from "../outcome";
import type { FuzzWorld } from "../world";
import { type ProcedureType, type TrpcCase, trpcCaseArbitrary } from "./cases";
import { TRPC_PROCEDURES } from "./procedures";
import { buildRequest, sendTrpc } from "./send";

/**
 * The web app's tRPC context (apps/web/src/server/api.ts): a domain over the same database and
 * bus, argon2 passwords, signed in as the world's owner (read per call: the world may be seeded anew).
 */
export function webContextFactory(server: RunningServer, world: FuzzWorld): () => Promise<object> {
  const domain = createDomain({ db: server.ctx.database.prisma, bus: server.ctx.bus, urls: server.ctx.urls, clock: systemClock });
  return async () => ({ domain, bus: server.ctx.bus, passwords: { hash: hashPassword }, sessionUserId: world.ownerId });
}

/**
 * One procedure of the web app's router as a fuzz target: its cases go through tRPC's fetch
 * adapter with the web app's context. An HTTP 5xx or an INTERNAL_SERVER_ERROR in any answer
 * (batched, streamed) is a problem.
 */
export function trpcTarget(
  procedure: { path: string; type: ProcedureType },
  all: { path: string; type: ProcedureType }[],
  deps: { world: FuzzWorld; guarded: Guarded; createContext: () => Promise<object> },
): Target<TrpcCase> {
  const typeOf = (path: string) => all.find((p) => p.path === path)?.type ?? "query";
  const batchable = all.filter((p) => p.type === procedure.type && p.type !== "subscription").map((p) => ({ path: p.path, spec: TRPC_PROCEDURES[p.path]! }));
  return {
    key: `tRPC ${procedure.type} ${procedure.path}`,
    arbitrary: trpcCaseArbitrary(procedure.path, procedure.type, TRPC_PROCEDURES[procedure.path]!, batchable),
    describe: (testCase) => describeValue(testCase, 1500),
    run: (testCase) =>
      deps.guarded(async () => {
        const answer = await sendTrpc(appRouter, deps.createContext, buildRequest(testCase, typeOf, deps.world.resolve));
        const problems: Problem[] = [];
        if (answer.status >= 500) problems.push({ kind: "5xx", detail: `answered ${answer.status}` });
        else if (answer.errorCodes.includes("INTERNAL_SERVER_ERROR")) problems.push({ kind: "5xx", detail: "INTERNAL_SERVER_ERROR in an answer" });
        return { status: answer.status, accepted: answer.accepted, problems, request: answer.request, response: describeValue(answer.body, 600) };
      }),
  };
}
