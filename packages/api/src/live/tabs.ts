import { randomBytes } from "node:crypto";
import type { Listener, ListenerIndex } from "@chat/domain";
import type { LiveEvent, PersonEvent } from "@chat/events";
import { AsyncQueue } from "./async-queue";

/** Unread events a tab may fall behind by before its stream ends (it then resumes from its cursor). */
const TAB_CAPACITY = 2000;

/**
 * One open browser tab's live stream: the person, the guilds they are in (kept current by the
 * events that add or remove them) and the events decided for them. While `held`, events wait
 * behind the replay of what the tab missed. Its `id` (random, told to the tab in the ready
 * frame) is how an event addresses this tab alone; a reconnected stream is a new tab.
 */
export class Tab implements Listener {
  readonly id = randomBytes(12).toString("base64url");
  readonly guildIds: Set<string>;
  readonly handlesDirectMessages = true;
  readonly queue: AsyncQueue<LiveEvent>;
  private held: LiveEvent[] | null = [];

  constructor(
    readonly userId: string,
    guildIds: Iterable<string>,
    signal?: AbortSignal,
  ) {
    this.guildIds = new Set(guildIds);
    this.queue = new AsyncQueue(TAB_CAPACITY, signal);
  }

  /** Whether a person event is for this tab: its person, and this tab if it names one. */
  addressedBy(event: PersonEvent): boolean {
    return event.personId === this.userId && (event.tabId === undefined || event.tabId === this.id);
  }

  deliver(event: LiveEvent): void {
    if (this.held) this.held.push(event);
    else this.queue.push(event);
  }

  /** The replay is done: what arrived meanwhile follows it, in order. */
  release(replayed: readonly LiveEvent[]): void {
    const seen = new Set(replayed.map((e) => e.id));
    for (const event of replayed) this.queue.push(event);
    for (const event of this.held ?? []) if (!seen.has(event.id)) this.queue.push(event);
    this.held = null;
  }
}

/** This process's open tabs, by person and by guild: the listener index the audience decides among. */
export class TabIndex implements ListenerIndex<Tab> {
  private byUser = new Map<string, Set<Tab>>();
  private byGuild = new Map<string, Set<Tab>>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  add(tab: Tab): void {
    if (this.byUser.get(tab.userId)?.has(tab)) return;
    this.count += 1;
    addTo(this.byUser, tab.userId, tab);
    for (const guildId of tab.guildIds) addTo(this.byGuild, guildId, tab);
  }

  remove(tab: Tab): void {
    if (!this.byUser.get(tab.userId)?.has(tab)) return;
    this.count -= 1;
    removeFrom(this.byUser, tab.userId, tab);
    for (const guildId of tab.guildIds) removeFrom(this.byGuild, guildId, tab);
  }

  all(): Tab[] {
    return [...this.byUser.values()].flatMap((tabs) => [...tabs]);
  }

  ofUser(userId: string): readonly Tab[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  /** The tabs a person event is addressed to. */
  addressedBy(event: PersonEvent): Tab[] {
    return this.ofUser(event.personId).filter((tab) => tab.addressedBy(event));
  }

  inGuild(guildId: string): readonly Tab[] {
    return [...(this.byGuild.get(guildId) ?? [])];
  }

  joinGuild(tab: Tab, guildId: string): void {
    tab.guildIds.add(guildId);
    addTo(this.byGuild, guildId, tab);
  }

  leaveGuild(tab: Tab, guildId: string): void {
    tab.guildIds.delete(guildId);
    removeFrom(this.byGuild, guildId, tab);
  }
}

function addTo(map: Map<string, Set<Tab>>, key: string, tab: Tab): void {
  const set = map.get(key);
  if (set) set.add(tab);
  else map.set(key, new Set([tab]));
}

function removeFrom(map: Map<string, Set<Tab>>, key: string, tab: Tab): void {
  const set = map.get(key);
  set?.delete(tab);
  if (set?.size === 0) map.delete(key);
}
