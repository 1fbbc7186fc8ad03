// `pnpm test`: the whole suite. A LiveKit binary found or built first (scripts/livekit-install.mjs);
// then lint and typecheck, the server and domain tests and the browser tests, on the embedded
// database and, when TEST_DATABASE_URL and TEST_REDIS_URL name them (CI sets both), again on
// PostgreSQL + Redis. The two modes' unit and integration tests run as jobs side by side (each
// job's files one at a time in one process; @chat/server split in shards), and so do the two
// browser passes. The PostgreSQL + Redis browser pass runs the specs whose behaviour rests on
// the storage, the event bus or the rate limits (PG_BROWSER_SPECS); pages that only render and
// validate run once.
import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { ensureLiveKit } from "./livekit-install.mjs";

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const withServices = Boolean(pgUrl && redisUrl);
// The voice tests run a real LiveKit server: found (LIVEKIT_BINARY, PATH, install folder) or built with Go now.
// Without one they fail saying how to get it; the rest of the suite runs either way.
const livekitBinary = ensureLiveKit();
const embeddedEnv = {
  ...process.env,
  ...(livekitBinary ? { LIVEKIT_BINARY: livekitBinary } : {}),
  TEST_DATABASE_URL: "",
  TEST_REDIS_URL: "",
  E2E_DATABASE_URL: "",
  E2E_REDIS_URL: "",
  DATABASE_URL: "",
  REDIS_URL: "",
  LIVEKIT_URL: "",
  LIVEKIT_PUBLIC_URL: "",
  LIVEKIT_API_KEY: "",
  LIVEKIT_API_SECRET: "",
};
const serviceEnv = {
  ...embeddedEnv,
  TEST_DATABASE_URL: pgUrl,
  TEST_REDIS_URL: redisUrl,
  E2E_DATABASE_URL: pgUrl,
  E2E_REDIS_URL: redisUrl,
};
/**
 * The browser specs run again on PostgreSQL + Redis: what people do together live (the event
 * bus: the live-* specs, a bot's round trip, moderation and channel visibility followed live by
 * everyone), sessions and limits (Redis), health, OAuth2 and voice. The rest (forms, rendering,
 * accessibility, the portal, the administration pages, the bots' commands and forms) behave
 * alike on both: their procedures and routes run on PostgreSQL + Redis in the integration pass
 * (packages/api with the web app's own procedures, apps/server with the four libraries).
 * database-outage runs in the embedded pass only: it brings a PostgreSQL server of its own (to
 * stop and start), whatever E2E_DATABASE_URL says.
 */
const PG_BROWSER_SPECS = [
  "bot-roundtrip",
  "guild-channels",
  "guild-members",
  "live-addressing",
  "live-edits",
  "live-lists",
  "live-notices",
  "live-presence",
  "live-reconnect",
  "live-typing",
  "live-unread",
  "health",
  "oauth2",
  "sessions",
  "throttling",
  "voice",
];
const SERVICE_PACKAGES = [
  "@chat/server",
  "@chat/db",
  "@chat/events",
  "@chat/api",
  "@chat/rate-limit",
  "@chat/auth",
  "@chat/ephemeral",
];

const suiteStarted = Date.now();
/** Each pass's title, outcome and minutes, printed together at the end. */
const timings = [];
let cpuCounted = endedPassesCpuMinutes() ?? 0;
const minutesSince = (started) => ((Date.now() - started) / 60_000).toFixed(1);

/**
 * CPU minutes the passes that have ended used, children included (Linux: cutime + cstime of
 * /proc/self/stat, counted when a pass's process is reaped); null elsewhere. Beside each pass's
 * time it shows how much of the machine the pass kept busy.
 */
function endedPassesCpuMinutes() {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    // After "pid (comm) ": state is field 3, so cutime (16) and cstime (17) are at 13 and 14.
    return (Number(fields[13]) + Number(fields[14])) / 100 / 60;
  } catch {
    return null;
  }
}

