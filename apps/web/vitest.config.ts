import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** Fast tests of the browser's pure helpers; what a person sees is the Playwright suite's (e2e/). */
export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: { include: ["test/**/*.test.ts"] },
});
