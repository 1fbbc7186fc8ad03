// `pnpm test`: the whole suite. A LiveKit binary found or built first (scripts/livekit-install.mjs);
// then lint and typecheck, the server and domain tests and the browser tests, on the embedded
// database and, when TEST_DATABASE_URL and TEST_REDIS_URL name them (CI sets both), again on
// PostgreSQL + Redis. After lint and typecheck, everything runs as one pool of jobs side by side
// (runJobs): the unit and integration tests (each job's files one at a time in one process;
// @chat/server split in shards), the web app's build and the browser passes after it. The
// PostgreSQL + Redis browser pass runs the specs whose behaviour rests on the storage, the event
// bus or the rate limits (PG_BROWSER_SPECS); pages that only render and validate run once.
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

/**
 * Runs the jobs on `capacity` slots in the order listed: a job takes `weight` slots (1 unless it
 * says) and starts once the jobs titled in its `after` have passed and its slots are free; until
 * then the jobs listed after it wait too. After a failure no job starts (the running ones end).
 * Answers whether every job passed.
 */
function runJobs(capacity, jobs) {
  const passed = new Set();
  let free = capacity;
  let next = 0;
  let running = 0;
  let failed = false;
  return new Promise((resolve) => {
    const startWhatFits = () => {
      while (!failed && next < jobs.length) {
        const job = jobs[next];
        const weight = Math.min(job.weight ?? 1, capacity);
        if ((job.after ?? []).some((title) => !passed.has(title)) || weight > free) break;
        next++;
        free -= weight;
        running++;
        job.start().then((ok) => {
          free += weight;
          running--;
          if (ok) passed.add(job.title);
          else failed = true;
          startWhatFits();
        });
      }
      if (running === 0) resolve(!failed && next === jobs.length);
    };
    startWhatFits();
  });
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
// regenerate it under a job running beside them.
//
// The rest of the suite is one pool of jobs on TEST_SLOTS slots (4 unless set). A job takes its
// `weight` in slots (1 unless it says), starts once the jobs it comes `after` have passed, in the
// order listed: a job that cannot start yet holds back the ones listed after it, so the longest
// start first. An embedded job keeps a core busy (PGlite computes in the test process); a
// PostgreSQL + Redis job and a browser pass mostly wait on the services, pages and timers, so
// four slots keep a 2-core machine busy to the end without one job left running alone.
// Unit and integration jobs run their files one after the other in one process (@chat/server's
// split in shards). The browser passes need the web app's build; the embedded pass runs the whole
// suite on two Playwright workers (each with its own services), the PostgreSQL + Redis pass the
// specs whose behaviour rests on the storage, the event bus or the rate limits (PG_BROWSER_SPECS).
// Each browser pass names its results folder and fake microphone (E2E_RUN_NAME).
const slots = Number(process.env.TEST_SLOTS) || 4;
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
const BUILD = "build the web app";
const jobs = [
  {
    title: BUILD,
    args: ["exec", "turbo", "run", "build", "--only", "--filter=@chat/web", "--output-logs=errors-only"],
    env: embeddedEnv,
  },
  embeddedShard(1),
  { title: "@chat/api (embedded)", args: turboTests(["--filter=@chat/api"]), env: embeddedEnv },
  {
    title: "browser tests (embedded database)",
    args: ["exec", "playwright", "test", "--workers=2"],
    env: { ...embeddedEnv, E2E_RUN_NAME: "embedded" },
    after: [BUILD],
    weight: 2,
  },
  ...(withServices
    ? [
        {
          title: "browser tests (PostgreSQL + Redis)",
          args: ["exec", "playwright", "test", ...PG_BROWSER_SPECS.map((name) => `apps/web/e2e/${name}.spec.ts`)],
          env: { ...serviceEnv, E2E_RUN_NAME: "pg" },
          after: [BUILD],
        },
      ]
    : []),
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
];
// The logs the browser passes leave are checked for secrets at the end: start from none.
for (const folder of [".tmp/e2e-logs", ".tmp/e2e-secrets"]) rmSync(folder, { recursive: true, force: true });
const poolStarted = Date.now();
const poolOk = await runJobs(
  slots,
  jobs.map((job, index) => ({
    ...job,
    start: () => run(job.title, "pnpm", job.args, job.env, `job ${index + 1}`),
  })),
);
phaseTiming(`tests and the web app's build, ${jobs.length} jobs on ${slots} slots`, poolStarted, poolOk);
stopUnless(poolOk);
stopUnless(await run("no secret in the services' logs", "node", ["scripts/check-logs.mjs"], embeddedEnv));
printTimes(true);
console.log("\nall test passes succeeded");