/**
 * Runs one pass; with a `label`, its output lines are prefixed so side-by-side passes stay
 * readable (and its CPU is counted with its phase's, not alone: the ended passes' CPU time
 * cannot tell side-by-side passes apart).
 */
function run(title, command, args, env, label) {
  const started = Date.now();
  console.log(`\n=== ${title} ===`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: label ? ["ignore", "pipe", "pipe"] : "inherit" });
    if (label) {
      for (const stream of [child.stdout, child.stderr]) {
        let rest = "";
        stream.setEncoding("utf8");
        stream.on("data", (chunk) => {
          const lines = (rest + chunk).split("\n");
          rest = lines.pop() ?? "";
          for (const line of lines) console.log(`[${label}] ${line}`);
        });
        stream.on("end", () => rest && console.log(`[${label}] ${rest}`));
      }
    }
    child.on("close", (code) => {
      const outcome = code === 0 ? "passed" : "failed";
      const cpuNow = endedPassesCpuMinutes();
      const cpu = cpuNow === null || label ? "" : `, ${(cpuNow - cpuCounted).toFixed(1)} CPU min`;
      if (!label) cpuCounted = cpuNow ?? 0;
      timings.push({ title, outcome, minutes: minutesSince(started), cpu });
      console.log(`\n${title}: ${outcome} in ${minutesSince(started)} min`);
      resolve(code === 0);
    });
  });
}

/** Each pass's time and the whole run's, the figure the README states. */
function printTimes(ok) {
  console.log("\n=== times ===");
  for (const { title, outcome, minutes, cpu } of timings)
    console.log(`${minutes.padStart(5)} min  ${outcome}  ${title}${cpu}`);
  console.log(`${minutesSince(suiteStarted).padStart(5)} min  ${ok ? "passed" : "failed"}  the whole suite`);
}

/** A phase of side-by-side passes: its time and the CPU all of them used. */
function phaseTiming(title, started, ok) {
  const cpuNow = endedPassesCpuMinutes();
  const cpu = cpuNow === null ? "" : `, ${(cpuNow - cpuCounted).toFixed(1)} CPU min`;
  cpuCounted = cpuNow ?? 0;
  timings.push({ title, outcome: ok ? "passed" : "failed", minutes: minutesSince(started), cpu });
}

/** Runs the tasks, at most `slots` at a time, in order; answers each one's result. */
async function runAtMost(slots, tasks) {
  const results = [];
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(slots, tasks.length) }, worker));
  return results;
}

function stopUnless(ok) {
  if (ok) return;
  printTimes(false);
  process.exit(1);
}

// Lint and typecheck results are cached by their inputs outside the clone (CI clones afresh each
// time), so a package nobody changed is not checked again.
const turboCache = `--cache-dir=${join(homedir(), ".cache/chat-service/turbo")}`;
stopUnless(
  await run(
    "lint and typecheck",
    "pnpm",
    ["exec", "turbo", "run", "lint", "typecheck", "--output-logs=errors-only", turboCache],
    embeddedEnv,
  ),
);

