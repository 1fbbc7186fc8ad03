// `pnpm test`: the whole suite. A LiveKit binary and a SeaweedFS one found or built first
// (scripts/livekit-install.mjs, scripts/seaweedfs-install.mjs);
// then lint and typecheck, the server and domain tests and the browser tests, on the embedded
// database and, when TEST_DATABASE_URL and TEST_REDIS_URL name them (CI sets both), again on
// PostgreSQL + Redis. The two modes' unit and integration tests run as jobs side by side (each
// job's files one at a time in one process; @chat/server split in shards), and so do the two
// browser passes. What behaves alike on both storages runs once, where both run: the rule
// tables of the bot API and of the web app's procedures on PostgreSQL + Redis (RULE_TABLES),
// and the browser specs of pages that only render and validate, most embedded and some on
// PostgreSQL + Redis to balance the passes (PG_ONLY_BROWSER_SPECS); the specs whose behaviour
// rests on the storage, the event bus or the rate limits run on both (PG_BROWSER_SPECS).
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { ensureLiveKit } from "./livekit-install.mjs";
import { ensureSeaweed } from "./seaweedfs-install.mjs";

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const withServices = Boolean(pgUrl && redisUrl);
// The voice tests run a real LiveKit server: found (LIVEKIT_BINARY, PATH, install folder) or built with Go now.
// Without one they fail saying how to get it; the rest of the suite runs either way.
const livekitBinary = ensureLiveKit();
// The file store's tests run a real SeaweedFS as their S3: found or built with Go now, the same way.
const seaweedBinary = ensureSeaweed();
const embeddedEnv = {
  ...process.env,
  ...(livekitBinary ? { LIVEKIT_BINARY: livekitBinary } : {}),
  ...(seaweedBinary ? { SEAWEEDFS_BINARY: seaweedBinary } : {}),
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
/**
 * Specs of pages that behave alike on both storages and run once, on PostgreSQL + Redis, when
 * both passes run: it balances the two side-by-side passes (the embedded one ran 18.5 minutes
 * beside the other's 7.4, on a 2-core machine kept busy only by it for the last 11). Without
 * TEST_DATABASE_URL they run embedded with the rest.
 */
const PG_ONLY_BROWSER_SPECS = [
  "message-actions",
  "message-reactions-pins",
  "message-replies",
  "notifications",
  "people-dms",
  "phone-layout",
  "refused-requests",
  "return-path",
  "rich-messages",
  "threads",
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
/**
 * The last lines of each labelled pass that failed, printed again at the very end: passes side
 * by side interleave their output, and a CI log is often read from its tail only.
 */
const failedTails = [];
const TAIL_LINES = 60;
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
    const tail = [];
    if (label) {
      for (const stream of [child.stdout, child.stderr]) {
        let rest = "";
        stream.setEncoding("utf8");
        stream.on("data", (chunk) => {
          const lines = (rest + chunk).split("\n");
          rest = lines.pop() ?? "";
          for (const line of lines) {
            console.log(`[${label}] ${line}`);
            tail.push(line);
          }
          if (tail.length > TAIL_LINES) tail.splice(0, tail.length - TAIL_LINES);
        });
        stream.on("end", () => {
          if (!rest) return;
          console.log(`[${label}] ${rest}`);
          tail.push(rest);
        });
      }
    }
    child.on("close", (code) => {
      const outcome = code === 0 ? "passed" : "failed";
      const cpuNow = endedPassesCpuMinutes();
      const cpu = cpuNow === null || label ? "" : `, ${(cpuNow - cpuCounted).toFixed(1)} CPU min`;
      if (!label) cpuCounted = cpuNow ?? 0;
      timings.push({ title, outcome, minutes: minutesSince(started), cpu });
      if (code !== 0 && label) failedTails.push({ title, lines: tail.slice(-TAIL_LINES) });
      console.log(`\n${title}: ${outcome} in ${minutesSince(started)} min`);
      resolve(code === 0);
    });
  });
}

