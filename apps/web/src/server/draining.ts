/**
 * Whether this web process is shutting down, shared between apps/web/server.ts (which hears
 * SIGTERM) and the app's route handlers (bundled separately by Next.js, so the state lives on
 * `globalThis`, not in this module). No "server-only" here: server.ts imports it outside Next.
 */
const KEY = Symbol.for("chat.web.draining");
type Holder = { [KEY]?: { draining: boolean; hooks: Set<() => void> } };

function state() {
  const holder = globalThis as Holder;
  holder[KEY] ??= { draining: false, hooks: new Set() };
  return holder[KEY];
}

export function isDraining(): boolean {
  return state().draining;
}

/** Runs `hook` when draining starts (at once if it has): e.g. ending the live streams, which never finish on their own. */
export function onDrain(hook: () => void): void {
  if (state().draining) hook();
  else state().hooks.add(hook);
}

/** From now on /readyz answers 503 "draining"; each drain hook runs once. */
export function startDraining(): void {
  const current = state();
  if (current.draining) return;
  current.draining = true;
  for (const hook of current.hooks) hook();
  current.hooks.clear();
}
