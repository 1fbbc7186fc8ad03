/**
 * `pnpm bench <name>`: runs one benchmark of apps/server/bench.
 *   gateway   MESSAGE_CREATE fanned out to 1,000 gateway connections vs a raw ws broadcast
 */
const benches: Record<string, () => Promise<{ main(): Promise<void> }>> = {
  gateway: () => import("./gateway"),
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
