/**
 * Values that live a short while and then are gone for good (spec: ephemeral messages, 15
 * minutes; open forms next): never written to the database, so a restart of the place they
 * are kept loses them (the service then answers 10008). Keys are strings; values are JSON.
 */
export interface ShortLivedStore {
  /** Keeps `value` under `key` for `ttlMs`, replacing whatever was there. */
  put(key: string, value: unknown, ttlMs: number): Promise<void>;
  /**
   * Keeps `value` under `key` for `ttlMs` only when no live value is there: true when it was
   * kept, false (nothing written) when one was. Atomic across every process sharing the store.
   */
  putIfAbsent(key: string, value: unknown, ttlMs: number): Promise<boolean>;
  /** The value under `key`, or null when there is none (never put, deleted, or expired). */
  get<T = unknown>(key: string): Promise<T | null>;
  /** Replaces an existing value, keeping its expiry; false (and nothing written) when there is none. */
  replace(key: string, value: unknown): Promise<boolean>;
  /** Removes the value; false when there was none. */
  delete(key: string): Promise<boolean>;
  close(): Promise<void>;
}
