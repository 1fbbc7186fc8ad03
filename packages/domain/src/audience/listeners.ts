/**
 * Whoever holds a live connection: a bot's gateway session or a person's browser tab. The
 * audience decides among listeners; each face keeps its own index of them.
 */
export interface Listener {
  readonly userId: string;
  /** The guilds this listener receives events of (membership; for bots also their shard). */
  readonly guildIds: ReadonlySet<string>;
  /** Whether it receives events outside guilds (DMs, the person's own events). */
  readonly handlesDirectMessages: boolean;
}

/** A face's listeners, indexed by user and by guild. */
export interface ListenerIndex<L extends Listener> {
  ofUser(userId: string): readonly L[];
  inGuild(guildId: string): readonly L[];
  joinGuild(listener: L, guildId: string): void;
  leaveGuild(listener: L, guildId: string): void;
}
