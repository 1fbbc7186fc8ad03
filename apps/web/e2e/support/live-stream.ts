import type { BrowserContext } from "@playwright/test";

/** One frame of `live.stream` as the browser receives it: the ready frame, or an event with its cursor. */
export type StreamFrame =
  | { kind: "ready"; guildIds: string[]; resumed: boolean }
  | { kind: "event"; id: string; t: string; d: Record<string, unknown> };

/** The session cookie of a signed-in browser context, for requests made outside the page. */
export async function cookieHeader(context: BrowserContext): Promise<string> {
  return (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
}

/**
 * A person's live stream read outside a browser (SSE over fetch), as one more open tab: every
 * frame is kept, so a test can wait for one and also tell what never came.
 */
export class LiveStreamReader {
  readonly frames: StreamFrame[] = [];
  /** tRPC's own control messages by name, in order (e.g. "return": the stream was completed, and EventSource will not reconnect). */
  readonly controls: string[] = [];
  /** Resolves when the server ends the stream (or the test closes it). */
  readonly ended: Promise<void>;
  private markEnded!: () => void;
  private readonly controller = new AbortController();
  private waiters: (() => void)[] = [];

  private constructor() {
    this.ended = new Promise((resolve) => {
      this.markEnded = resolve;
    });
  }

  static async open(webUrl: string, cookie: string): Promise<LiveStreamReader> {
    const reader = new LiveStreamReader();
    const input = encodeURIComponent(JSON.stringify({ lastEventId: null }));
    const response = await fetch(`${webUrl}/api/trpc/live.stream?input=${input}`, {
      headers: { cookie, accept: "text/event-stream" },
      signal: reader.controller.signal,
    });
    if (!response.ok || !response.body) throw new Error(`live.stream answered ${response.status}`);
    void reader.read(response.body);
    await reader.next((frame) => frame.kind === "ready");
    return reader;
  }

  /** Resolves with the first frame (already received or coming) that matches, or fails after `timeoutMs`. */
  async next(match: (frame: StreamFrame) => boolean, timeoutMs = 10_000): Promise<StreamFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no matching frame within ${timeoutMs} ms; received: ${this.frames.map((f) => (f.kind === "event" ? f.t : f.kind)).join(", ")}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  events(t: string): Extract<StreamFrame, { kind: "event" }>[] {
    return this.frames.filter((f): f is Extract<StreamFrame, { kind: "event" }> => f.kind === "event" && f.t === t);
  }

  close(): void {
    this.controller.abort();
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = "";
    const chunks = body.getReader();
    try {
      for (let chunk = await chunks.read(); !chunk.done; chunk = await chunks.read()) {
        buffer += decoder.decode(chunk.value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          this.accept(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
        }
      }
    } catch {
      // Closed by the test.
    }
    this.markEnded();
  }

  /** One SSE message: tRPC sends `data` (JSON) and, for tracked events, their `id`; `event:` lines are its own control messages. */
  private accept(block: string): void {
    let event = "message";
    let id = "";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("id:")) id = line.slice(3).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
    }
    if (event !== "message") this.controls.push(event);
    if (event !== "message" || data.length === 0) return;
    const value = JSON.parse(data.join("\n")) as { kind: string };
    if (value.kind === "ready") this.frames.push(value as StreamFrame);
    else if (value.kind === "event")
      this.frames.push({ ...(value as Omit<Extract<StreamFrame, { kind: "event" }>, "id">), id });
    for (const wake of this.waiters.splice(0)) wake();
  }
}
