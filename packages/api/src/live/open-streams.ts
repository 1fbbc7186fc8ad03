/** Something holding people's live streams (a LiveHub), counted in this process's total. */
export interface StreamHolder {
  readonly openStreams: number;
}

/**
 * Kept on globalThis: the web app's Next.js bundle has its own copy of this module, and the
 * metrics listener (apps/web/server.ts, outside the bundle) must see the bundle's hubs.
 */
const KEY = Symbol.for("chat.live.stream-holders");

function holders(): Set<StreamHolder> {
  const global = globalThis as { [KEY]?: Set<StreamHolder> };
  global[KEY] ??= new Set();
  return global[KEY];
}

/** Counts `holder`'s streams in {@link openLiveStreams} until the returned function is called. */
export function countLiveStreams(holder: StreamHolder): () => void {
  holders().add(holder);
  return () => holders().delete(holder);
}

/** Live streams (browser tabs) open in this process now, over every hub (metrics). */
export function openLiveStreams(): number {
  let open = 0;
  for (const holder of holders()) open += holder.openStreams;
  return open;
}
