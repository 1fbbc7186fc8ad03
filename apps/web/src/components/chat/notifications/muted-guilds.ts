const STORAGE_KEY = "chat:muted-guilds";

/**
 * Guilds whose mentions do not notify, kept in this browser (every tab of it agrees: a change
 * in one reaches the others through the storage event).
 */
class MutedGuilds {
  private listeners = new Set<() => void>();
  private cached: ReadonlySet<string> | null = null;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEY) return;
      this.cached = null;
      listener();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      this.listeners.delete(listener);
      window.removeEventListener("storage", onStorage);
    };
  };

  all = (): ReadonlySet<string> => {
    if (this.cached) return this.cached;
    try {
      const stored: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? "[]");
      this.cached = new Set(Array.isArray(stored) ? stored.filter((id): id is string => typeof id === "string") : []);
    } catch {
      this.cached = new Set();
    }
    return this.cached;
  };

  has(guildId: string): boolean {
    return this.all().has(guildId);
  }

  set(guildId: string, muted: boolean): void {
    const next = new Set(this.all());
    if (muted) next.add(guildId);
    else next.delete(guildId);
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify([...next]));
    this.cached = next;
    for (const listener of this.listeners) listener();
  }
}

export const mutedGuilds = new MutedGuilds();
