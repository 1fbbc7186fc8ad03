import type { createCaller } from "../src";
import type { LiveEventFrame, LiveReadyFrame } from "../src/routers/live";

type Caller = ReturnType<typeof createCaller>;
type Frame = LiveReadyFrame | LiveEventFrame;

export interface LiveTab {
  /** Every frame so far, with its cursor (tracked frames come as [cursor, frame] in-process). */
  frames: { cursor: string | null; frame: Frame }[];
  events(): LiveEventFrame[];
  /** Resolves once an event frame matches (narrowed when `match` is a type guard). */
  until<F extends LiveEventFrame = LiveEventFrame>(
    match: ((frame: LiveEventFrame) => frame is F) | ((frame: LiveEventFrame) => boolean),
    timeoutMs?: number,
  ): Promise<F>;
  ready(): Promise<LiveReadyFrame>;
  lastCursor(): string | null;
  /** Settles when the stream ends: with the error it failed with (null when it just ended) and when. */
  ended: Promise<{ error: unknown; at: number }>;
  close(): void;
}

/** One browser tab's `live.stream`, read frame by frame; `caller` makes the caller the tab calls with. */
export async function openLiveTab(
  caller: (signal: AbortSignal) => Caller,
  lastEventId: string | null = null,
): Promise<LiveTab> {
  const controller = new AbortController();
  const stream = await caller(controller.signal).live.stream({ lastEventId });
  const iterator = stream[Symbol.asyncIterator]();
  const frames: LiveTab["frames"] = [];
  const waiting: { wake?: () => void } = {};
  const ended = (async () => {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      const value = next.value as unknown;
      frames.push(
        Array.isArray(value)
          ? { cursor: value[0] as string, frame: value[1] as Frame }
          : { cursor: null, frame: value as Frame },
      );
      waiting.wake?.();
    }
  })().then(
    () => ({ error: null, at: Date.now() }),
    (error: unknown) => ({ error, at: Date.now() }),
  );
  const events = () => frames.flatMap(({ frame }) => (frame.kind === "event" ? [frame] : []));
  return {
    frames,
    events,
    ended,
    async until<F extends LiveEventFrame>(
      match: ((frame: LiveEventFrame) => frame is F) | ((frame: LiveEventFrame) => boolean),
      timeoutMs = 5000,
    ): Promise<F> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events().find(match);
        if (found) return found as F;
        if (Date.now() > deadline)
          throw new Error(
            `no matching live event; got ${events()
              .map((e) => e.t)
              .join(", ")}`,
          );
        await new Promise<void>((resolve) => {
          waiting.wake = resolve;
          setTimeout(resolve, 50);
        });
      }
    },
    async ready() {
      while (!frames[0]) {
        const done = await Promise.race([ended, new Promise<null>((r) => setTimeout(() => r(null), 10))]);
        if (done && !frames[0]) throw done.error ?? new Error("the stream ended before its ready frame");
      }
      return frames[0].frame as LiveReadyFrame;
    },
    lastCursor: () => frames.filter((f) => f.cursor).at(-1)?.cursor ?? null,
    close: () => controller.abort(),
  };
}

/** The text of a message event's payload. */
export const content = (frame: LiveEventFrame) => (frame.d as { content?: string }).content;

/** Long enough for an event that was going to arrive to have arrived. */
export const quiet = () => new Promise((r) => setTimeout(r, 300));
