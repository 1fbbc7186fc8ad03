import type { Query, QueryClient, QueryKey } from "@tanstack/react-query";
import { hashKey } from "@tanstack/react-query";

type Patch = (data: never) => unknown;

/**
 * Applies changes to cached query data: live events, and what the tab itself just created.
 * A change to data that is being fetched is applied now and again when the fetch lands (the
 * answer may have been read before the change), so a change is never lost to a request in
 * flight. Patches must be idempotent (merge by id). It listens to the cache only while a
 * patch waits, so it needs no closing.
 */
export class QueryPatcher {
  private readonly waiting = new Map<string, Patch[]>();
  private stopListening: (() => void) | null = null;

  constructor(private readonly queryClient: QueryClient) {}

  /** Changes the cached data of `key`, if any; nothing to change while nothing is cached or coming. */
  patch<T>(key: QueryKey, patch: (data: T) => T): void {
    const state = this.queryClient.getQueryState(key);
    if (!state) return;
    if (state.fetchStatus === "fetching") this.waitFor(hashKey(key), patch as Patch);
    this.apply(key, patch as Patch);
  }

  /** Like `patch`, and seeds a list nobody has loaded yet (something the tab made itself). */
  add<T>(key: QueryKey, patch: (list: T[]) => T[]): void {
    if (
      this.queryClient.getQueryData(key) === undefined &&
      this.queryClient.getQueryState(key)?.fetchStatus !== "fetching"
    ) {
      this.queryClient.setQueryData(key, patch([]));
      return;
    }
    this.patch(key, patch);
  }

  /**
   * Loads `queryKey`'s queries again (every query without a key). A first load already on its
   * way is asked again too: its answer may have been read before the change, and TanStack Query
   * would hand that answer back rather than ask again.
   */
  reload(queryKey?: QueryKey): void {
    const filters = queryKey ? { queryKey } : {};
    const firstLoad = (query: Query) => query.state.data === undefined && query.state.fetchStatus === "fetching";
    if (!this.queryClient.getQueryCache().findAll(filters).some(firstLoad)) {
      void this.queryClient.invalidateQueries(filters);
      return;
    }
    void this.queryClient
      .cancelQueries({ ...filters, predicate: firstLoad })
      .then(() => this.queryClient.invalidateQueries(filters));
  }

  private waitFor(hash: string, patch: Patch): void {
    this.waiting.set(hash, [...(this.waiting.get(hash) ?? []), patch]);
    this.stopListening ??= this.queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== "updated" || event.action.type !== "success" || event.action.manual) return;
      const patches = this.waiting.get(event.query.queryHash);
      if (!patches) return;
      this.waiting.delete(event.query.queryHash);
      for (const waiting of patches) this.apply(event.query.queryKey, waiting);
      if (this.waiting.size === 0) {
        this.stopListening?.();
        this.stopListening = null;
      }
    });
  }

  private apply(key: QueryKey, patch: Patch): void {
    this.queryClient.setQueryData(key, (data: unknown) => (data === undefined ? data : patch(data as never)));
  }
}
