// `pnpm test`: the whole suite. Lint and typecheck, the server and domain tests and the
// browser tests, first on the embedded database, then again on PostgreSQL + Redis when
// TEST_DATABASE_URL and TEST_REDIS_URL name them (CI sets both).
import { spawnSync } from "node:child_process";

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const embeddedEnv = { ...process.env, TEST_DATABASE_URL: "", TEST_REDIS_URL: "", E2E_DATABASE_URL: "", E2E_REDIS_URL: "", DATABASE_URL: "", REDIS_URL: "" };
const serviceEnv = { ...embeddedEnv, TEST_DATABASE_URL: pgUrl, TEST_REDIS_URL: redisUrl, E2E_DATABASE_URL: pgUrl, E2E_REDIS_URL: redisUrl };

function step(title, command, args, env = embeddedEnv) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) {
    console.error(`\n${title}: failed`);
    process.exit(result.status ?? 1);
  }
}

step("lint and typecheck", "pnpm", ["exec", "turbo", "run", "lint", "typecheck", "--output-logs=errors-only"]);
step("unit and integration tests (embedded database)", "pnpm", ["exec", "turbo", "run", "test", "--concurrency=1"]);
if (pgUrl && redisUrl) step("integration tests (PostgreSQL + Redis)", "pnpm", ["exec", "turbo", "run", "test", "--concurrency=1", "--filter=@chat/server", "--filter=@chat/db", "--filter=@chat/events", "--filter=@chat/api", "--filter=@chat/rate-limit", "--filter=@chat/auth"], serviceEnv);
else console.log("\nTEST_DATABASE_URL and TEST_REDIS_URL are not set: the PostgreSQL + Redis pass does not run (CI sets them).");
step("build the web app", "pnpm", ["exec", "turbo", "run", "build", "--filter=@chat/web", "--output-logs=errors-only"]);
step("browser tests (embedded database)", "pnpm", ["exec", "playwright", "test"]);
if (pgUrl && redisUrl) step("browser tests (PostgreSQL + Redis)", "pnpm", ["exec", "playwright", "test"], serviceEnv);
console.log("\nall test passes succeeded");
