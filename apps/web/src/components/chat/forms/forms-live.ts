import { FORM_OPEN, INTERACTION_UPDATE } from "@chat/events/catalogue";
import type { LiveRegistry } from "@/components/live/live-registry";
import type { FormStore } from "./form-store";

/** The form an application opens in this tab, and what it made of the submission. */
export function registerFormsLive(live: LiveRegistry, forms: FormStore): void {
  live.on(INTERACTION_UPDATE, ({ d }) => forms.interactionUpdated(d.id, d.status));
  live.on(FORM_OPEN, ({ d }) => forms.opened(d));
  live.onClose(() => forms.close());
}
