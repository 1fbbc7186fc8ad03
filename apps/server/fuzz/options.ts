import { parseArgs } from "node:util";

export interface FuzzOptions {
  seed: number;
  runs: number;
  only?: string;
  replayPath?: string;
}

/** The campaign's fixed defaults: about 5 minutes on a 2-core machine with the embedded database (more while it is busy). */
export const DEFAULT_SEED = 20260704;
export const DEFAULT_RUNS = 350;

const USAGE = `usage: pnpm fuzz [--seed N] [--runs N] [--only TEXT] [--replay PATH]
  --seed    fast-check seed (env FUZZ_SEED; default ${DEFAULT_SEED})
  --runs    cases per route and per procedure (env FUZZ_RUNS; default ${DEFAULT_RUNS})
  --only    only routes/procedures whose key contains TEXT, e.g. "POST /api/v10/channels/:channel/messages"
  --replay  with --only: replays a counterexample path printed by a failed run
Storage: the embedded database, or PostgreSQL and Redis when TEST_DATABASE_URL and TEST_REDIS_URL are set.`;

function integer(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === "") return fallback;
  if (!/^-?\d+$/.test(text)) throw new Error(`${name} must be an integer, got "${text}"\n${USAGE}`);
  return Number(text);
}

export function readFuzzOptions(argv: string[], env: NodeJS.ProcessEnv): FuzzOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      seed: { type: "string" },
      runs: { type: "string" },
      only: { type: "string" },
      replay: { type: "string" },
      help: { type: "boolean" },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const options = {
    seed: integer("--seed", values.seed ?? env.FUZZ_SEED, DEFAULT_SEED),
    runs: integer("--runs", values.runs ?? env.FUZZ_RUNS, DEFAULT_RUNS),
    only: values.only,
    replayPath: values.replay,
  };
  if (options.runs < 1) throw new Error(`--runs must be at least 1\n${USAGE}`);
  if (options.replayPath !== undefined && !options.only)
    throw new Error(`--replay needs --only naming the route or procedure\n${USAGE}`);
  return options;
}