// Generated code (Prisma) exists now: the jobs below run `--only` (or vitest itself) so they never
// regenerate it under a job running beside them. The unit and integration tests run as jobs,
// UNIT_SLOTS at a time: each job runs its files one after the other in one process, so the
// longest chains (@chat/server's files, in shards, and @chat/api's) start first. An embedded job
// keeps a core busy (PGlite computes in the test process); a PostgreSQL + Redis job mostly waits
// on the services and its own timers, so three at once fill a 2-core machine.
const unitSlots = Number(process.env.UNIT_SLOTS) || 3;
const SERVER_SHARDS = 3;
const turboTests = (filters) => ["exec", "turbo", "run", "test", "--only", "--concurrency=1", ...filters];
const serverShard = (index, mode, env) => ({
  title: `@chat/server ${index}/${SERVER_SHARDS} (${mode})`,
  args: ["--dir", "apps/server", "exec", "vitest", "run", `--shard=${index}/${SERVER_SHARDS}`],
  env,
});
const embeddedShard = (index) => serverShard(index, "embedded", embeddedEnv);
const serviceShard = (index) => (withServices ? [serverShard(index, "PostgreSQL + Redis", serviceEnv)] : []);
if (!withServices) {
  console.log(
    "\nTEST_DATABASE_URL and TEST_REDIS_URL are not set: the PostgreSQL + Redis passes do not run (CI sets them).",
  );
}
// The longest first (embedded and PostgreSQL + Redis jobs interleaved, so a waiting job often
// runs beside two computing ones; at times three embedded jobs overlap), the short ones and the
// web app's build (the browser passes need it) last.
const unitJobs = [
  embeddedShard(1),
  { title: "@chat/api (embedded)", args: turboTests(["--filter=@chat/api"]), env: embeddedEnv },
  ...serviceShard(1),
  embeddedShard(2),
  ...serviceShard(2),
  embeddedShard(3),
  ...serviceShard(3),
  ...(withServices
    ? [
        {
          title: "the other service packages (PostgreSQL + Redis)",
          args: turboTests(
            SERVICE_PACKAGES.filter((name) => name !== "@chat/server").map((name) => `--filter=${name}`),
          ),
          env: serviceEnv,
        },
      ]
    : []),
  {
    title: "the other packages (embedded)",
    args: turboTests(["--filter=!@chat/server", "--filter=!@chat/api"]),
    env: embeddedEnv,
  },
  {
    title: "build the web app",
    args: ["exec", "turbo", "run", "build", "--only", "--filter=@chat/web", "--output-logs=errors-only"],
    env: embeddedEnv,
  },
];
const unitStarted = Date.now();
const unitResults = await runAtMost(
  unitSlots,
  unitJobs.map((job, index) => () => run(job.title, "pnpm", job.args, job.env, `unit ${index + 1}`)),
);
const unitOk = unitResults.every(Boolean);
phaseTiming(
  `unit and integration tests and the web app's build, ${unitJobs.length} jobs ${unitSlots} at a time`,
  unitStarted,
  unitOk,
);
stopUnless(unitOk);
// The logs the browser passes leave are checked for secrets at the end: start from none.
for (const folder of [".tmp/e2e-logs", ".tmp/e2e-secrets"]) rmSync(folder, { recursive: true, force: true });
// The two browser passes run side by side: a pass keeps the machine about half busy (each test
// mostly waits on pages, streams and timers), so the PostgreSQL + Redis pass fits beside the
// embedded one. Each names its results folder and fake microphone (E2E_RUN_NAME).
const browserStarted = Date.now();
const browserPasses = [
  run(
    "browser tests (embedded database)",
    "pnpm",
    ["exec", "playwright", "test"],
    { ...embeddedEnv, E2E_RUN_NAME: "embedded" },
    withServices ? "browser embedded" : undefined,
  ),
];
if (withServices) {
  const specs = PG_BROWSER_SPECS.map((name) => `apps/web/e2e/${name}.spec.ts`);
  browserPasses.push(
    run(
      "browser tests (PostgreSQL + Redis)",
      "pnpm",
      ["exec", "playwright", "test", ...specs],
      { ...serviceEnv, E2E_RUN_NAME: "pg" },
      "browser pg+redis",
    ),
  );
}
const browserOk = (await Promise.all(browserPasses)).every(Boolean);
if (withServices) phaseTiming(`browser tests, ${browserPasses.length} passes side by side`, browserStarted, browserOk);
stopUnless(browserOk);
stopUnless(await run("no secret in the services' logs", "node", ["scripts/check-logs.mjs"], embeddedEnv));
printTimes(true);
console.log("\nall test passes succeeded");