/** Each pass's time and the whole run's, the figure the README states. */
function printTimes(ok) {
  for (const { title, lines } of failedTails) {
    console.log(`\n=== ${title} failed; its last ${lines.length} lines ===`);
    for (const line of lines) console.log(line);
  }
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
 * Runs the jobs (functions answering whether they passed), at most `slots` at a time, in the
 * order listed; after a failure none starts (the running ones end). Answers whether all passed.
 */
async function runJobs(slots, jobs) {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < jobs.length) {
      if (!(await jobs[next++]())) failed = true;
    }
  };
  await Promise.all(Array.from({ length: Math.min(slots, jobs.length) }, worker));
  return !failed;
}

/**
 * Rule tables (each route's or procedure's validation, permissions, limits and error shapes)
 * behave alike on both storages: the same PostgreSQL engine answers them (PGlite is PostgreSQL
 * compiled to WebAssembly), and only PostgreSQL runs transactions concurrently. With both
 * storage modes they run once, on PostgreSQL + Redis: the bot API's (apps/server/test/rest) and
 * the web app's procedures' (packages/api/test). The rest of the server's tests (gateway, the
 * four libraries, operations, faults, voice, several nodes) run on both, and so do the rule
 * tables that rest on the storage's shape (`both`): the rate-limit store, the bot token cache,
 * the short-lived store, each database's query plans, the live streams and presence over the
 * event bus, web sessions and readiness. Answers the files the embedded pass leaves out.
 */
function ruleTablesRunOnce(pkg) {
  const { folder, both } = RULE_TABLES[pkg];
  for (const file of both)
    if (!existsSync(join(pkg, folder, file))) throw new Error(`${pkg}/${folder}/${file} is gone: update this list`);
  return readdirSync(join(pkg, folder), { recursive: true })
    .filter((file) => file.endsWith(".test.ts") && !both.includes(file))
    .map((file) => join(folder, file))
    .sort();
}
/** Each package's folder of rule tables (relative to the package), and those of them that run on both storages. */
const RULE_TABLES = {
  "apps/server": {
    folder: "test/rest",
    both: [
      "protocol/rest-rate-limits.test.ts",
      "protocol/bot-token-cache.test.ts",
      "interactions/ephemeral-messages.test.ts",
      "plans/list-plans.test.ts",
    ],
  },
  "packages/api": {
    folder: "test",
    both: [
      "health.test.ts",
      "limits.test.ts",
      "live-presence.test.ts",
      "live-stream.test.ts",
      "live-stream-count.test.ts",
      "live-stream-queries.test.ts",
      "password-checks.test.ts",
      "people.test.ts",
      "upload-limits.test.ts",
      "web-sessions.test.ts",
    ],
  },
};

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
// TEST_SLOTS at a time (3 unless set): each job runs its files one after the other in one
// process, so the longest chains (@chat/server's files, in shards, and @chat/api's) start first.
// An embedded job keeps a core busy (PGlite computes in the test process); a PostgreSQL + Redis
// job mostly waits on the services and its own timers, so three at once fill a 2-core machine.
const slots = Number(process.env.TEST_SLOTS) || 3;
const turboTests = (filters) => ["exec", "turbo", "run", "test", "--only", "--concurrency=1", ...filters];
const vitestArgs = (dir, excluded) => [
  "--dir",
  dir,
  "exec",
  "vitest",
  "run",
  ...excluded.map((file) => `--exclude=${file}`),
];
const serverShards = (mode, env, count, excluded = []) =>
  Array.from({ length: count }, (_, index) => ({
    title: `@chat/server ${index + 1}/${count} (${mode})`,
    args: [...vitestArgs("apps/server", excluded), `--shard=${index + 1}/${count}`],
    env,
  }));
