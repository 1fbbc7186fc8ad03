/**
 * `pnpm fuzz`: the fuzz campaign. Starts a server on fresh storage (embedded, or PostgreSQL and
 * Redis with TEST_DATABASE_URL / TEST_REDIS_URL), seeds a world, and sends every write route of
 * the bot API and every tRPC procedure generated malformed requests. Exits 1 on any 5xx, partial
 * write, refusal out of the error shape or request left unanswered, printing the counterexample.
 */
import { startTestServer, storageMode } from "../test/support/test-server";
import { runCampaign } from "./campaign";
import { readFuzzOptions } from "./options";
import { failed, summary } from "./report";

const options = readFuzzOptions(process.argv.slice(2), process.env);
console.log(
  `pnpm fuzz: seed ${options.seed}, ${options.runs} runs per route and procedure, storage ${storageMode}${options.only ? `, only "${options.only}"` : ""}`,
);
const server = await startTestServer({ rateLimits: false, housekeepingIntervalMs: 0 });
let exitCode = 1;
try {
  const report = await runCampaign(server.server, { ...options, log: (line) => console.log(line) });
  console.log(
    summary(
      report,
      (key, path) => `pnpm fuzz --seed ${options.seed} --runs ${options.runs} --only "${key}" --replay "${path}"`,
    ),
  );
  exitCode = failed(report) ? 1 : 0;
} catch (error) {
  console.error(error);
} finally {
  await server.close();
}
process.exit(exitCode);
