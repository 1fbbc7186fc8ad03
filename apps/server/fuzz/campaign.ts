import { appRouter } from "@chat/api";
import fc from "fast-check";
import { routeTableOf } from "../src/http/app";
import type { RunningServer } from "../src/server";
import type { Guarded, Outcome, Problem, ProblemKind, Target } from "./outcome";
import { REST_ROUTES } from "./rest/routes";
import { newAgent, send } from "./rest/send";
import { restTarget } from "./rest/target";
import { changedTables, EXCLUDED_TABLES, type Snapshot, snapshotter } from "./snapshot";
import type { ProcedureType } from "./trpc/cases";
import { TRPC_PROCEDURES } from "./trpc/procedures";
import { trpcTarget, webContextFactory } from "./trpc/target";
import { FuzzWorld } from "./world";

export type { Outcome, Problem, ProblemKind };

export interface TargetReport {
  key: string;
  cases: number;
  accepted: number;
  refused: number;
  counts: Record<ProblemKind, number>;
  /** How many cases were answered with each status (tRPC: the HTTP status of the batch or stream). */
  statuses: Record<string, number>;
  ms: number;
  /** The first failing case as generated, and fast-check's shrunk one with the path to replay it. */
  failure?: { first: Outcome; shrunk?: Outcome; shrunkCase?: string; replayPath?: string; runIndex: number };
}

export interface CampaignOptions {
  seed: number;
  /** Cases per route and per procedure. */
  runs: number;
  /** Only targets whose key contains this text. */
  only?: string;
  /** Replays (and shrinks from) this fast-check path of the one target `only` selects. */
  replayPath?: string;
  /** Shrinks each failure found (default true); the test slice only needs to know one happened. */
  shrink?: boolean;
  log?: (line: string) => void;
}

export interface CampaignReport {
  seed: number;
  runs: number;
  targets: TargetReport[];
  totals: { cases: number; accepted: number; refused: number } & Record<ProblemKind, number>;
  ms: number;
  repairs: number;
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The bot API's write routes as the running server registered them (its REST routes under /api/v10). */
export function writeRoutesOf(server: RunningServer): string[] {
  return [
    ...new Set(
      routeTableOf(server.http)
        .filter((r) => WRITE_METHODS.has(r.method) && r.url.startsWith("/api/v10/"))
        .map((r) => `${r.method} ${r.url}`),
    ),
  ];
}

/** Every procedure of the web app's router, with its type. */
export function proceduresOf(): { path: string; type: ProcedureType }[] {
  const procedures = (
    appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: ProcedureType } }> } }
  )._def.procedures;
  return Object.entries(procedures).map(([path, procedure]) => ({ path, type: procedure._def.type }));
}

/**
 * Fails loudly when the route table or the router has something the fuzzer has no generator
 * for (a new route is fuzzed only once it has one), or a generator names something gone.
 */
export function checkCoverage(server: RunningServer): void {
  const routes = writeRoutesOf(server);
  const procedures = proceduresOf().map((p) => p.path);
  const missing = [
    ...routes.filter((key) => !(key in REST_ROUTES)),
    ...procedures.filter((path) => !(path in TRPC_PROCEDURES)).map((path) => `tRPC ${path}`),
  ];
  const stale = [
    ...Object.keys(REST_ROUTES).filter((key) => !routes.includes(key)),
    ...Object.keys(TRPC_PROCEDURES)
      .filter((path) => !procedures.includes(path))
      .map((path) => `tRPC ${path}`),
  ];
  if (missing.length > 0 || stale.length > 0) {
    throw new Error(
      [
        missing.length > 0
          ? `No fuzz generator for: ${missing.join(", ")} (add one to apps/server/fuzz/rest/routes.ts or trpc/procedures.ts).`
          : "",
        stale.length > 0 ? `Fuzz generators for routes or procedures that do not exist: ${stale.join(", ")}.` : "",
      ]
        .filter(Boolean)
        .join("\n"),
    );
  }
}

/** A per-target seed: stable whatever other targets run, different between targets. */
function targetSeed(seed: number, key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (seed ^ hash) | 0;
}

const emptyCounts = (): Record<ProblemKind, number> => ({
  "5xx": 0,
  "partial write": 0,
  "error shape": 0,
  "no answer": 0,
});

/**
 * The campaign: for every write route of the bot API and every tRPC procedure, `runs` generated
 * malformed requests against a running server. A case fails when it is answered with a 5xx
 * (tRPC: INTERNAL_SERVER_ERROR), when a refused request changed any table, or when a refusal
 * is not in the spec's error shape.
 */
