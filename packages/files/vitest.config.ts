import { defineConfig } from "vitest/config";

/** One process for all files, one after the other (see apps/server/vitest.config.ts). */
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: "forks",
    isolate: false,
  },
});
