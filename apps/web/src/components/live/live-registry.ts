import type { LiveWireEvent } from "@chat/events/catalogue";

/** The name of a live event the stream can bring (a dispatch or a person's own event). */
export type LiveEventName = LiveWireEvent["t"];

/** The event of one name, its payload (and facts) narrowed from the catalogue's union. */
export type LiveEventOf<N extends LiveEventName> = Extract<LiveWireEvent, { t: N }>;

export type LiveHandler<N extends LiveEventName> = (event: LiveEventOf<N>) => void;

type Hook = () => void;

/**
 * Who does what with each live event: features register their cache writers by event name
 * (`live.on(GatewayDispatchEvents.MessageCreate, (event) => …)`, with `event.d` typed for that
 * name), and the stream dispatches each event to the handlers of its name, in the order they
 * were registered. Events nobody registered for are ignored.
 */
export class LiveRegistry {
  private readonly handlers = new Map<LiveEventName, ((event: LiveWireEvent) => void)[]>();
  private readonly resetHooks: Hook[] = [];
  private readonly closeHooks: Hook[] = [];
  private recording: (() => void)[] | null = null;

  /** Runs `install` (which registers handlers and hooks) and answers a function that removes all it registered. */
  install(install: (live: LiveRegistry) => void): () => void {
    const removals: (() => void)[] = [];
    this.recording = removals;
    try {
      install(this);
    } finally {
      this.recording = null;
    }
    return () => {
      for (const remove of removals) remove();
    };
  }

  /** Runs `handler` for each event of `name` (or of any of `names`). Answers a function that removes it. */
  on<N extends LiveEventName>(names: N | readonly N[], handler: LiveHandler<N>): () => void {
    const list = typeof names === "string" ? [names] : names;
    const removals = list.map((name) => {
      // A handler of name N is only ever handed events of name N (dispatch looks it up by `t`).
      const registered = handler as unknown as (event: LiveWireEvent) => void;
      this.handlers.set(name, [...(this.handlers.get(name) ?? []), registered]);
      return () =>
        this.handlers.set(
          name,
          (this.handlers.get(name) ?? []).filter((h) => h !== registered),
        );
    });
    return this.recorded(() => {
      for (const remove of removals) remove();
    });
  }

  /** Runs `hook` when a stream begins afresh (not a resumption): whatever was kept may have missed events. */
  onReset(hook: Hook): () => void {
    return this.addHook(this.resetHooks, hook);
  }

  /** Runs `hook` when the stream is closed for good (the tab leaves the chat). */
  onClose(hook: Hook): () => void {
    return this.addHook(this.closeHooks, hook);
  }

  /** Hands `event` to the handlers of its name. */
  dispatch(event: LiveWireEvent): void {
    const handlers = this.handlers.get(event.t);
    if (!handlers) return;
    for (const handler of handlers) handler(event);
  }

  reset(): void {
    for (const hook of [...this.resetHooks]) hook();
  }

  close(): void {
    for (const hook of [...this.closeHooks]) hook();
  }

  private addHook(hooks: Hook[], hook: Hook): () => void {
    hooks.push(hook);
    return this.recorded(() => {
      const at = hooks.indexOf(hook);
      if (at >= 0) hooks.splice(at, 1);
    });
  }

  private recorded(remove: () => void): () => void {
    this.recording?.push(remove);
    return remove;
  }
}
