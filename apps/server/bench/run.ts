/**
 * `pnpm bench <name>`: runs one benchmark of apps/server/bench.
 *   rest         sending messages and history pages over HTTP vs raw INSERTs and SELECTs; heartbeats under load
 *   gateway      1,000 gateway connections (identify time, memory, MESSAGE_CREATE fan-out, heartbeats) vs bare ws servers
 *   web          a person's message reaching 100 open tabs' live streams vs a bare SSE broadcast
 *   web-history  the web app scrolled through a 10,000-message channel vs the same rows all in one page
 */
const benches: Record<string, () => Promise<{ main(): Promise<void> }>> = {
  rest: () => import("./rest"),
  gateway: () => import("./gateway"),
  web: async () => ({ main: async () => (await import("./browser-bench")).runBrowserBench("live-fanout.bench.ts") }),
  "web-history": async () => ({
    main: async () => (await import("./browser-bench")).runBrowserBench("history-scroll.bench.ts"),
  }),
};

const chosen = process.argv[2];
const load = chosen ? benches[chosen] : undefined;
if (!load) {
  console.error(`usage: pnpm bench <${Object.keys(benches).join("|")}>`);
  process.exit(2);
}
try {
  await (await load()).main();
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}

export {};
