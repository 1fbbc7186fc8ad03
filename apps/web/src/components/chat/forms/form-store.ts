import type { FormOpenData } from "@chat/events/catalogue";
import type { InteractionStatus } from "../interactions/interaction-store";

/** The form an application opened in this tab, and how its submission is going. */
export interface OpenForm {
  data: FormOpenData;
  /** The form-submit interaction on its way to the application, once the service made it. */
  submission: { state: "sending" | "waiting"; interactionId: string | null } | null;
  /** Why the last submission did not go through (the dialog keeps the answers). */
  error: string | null;
}

export const FORM_NOT_ANSWERED = "The application did not respond. Your answers are kept: try again.";

/** Statuses heard before the submission's id was known are kept this many at most. */
const EARLY_LIMIT = 50;

type Listener = () => void;

/**
 * This tab's open form (FORM_OPEN), read with useSyncExternalStore. Its submission settles
 * when the application acknowledges it (INTERACTION_UPDATE `answered` or `deferred`: the form
 * closes) or fails (the dialog stays, with its answers and an error).
 */
export class FormStore {
  private form: OpenForm | null = null;
  private early = new Map<string, InteractionStatus>();
  private listeners = new Set<Listener>();

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  current = (): OpenForm | null => this.form;

  opened(data: FormOpenData): void {
    this.set({ data, submission: null, error: null });
  }

  submitting(): void {
    if (this.form) this.set({ ...this.form, submission: { state: "sending", interactionId: null }, error: null });
  }

  /** The service made the form-submit interaction: wait for the application, unless it already answered. */
  submitted(interactionId: string): void {
    if (!this.form) return;
    this.set({ ...this.form, submission: { state: "waiting", interactionId } });
    const status = this.early.get(interactionId);
    this.early.delete(interactionId);
    if (status) this.interactionUpdated(interactionId, status);
  }

  /** The service refused the submission (`message` is what to say; field errors are the dialog's). */
  refused(message: string | null): void {
    if (this.form) this.set({ ...this.form, submission: null, error: message });
  }

  interactionUpdated(interactionId: string, status: InteractionStatus): void {
    const form = this.form;
    if (!form || form.submission?.interactionId !== interactionId) {
      this.early.set(interactionId, status);
      if (this.early.size > EARLY_LIMIT) this.early.delete(this.early.keys().next().value as string);
      return;
    }
    if (status === "failed") this.set({ ...form, submission: null, error: FORM_NOT_ANSWERED });
    else this.close();
  }

  close(): void {
    this.set(null);
  }

  private set(form: OpenForm | null): void {
    this.form = form;
    for (const listener of this.listeners) listener();
  }
}
