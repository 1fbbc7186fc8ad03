import type { ShortLivedStore } from "./store";

/** One process's short-lived values (one server node; tests), swept of expired ones as they are read and once a minute. */
export class MemoryShortLivedStore implements ShortLivedStore {
  private entries = new Map<string, { json: string; expiresAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  async put(key: string, value: unknown, ttlMs: number): Promise<void> {
    this.entries.set(key, { json: JSON.stringify(value), expiresAt: this.now() + ttlMs });
  }

  async putIfAbsent(key: string, value: unknown, ttlMs: number): Promise<boolean> {
    if (this.live(key)) return false;
    await this.put(key, value, ttlMs);
    return true;
  }

  async get<T>(key: string): Promise<T | null> {
    const entry = this.live(key);
    return entry ? (JSON.parse(entry.json) as T) : null;
  }

  async replace(key: string, value: unknown): Promise<boolean> {
    const entry = this.live(key);
    if (!entry) return false;
    entry.json = JSON.stringify(value);
    return true;
  }

  async delete(key: string): Promise<boolean> {
    const existed = this.live(key) !== null;
    this.entries.delete(key);
    return existed;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.entries.clear();
  }

  private live(key: string): { json: string; expiresAt: number } | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt > this.now()) return entry;
    this.entries.delete(key);
    return null;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}
