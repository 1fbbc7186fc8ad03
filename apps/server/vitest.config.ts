import { defineConfig } from "vitest/config";

/**
 * The files run one after the other in one process (`isolate: false`): each file in a fresh
 * process loaded the whole module graph and compiled PGlite's WebAssembly again, which took
 * half of the suite's time. Test files must therefore leave no global state behind (every
 * server, world and timer they start is closed in their own hooks).
 */
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
