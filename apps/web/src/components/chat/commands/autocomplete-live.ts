import { AUTOCOMPLETE_RESULT, INTERACTION_UPDATE } from "@chat/events/catalogue";
import type { LiveRegistry } from "@/components/live/live-registry";
import type { AutocompleteStore } from "./autocomplete-store";

/** An application's autocomplete choices, or its failure to answer. */
export function registerAutocompleteLive(live: LiveRegistry, autocomplete: AutocompleteStore): void {
  live.on(INTERACTION_UPDATE, ({ d }) => autocomplete.interactionUpdated(d.id, d.status));
  live.on(AUTOCOMPLETE_RESULT, ({ d }) => autocomplete.choices(d.id, { kind: "choices", choices: d.choices }));
  live.onClose(() => autocomplete.clear());
}
