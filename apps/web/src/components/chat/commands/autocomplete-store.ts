/** What became of one autocomplete request: the application's choices, or its silence. */
export type AutocompleteOutcome =
  | { kind: "choices"; choices: readonly { name: string; value: string | number }[] }
  | { kind: "failed" };

/** Outcomes are kept for this many requests at most (only the newest of a field is ever read). */
const KEPT = 50;

type Listener = () => void;

/**
 * This tab's autocomplete answers by interaction id, read with useSyncExternalStore: the live
 * stream writes the choices (AUTOCOMPLETE_RESULT) or the failure (INTERACTION_UPDATE), possibly
 * before the request that created the interaction returns. A field reads only the outcome of its
 * latest request, so a stale answer is never shown.
 */
export class AutocompleteStore {
  private outcomes = new Map<string, AutocompleteOutcome>();
  private listeners = new Set<Listener>();

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  outcome(interactionId: string | null): AutocompleteOutcome | undefined {
    return interactionId === null ? undefined : this.outcomes.get(interactionId);
  }

  choices(interactionId: string, choices: AutocompleteOutcome & { kind: "choices" }): void {
    this.set(interactionId, choices);
  }

  /** INTERACTION_UPDATE: only a failure matters here (a command's failure is noted too, and never read). */
  interactionUpdated(interactionId: string, status: string): void {
    if (status === "failed" && !this.outcomes.has(interactionId)) this.set(interactionId, { kind: "failed" });
  }

  clear(): void {
    this.outcomes.clear();
    this.changed();
  }

  private set(interactionId: string, outcome: AutocompleteOutcome): void {
    this.outcomes.set(interactionId, outcome);
    if (this.outcomes.size > KEPT) this.outcomes.delete(this.outcomes.keys().next().value as string);
    this.changed();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