export async function runCampaign(server: RunningServer, options: CampaignOptions): Promise<CampaignReport> {
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  checkCoverage(server);
  const world = await FuzzWorld.seed(server);
  const snapshots = await snapshotter(server);
  const base = new URL(server.url);
  const agent = newAgent();
  let current: Snapshot | null = null;
  let repairs = 0;

  /** Runs a case between two snapshots; an accepted one repairs the world instead. */
  const guarded: Guarded = async (execute) => {
    const before = current ?? (await snapshots.take());
    const outcome = await execute();
    if (outcome.accepted) {
      current = null;
      if ((await world.repair()).length > 0) repairs++;
      return outcome;
    }
    const after = await snapshots.take();
    const changed = changedTables(before, after);
    if (changed.length > 0)
      outcome.problems.push({
        kind: "partial write",
        detail: `refused with ${outcome.status} but changed ${changed.join(", ")}`,
      });
    current = after;
    return outcome;
  };

  const restTargets = writeRoutesOf(server).map((key) =>
    restTarget(key, { world, guarded, send: (wire) => send(agent, base, wire) }),
  );
  const procedures = proceduresOf();
  const web = webContextFactory(server, world);
  const trpcTargets = procedures.map((procedure) =>
    trpcTarget(procedure, procedures, { world, guarded, createContext: web.createContext }),
  );

  const targets = [...restTargets, ...trpcTargets].filter(
    (t) => !options.only || t.key.includes(options.only),
  ) as Target<unknown>[];
  if (targets.length === 0) throw new Error(`No route or procedure matches "${options.only}".`);
  log(
    `${restTargets.length} write routes and ${trpcTargets.length} tRPC procedures (tRPC's fetch adapter, with the world's owner's web session); ` +
      `${targets.length} targets × ${options.runs} runs = ${targets.length * options.runs} cases; snapshots cover ${snapshots.tables.length} tables (not ${Object.keys(EXCLUDED_TABLES).join(", ")})`,
  );
  const reports: TargetReport[] = [];
  try {
    for (const target of targets) reports.push(await runTarget(target, options, log));
  } finally {
    agent.destroy();
    await web.close();
  }
  const totals = { cases: 0, accepted: 0, refused: 0, ...emptyCounts() };
  for (const report of reports) {
    totals.cases += report.cases;
    totals.accepted += report.accepted;
    totals.refused += report.refused;
    for (const kind of Object.keys(report.counts) as ProblemKind[]) totals[kind] += report.counts[kind];
  }
  return { seed: options.seed, runs: options.runs, targets: reports, totals, ms: Date.now() - started, repairs };
}

async function runTarget(
  target: Target<unknown>,
  options: CampaignOptions,
  log: (line: string) => void,
): Promise<TargetReport> {
  const started = Date.now();
  const seed = targetSeed(options.seed, target.key);
  const report: TargetReport = {
    key: target.key,
    cases: 0,
    accepted: 0,
    refused: 0,
    counts: emptyCounts(),
    statuses: {},
    ms: 0,
  };
  let failing: { outcome: Outcome; index: number } | undefined;
  if (options.replayPath === undefined) {
    // Every case runs and counts; the predicate never fails so fast-check does not stop at the first problem.
    let index = 0;
    await fc.check(
      fc.asyncProperty(target.arbitrary, async (testCase) => {
        const outcome = await target.run(testCase);
        report.cases++;
        if (outcome.accepted) report.accepted++;
        else report.refused++;
        for (const problem of outcome.problems) report.counts[problem.kind]++;
        report.statuses[outcome.status] = (report.statuses[outcome.status] ?? 0) + 1;
        if (outcome.problems.length > 0 && !failing) failing = { outcome, index };
        index++;
        return true;
      }),
      { seed, numRuns: options.runs },
    );
  }
  if (failing || options.replayPath !== undefined) {
    const path = options.replayPath ?? String(failing!.index);
    let last: Outcome | undefined;
    const shrinking =
      options.shrink === false && options.replayPath === undefined
        ? undefined
        : await fc.check(
            fc.asyncProperty(target.arbitrary, async (testCase) => {
              const outcome = await target.run(testCase);
              if (outcome.problems.length > 0) last = outcome;
              return outcome.problems.length === 0;
            }),
            { seed, numRuns: options.runs, path, interruptAfterTimeLimit: 120_000, markInterruptAsFailure: false },
          );
    const counterexample = shrinking?.counterexample?.[0];
    const first = failing?.outcome ?? last;
    if (first) {
      report.failure = {
        first,
        shrunk: last,
        shrunkCase: counterexample === undefined ? undefined : target.describe(counterexample),
        replayPath: shrinking?.counterexamplePath ?? undefined,
        runIndex: failing?.index ?? -1,
      };
    }
    if (options.replayPath !== undefined) {
      // A replay counts the case it replayed (and what it found), so the summary says what happened.
      report.cases = 1;
      for (const problem of first?.problems ?? []) report.counts[problem.kind]++;
      if (!first) log(`replay ${target.key} at ${path}: no problem`);
    }
  }
  report.ms = Date.now() - started;
  const problems = Object.entries(report.counts).filter(([, n]) => n > 0);
  const statuses = Object.entries(report.statuses)
    .sort(([, a], [, b]) => b - a)
    .map(([status, n]) => `${status}×${n}`)
    .join(" ");
  log(
    `${target.key.padEnd(80)} ${String(report.cases).padStart(5)} cases ${(report.ms / 1000).toFixed(1).padStart(6)} s  ${problems.length > 0 ? `${problems.map(([k, n]) => `${n} ${k}`).join(", ")}  ` : ""}[${statuses}]`,
  );
  return report;
}
