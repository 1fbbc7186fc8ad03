interface Entry {
  value: Promise<unknown>;
  guildId: string | null;
  timer: NodeJS.Timeout;
}

/**
 * Database reads shared by whoever asks for the same key while the read is still good: the
 * owner drops a guild's reads (or all of them) when it hears of an event that may change them,
 * and a read is kept at most `maxAgeMs` anyway. Dropping forgets the read, in flight or done, so
 * nobody asking afterwards gets it. A failed read is forgotten at once.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byGuild = new Map<string, Set<string>>();

  constructor(private readonly maxAgeMs: number) {}

  get empty(): boolean {
    return this.entries.size === 0;
  }

  /** The read kept under `key`, or `read()` kept there from now on (dropped with `guildId`'s reads). */
  shared<T>(key: string, guildId: string | null, read: () => Promise<T>): Promise<T> {
    const existing = this.entries.get(key);
    if (existing) return existing.value as Promise<T>;
    const value = read();
    const entry: Entry = { value, guildId, timer: setTimeout(() => this.forget(key, entry), this.maxAgeMs) };
    entry.timer.unref();
    this.entries.set(key, entry);
    if (guildId) {
      const keys = this.byGuild.get(guildId);
      if (keys) keys.add(key);
      else this.byGuild.set(guildId, new Set([key]));
    }
    value.catch(() => this.forget(key, entry));
    return value;
  }

  dropGuild(guildId: string): void {
    for (const key of [...(this.byGuild.get(guildId) ?? [])]) {
      const entry = this.entries.get(key);
      if (entry) this.forget(key, entry);
    }
  }

  clear(): void {
    for (const entry of this.entries.values()) clearTimeout(entry.timer);
    this.entries.clear();
    this.byGuild.clear();
  }

  private forget(key: string, entry: Entry): void {
    if (this.entries.get(key) !== entry) return;
    clearTimeout(entry.timer);
    this.entries.delete(key);
    if (!entry.guildId) return;
    const keys = this.byGuild.get(entry.guildId);
    keys?.delete(key);
    if (keys?.size === 0) this.byGuild.delete(entry.guildId);
  }
}
