import { performance } from "node:perf_hooks";
import { WebSocket } from "ws";

/**
 * A lean gateway client for campaigns with many connections: one session across connections
 * (Identify once, then Resume after each drop, as the libraries do), keeping only what the
 * properties need: the MESSAGE_CREATE contents in the order received, and what went wrong
 * (a sequence gap, a refused Resume, a close it did not ask for).
 */
export class SessionClient {
  sessionId: string | null = null;
  seq = 0;
  readonly received: string[] = [];
  readonly problems: string[] = [];
  /** Milliseconds from opening a connection to RESUMED, one per Resume. */
  readonly resumeTimes: number[] = [];
  private ws: WebSocket | null = null;
  private beat: NodeJS.Timeout | null = null;
  /** Set by a campaign that expects the server to go away (a node killed): called instead of recording a problem. */
  onLost: ((code: number) => void) | null = null;

  constructor(
    readonly token: string,
    private readonly intents: number,
  ) {}

  /** Connects to `url` and identifies; resolves after READY and the guild's GUILD_CREATE. */
  identify(url: string): Promise<void> {
    return this.open(url, "identify");
  }

  /** Connects to `url` and resumes the session; resolves on RESUMED (or records why not). */
  resume(url: string): Promise<void> {
    return this.open(url, "resume");
  }

  /** The connection drops without a closing handshake (a network fault): the session waits for a Resume. */
  drop(): void {
    this.stopBeating();
    const ws = this.ws;
    this.ws = null;
    ws?.terminate();
  }

  /** Ends the session (close 1000). */
  close(): void {
    this.stopBeating();
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000);
  }

  private open(url: string, how: "identify" | "resume"): Promise<void> {
    const startedAt = performance.now();
    return new Promise((resolve) => {
      const ws = new WebSocket(`${url}?v=10&encoding=json`);
      this.ws = ws;
      let settled = false;
      const settle = (problem?: string) => {
        if (problem) this.problems.push(problem);
        if (!settled) {
          settled = true;
          resolve();
        }
      };
      const timer = setTimeout(() => settle(`no ${how === "identify" ? "READY" : "RESUMED"} within 30 s`), 30_000);
      ws.on("message", (data) => {
        const frame = JSON.parse(data.toString()) as {
          op: number;
          d: { heartbeat_interval?: number; session_id?: string; content?: string };
          s: number | null;
          t: string | null;
        };
        if (frame.op === 10) {
          this.startBeating(ws, frame.d.heartbeat_interval as number);
          if (how === "identify")
            ws.send(
              JSON.stringify({
                op: 2,
                d: {
                  token: this.token,
                  intents: this.intents,
                  properties: { os: "linux", browser: "campaign", device: "campaign" },
                },
              }),
            );
          else ws.send(JSON.stringify({ op: 6, d: { token: this.token, session_id: this.sessionId, seq: this.seq } }));
        } else if (frame.op === 9) {
          clearTimeout(timer);
          settle(`${how} refused (op 9)`);
        } else if (frame.op === 0) {
          if (frame.s !== this.seq + 1) this.problems.push(`sequence ${this.seq} then ${frame.s}`);
          this.seq = frame.s as number;
          if (frame.t === "READY") this.sessionId = frame.d.session_id as string;
          else if (frame.t === "GUILD_CREATE" && how === "identify") {
            clearTimeout(timer);
            settle();
          } else if (frame.t === "RESUMED") {
            clearTimeout(timer);
            this.resumeTimes.push(performance.now() - startedAt);
            settle();
          } else if (frame.t === "MESSAGE_CREATE") this.received.push(frame.d.content as string);
        }
      });
      ws.on("close", (code) => {
        if (this.ws === ws) {
          // Not a drop this client made: the server closed it, or went away.
          this.ws = null;
          this.stopBeating();
          if (this.onLost) this.onLost(code);
          else this.problems.push(`closed by the server with ${code}`);
        }
        clearTimeout(timer);
        settle();
      });
      ws.on("error", () => {});
    });
  }

  private startBeating(ws: WebSocket, intervalMs: number): void {
    this.stopBeating();
    this.beat = setInterval(() => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ op: 1, d: this.seq || null }));
    }, intervalMs);
    this.beat.unref();
  }

  private stopBeating(): void {
    if (this.beat) clearInterval(this.beat);
    this.beat = null;
  }
}

/** How many of `clients` received exactly `sent`, in order; and the first few that did not, with why. */
export function exactlyOnceInOrder(
  clients: readonly SessionClient[],
  sent: readonly string[],
): { exact: number; problems: string[] } {
  const expected = sent.join("\n");
  let exact = 0;
  const problems: string[] = [];
  clients.forEach((client, i) => {
    if (client.problems.length === 0 && client.received.join("\n") === expected) exact += 1;
    else if (problems.length < 5) {
      const seen = new Set(client.received);
      const lost = sent.filter((content) => !seen.has(content)).length;
      const twice = client.received.length - seen.size;
      problems.push(
        `client ${i}: ${client.received.length} received of ${sent.length} (${lost} lost, ${twice} twice)${client.problems.length ? `; ${client.problems.slice(0, 3).join("; ")}` : ""}`,
      );
    }
  });
  if (exact < clients.length)
    problems.push(
      `${clients.length - exact} of ${clients.length} clients did not receive every message exactly once and in order`,
    );
  return { exact, problems };
}
