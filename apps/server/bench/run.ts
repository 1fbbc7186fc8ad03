/**
 * `pnpm bench <name>`: runs one benchmark of apps/server/bench.
 *   gateway      MESSAGE_CREATE fanned out to 1,000 gateway connections vs a raw ws broadcast
 *   web-history  the web app scrolled through a 10,000-message channel vs the same rows all in one page
 */
const benches: Record<string, () => Promise<{ main(): Promise<void> }>> = {
  gateway: () => import("./gateway"),
  "web-history": () => import("./web-history"),
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
