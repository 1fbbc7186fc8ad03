/** What the application made of an interaction (INTERACTION_UPDATE's `status`). */
export type InteractionStatus = "deferred" | "answered" | "failed";

/**
 * A command this tab sent, until its reply shows: "Sending command…" until the interaction is
 * created, then waiting for the application; `failed` with what to tell the person.
 */
export interface PendingCommand {
  localId: string;
  channelId: string;
  /** "/remind" or "High five". */
  title: string;
  applicationName: string;
  state: "sending" | "waiting" | "failed";
  interactionId: string | null;
  error: string | null;
}

/** The last button click or select pick on a message of this tab, until acknowledged. */
export interface PendingClick {
  customId: string;
  state: "pending" | "failed";
  interactionId: string | null;
  error: string | null;
}

export const DID_NOT_RESPOND = "The application did not respond";
export const INTERACTION_FAILED = "This interaction failed";

/** Statuses that came before this tab learned the interaction's id are kept this many at most. */
const EARLY_STATUS_LIMIT = 100;

type Listener = () => void;

const NO_COMMANDS: readonly PendingCommand[] = [];

/**
 * This tab's commands and clicks on their way, read with useSyncExternalStore. The live stream
 * reports what the application did (INTERACTION_UPDATE) and may do so before the mutation that
 * created the interaction returns: such a status is kept until its id is known.
 */
export class InteractionStore {
  private commands = new Map<string, readonly PendingCommand[]>();
  private clicks = new Map<string, PendingClick>();
  private early = new Map<string, InteractionStatus>();
  private listeners = new Set<Listener>();
  private nextId = 0;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  commandsIn(channelId: string): readonly PendingCommand[] {
    return this.commands.get(channelId) ?? NO_COMMANDS;
  }

  clickOn(messageId: string): PendingClick | null {
    return this.clicks.get(messageId) ?? null;
  }

  commandSending(channelId: string, title: string, applicationName: string): string {
    const localId = `command-${++this.nextId}`;
    this.setCommands(channelId, [
      ...this.commandsIn(channelId),
      { localId, channelId, title, applicationName, state: "sending", interactionId: null, error: null },
    ]);
    return localId;
  }

  /** The interaction exists: wait for the application, unless it already answered. */
  commandCreated(localId: string, interactionId: string): void {
    const status = this.takeEarly(interactionId);
    this.patchCommand(localId, (c) => ({ ...c, state: "waiting", interactionId }));
    if (status) this.interactionUpdated(interactionId, status);
  }

  /** The service refused the command (or could not be reached): `message` says why. */
  commandRefused(localId: string, message: string): void {
    this.patchCommand(localId, (c) => ({ ...c, state: "failed", error: message }));
  }

  dismissCommand(localId: string): void {
    for (const [channelId, list] of this.commands) {
      if (list.some((c) => c.localId === localId))
        this.setCommands(
          channelId,
          list.filter((c) => c.localId !== localId),
        );
    }
  }

  clickSending(messageId: string, customId: string): void {
    this.clicks.set(messageId, { customId, state: "pending", interactionId: null, error: null });
    this.changed();
  }

  clickCreated(messageId: string, customId: string, interactionId: string): void {
    const click = this.clicks.get(messageId);
    if (!click || click.customId !== customId) return;
    this.clicks.set(messageId, { ...click, interactionId });
    const status = this.takeEarly(interactionId);
    if (status) this.interactionUpdated(interactionId, status);
    else this.changed();
  }

  clickRefused(messageId: string, customId: string, message: string): void {
    const click = this.clicks.get(messageId);
    if (!click || click.customId !== customId) return;
    this.clicks.set(messageId, { ...click, state: "failed", error: message });
    this.changed();
  }

  dismissClick(messageId: string): void {
    if (this.clicks.delete(messageId)) this.changed();
  }

  /** The message was edited (a type 7 answer): a click waiting on it is settled. */
  messageUpdated(messageId: string): void {
    if (this.clicks.get(messageId)?.state === "pending") this.dismissClick(messageId);
  }

  /** INTERACTION_UPDATE: an answer or a deferral settles it; a failure is told to the person. */
  interactionUpdated(interactionId: string, status: InteractionStatus): void {
    for (const [channelId, list] of this.commands) {
      const command = list.find((c) => c.interactionId === interactionId);
      if (!command) continue;
      if (status === "failed")
        this.patchCommand(command.localId, (c) => ({ ...c, state: "failed", error: DID_NOT_RESPOND }));
      else
        this.setCommands(
          channelId,
          list.filter((c) => c !== command),
        );
      return;
    }
    for (const [messageId, click] of this.clicks) {
      if (click.interactionId !== interactionId) continue;
      if (status === "failed") this.clicks.set(messageId, { ...click, state: "failed", error: INTERACTION_FAILED });
      else this.clicks.delete(messageId);
      this.changed();
      return;
    }
    this.early.set(interactionId, status);
    if (this.early.size > EARLY_STATUS_LIMIT) this.early.delete(this.early.keys().next().value as string);
  }

  clear(): void {
    this.commands.clear();
    this.clicks.clear();
    this.early.clear();
    this.changed();
  }

  private takeEarly(interactionId: string): InteractionStatus | undefined {
    const status = this.early.get(interactionId);
    this.early.delete(interactionId);
    return status;
  }

  private patchCommand(localId: string, patch: (command: PendingCommand) => PendingCommand): void {
    for (const [channelId, list] of this.commands) {
      if (list.some((c) => c.localId === localId))
        this.setCommands(
          channelId,
          list.map((c) => (c.localId === localId ? patch(c) : c)),
        );
    }
  }

  private setCommands(channelId: string, list: readonly PendingCommand[]): void {
    if (list.length === 0) this.commands.delete(channelId);
    else this.commands.set(channelId, list);
    this.changed();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
