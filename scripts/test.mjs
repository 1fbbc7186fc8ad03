// `pnpm test`: the whole suite. A LiveKit binary found or built first (scripts/livekit-install.mjs);
// then lint and typecheck, the server and domain tests and the browser tests, on the embedded
// database and, when TEST_DATABASE_URL and TEST_REDIS_URL name them (CI sets both), again on
// PostgreSQL + Redis. The two modes' unit and integration passes run side by side (each package's
// files one at a time; the embedded pass two packages at once); the browser passes run one after
// the other (beside each other or beside a unit pass, a 2-core machine starves them). The
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

/** Runs one pass; with a `label`, its output lines are prefixed so side-by-side passes stay readable. */
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
      const cpu = cpuNow === null ? "" : `, ${(cpuNow - cpuCounted).toFixed(1)} CPU min`;
      cpuCounted = cpuNow ?? 0;
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

// Generated code (Prisma) exists now: the passes below run `--only` so they never regenerate it
// under a pass running beside them. The embedded pass runs two packages at a time: each package's
// files run one after the other in one process, and PGlite keeps that process's core busy, so one
// package at a time left the second core to the PostgreSQL + Redis pass alone, which waits more
// than it computes.
const unitArgs = ["exec", "turbo", "run", "test", "--only"];
const unitPasses = [
  run(
    "unit and integration tests (embedded database)",
    "pnpm",
    [...unitArgs, "--concurrency=2"],
    embeddedEnv,
    withServices ? "embedded" : undefined,
  ),
];
if (withServices) {
  const filters = SERVICE_PACKAGES.map((name) => `--filter=${name}`);
  unitPasses.push(
    run(
      "integration tests (PostgreSQL + Redis)",
      "pnpm",
      [...unitArgs, "--concurrency=1", ...filters],
      serviceEnv,
      "pg+redis",
    ),
  );
} else {
  console.log(
    "\nTEST_DATABASE_URL and TEST_REDIS_URL are not set: the PostgreSQL + Redis passes do not run (CI sets them).",
  );
}
stopUnless((await Promise.all(unitPasses)).every(Boolean));
stopUnless(
  await run(
    "build the web app",
    "pnpm",
    ["exec", "turbo", "run", "build", "--only", "--filter=@chat/web", "--output-logs=errors-only"],
    embeddedEnv,
  ),
);
// The logs the browser passes leave are checked for secrets at the end: start from none.
for (const folder of [".tmp/e2e-logs", ".tmp/e2e-secrets"]) rmSync(folder, { recursive: true, force: true });
stopUnless(await run("browser tests (embedded database)", "pnpm", ["exec", "playwright", "test"], embeddedEnv));
if (withServices) {
  const specs = PG_BROWSER_SPECS.map((name) => `apps/web/e2e/${name}.spec.ts`);
  stopUnless(
    await run("browser tests (PostgreSQL + Redis)", "pnpm", ["exec", "playwright", "test", ...specs], serviceEnv),
  );
}
stopUnless(await run("no secret in the services' logs", "node", ["scripts/check-logs.mjs"], embeddedEnv));
printTimes(true);
console.log("\nall test passes succeeded");