if (!withServices) {
  console.log(
    "\nTEST_DATABASE_URL and TEST_REDIS_URL are not set: the PostgreSQL + Redis passes do not run (CI sets them).",
  );
}
// With both storage modes, the rule tables run on PostgreSQL + Redis only (RULE_TABLES).
const onceOnly = (pkg) => (withServices ? ruleTablesRunOnce(pkg) : []);
const embeddedServer = serverShards("embedded", embeddedEnv, withServices ? 2 : 3, onceOnly("apps/server"));
const serviceServer = withServices ? serverShards("PostgreSQL + Redis", serviceEnv, 3) : [];
// The longest first (embedded and PostgreSQL + Redis jobs interleaved, so a waiting job often
// runs beside two computing ones), the short ones and the web app's build (the browser passes
// need it) last.
const unitJobs = [
  embeddedServer[0],
  { title: "@chat/api (embedded)", args: vitestArgs("packages/api", onceOnly("packages/api")), env: embeddedEnv },
  ...serviceServer.slice(0, 1),
  ...embeddedServer.slice(1),
  ...serviceServer.slice(1),
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
const unitOk = await runJobs(
  slots,
  unitJobs.map((job, index) => () => run(job.title, "pnpm", job.args, job.env, `unit ${index + 1}`)),
);
phaseTiming(
  `unit and integration tests and the web app's build, ${unitJobs.length} jobs ${slots} at a time`,
  unitStarted,
  unitOk,
);
stopUnless(unitOk);
// The logs the browser passes leave are checked for secrets at the end: start from none.
for (const folder of [".tmp/e2e-logs", ".tmp/e2e-secrets"]) rmSync(folder, { recursive: true, force: true });
// The two browser passes run side by side, each on one Playwright worker: a pass keeps about
// 1.4 of the 2 cores busy (Chromium's renderers a third of it; composer + message-actions: 116
// CPU s in 80 s), and more workers only added services and contention (a second embedded worker
// made the pass slower, not faster). Nor did starting the embedded pass beside the unit jobs
// help: each browser test took twice as long, the run no shorter, and the fault tests' latency
// budgets broke under that load. Each names its results folder and fake microphone (E2E_RUN_NAME).
const specFile = (name) => `apps/web/e2e/${name}.spec.ts`;
for (const name of [...PG_BROWSER_SPECS, ...PG_ONLY_BROWSER_SPECS])
  if (!existsSync(specFile(name))) throw new Error(`${specFile(name)} is gone: update the browser spec lists`);
const embeddedSpecs = withServices
  ? readdirSync("apps/web/e2e")
      .filter((file) => file.endsWith(".spec.ts") && !PG_ONLY_BROWSER_SPECS.includes(file.replace(".spec.ts", "")))
      .sort()
      .map((file) => `apps/web/e2e/${file}`)
  : [];
const browserStarted = Date.now();
const browserPasses = [
  () =>
    run(
      "browser tests (embedded database)",
      "pnpm",
      ["exec", "playwright", "test", ...embeddedSpecs],
      { ...embeddedEnv, E2E_RUN_NAME: "embedded" },
      withServices ? "browser embedded" : undefined,
    ),
  ...(withServices
    ? [
        () =>
          run(
            "browser tests (PostgreSQL + Redis)",
            "pnpm",
            ["exec", "playwright", "test", ...[...PG_BROWSER_SPECS, ...PG_ONLY_BROWSER_SPECS].map(specFile)],
            { ...serviceEnv, E2E_RUN_NAME: "pg" },
            "browser pg+redis",
          ),
      ]
    : []),
];
const browserOk = await runJobs(browserPasses.length, browserPasses);
if (withServices) phaseTiming(`browser tests, ${browserPasses.length} passes side by side`, browserStarted, browserOk);
stopUnless(browserOk);
stopUnless(await run("no secret in the services' logs", "node", ["scripts/check-logs.mjs"], embeddedEnv));
printTimes(true);
console.log("\nall test passes succeeded");
