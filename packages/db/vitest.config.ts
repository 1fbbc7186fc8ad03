import { defineConfig } from "vitest/config";

/**
 * Files about the embedded database alone (its thread, password, statements, migrations on
 * PGlite): the PostgreSQL pass (TEST_DATABASE_URL set) leaves them to the embedded pass.
 */
const EMBEDDED_ONLY = [
  "test/embedded-large-statements.test.ts",
  "test/embedded-password.test.ts",
  "test/embedded-thread.test.ts",
  "test/hot-query.test.ts",
  "test/migration-application-ids.test.ts",
  "test/migration-read-states.test.ts",
  "test/transaction-timeout.test.ts",
  "test/unreachable.test.ts",
];

/** Files about PostgreSQL alone: the embedded pass leaves them to the PostgreSQL pass. */
const POSTGRES_ONLY = ["test/hot-query-postgres.test.ts"];

/** One process for all files, one after the other (see apps/server/vitest.config.ts). */
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: process.env.TEST_DATABASE_URL ? EMBEDDED_ONLY : POSTGRES_ONLY,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    pool: "forks",
    isolate: false,
  },
});
