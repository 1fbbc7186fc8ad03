import { resolve } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { writeToneWav } from "./apps/web/e2e/support/tone-wav";

/** Two passes run side by side by hand name themselves (E2E_RUN_NAME), so neither empties the other's results. */
const runName = process.env.E2E_RUN_NAME ? `-${process.env.E2E_RUN_NAME.replace(/[^a-z0-9-]/gi, "")}` : "";

/** Run from the repository root, as every command of the README is. */
const fakeMicrophone = writeToneWav(resolve(`.tmp/fake-microphone${runName}.wav`));

/**
 * End-to-end tests of the whole service (server + built web app), started by
 * apps/web/e2e/fixtures/service.ts: one per environment, shared by the spec files that ask for
 * it. Build first: `pnpm test:e2e` does.
 * Storage follows the environment: E2E_DATABASE_URL (PostgreSQL admin URL) and E2E_REDIS_URL.
 */
/** `pnpm bench web-history` runs the browser benchmarks of apps/web/bench instead (figures printed, run by hand). */
const bench = process.env.BROWSER_BENCH === "1";

export default defineConfig({
  testDir: bench ? "apps/web/bench" : "apps/web/e2e",
  ...(bench ? { testMatch: /.*\.bench\.ts$/ } : {}),
  outputDir: bench ? ".tmp/bench-results" : `.tmp/test-results${runName}`,
  fullyParallel: false,
  workers: 1,
  timeout: bench ? 20 * 60_000 : 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [["list"], ["html", { open: "never", outputFolder: `.tmp/playwright-report${runName}` }]]
    : "list",
  use: {
    ...devices["Desktop Chrome"],
    viewport: { width: 1440, height: 900 },
    screenshot: "only-on-failure",
    // No trace unless E2E_TRACE=on (then a failed test keeps its trace: each action's DOM
    // snapshot, the network and the console, without the screencast). Recording one costs a
    // tenth of the pass's CPU (composer + message-actions: 116 CPU s without, 126 with), and a
    // failure leaves its error, the page's snapshot and a screenshot either way.
    trace: process.env.E2E_TRACE === "on" ? { mode: "retain-on-failure", screenshots: false, sources: false } : "off",
    // Voice: a fake microphone (a steady tone) and sound that plays without a click; pages get
    // the microphone only when their context grants it (voice.spec), so refusing it is real too.
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--use-fake-device-for-media-stream",
        `--use-file-for-fake-audio-capture=${fakeMicrophone}`,
        "--autoplay-policy=no-user-gesture-required",
      ],
    },
  },
});
