import { spawnSync } from "node:child_process";

/** Builds the web app and runs one browser benchmark of apps/web/bench (a Playwright run that prints its table). */
export function runBrowserBench(file: string): void {
  const run = (args: string[]) => {
    const result = spawnSync("pnpm", ["exec", ...args], {
      stdio: "inherit",
      env: { ...process.env, BROWSER_BENCH: "1" },
    });
    if (result.status !== 0) throw new Error(`${args.join(" ")} exited with ${result.status}`);
  };
  run(["turbo", "run", "build", "--filter=@chat/web", "--output-logs=errors-only"]);
  run(["playwright", "test", `apps/web/bench/${file}`]);
}
