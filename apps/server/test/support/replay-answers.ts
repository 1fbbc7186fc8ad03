import type { SerializedEvent } from "../../src/gateway/connection/payloads";
import type { ReplayStore } from "../../src/gateway/sessions/replay-store";

/**
 * For tests of a batching replay store (Redis): appends as a session does, each answered
 * true once its frame comes back written (whenWritten), false when the store refuses it
 * (pass `refused` as the store's onRefused). A session's answers come in its appends' order.
 */
export class ReplayAnswers {
  private readonly waiting = new Map<string, ((recorded: boolean) => void)[]>();

  readonly refused = (sessionId: string): void => this.answer(sessionId, false);

  append(store: ReplayStore, sessionId: string, seq: number, frame: SerializedEvent): Promise<boolean> {
    return new Promise((resolve) => {
      this.waiting.set(sessionId, [...(this.waiting.get(sessionId) ?? []), resolve]);
      store.append(sessionId, seq, frame);
      store.whenWritten?.({ deliverWritten: () => this.answer(sessionId, true) }, seq, frame);
    });
  }

  private answer(sessionId: string, recorded: boolean): void {
    this.waiting.get(sessionId)?.shift()?.(recorded);
  }
}
