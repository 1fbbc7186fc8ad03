import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { encode } from "next-auth/jwt";
import { test } from "../e2e/fixtures/service";
import { uniqueName } from "../e2e/support/people";

/** Open tabs that each receive every message (people in the guild other than the senders). */
const TABS = Number(process.env.BENCH_TABS ?? 100);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 60);
/** Messages are spread over several senders, each within the per-channel limit (5 in 5 s). */
const SENDERS = 5;
const GAP_MS = 250;
const WARM_UP = 5;
const SESSION_COOKIE = "next-auth.session-token";

/** Measured by sending `marker(n)` and finding it in each tab's stream. */
const marker = (n: number) => `fanout-${n}-end`;
const MARKER = /fanout-(\d+)-end/;

/** One open tab's live stream read over fetch (as the browser's EventSource does): when each marked message arrived. */
class ArrivalReader {
  readonly arrivals = new Map<number, number>();
  /** The first message event's data, as the bytes the reference broadcasts. */
  sample: string | null = null;
  private readonly controller = new AbortController();

  static async open(
    url: string,
    headers: Record<string, string>,
    ready: (block: string) => boolean,
  ): Promise<ArrivalReader> {
    const reader = new ArrivalReader();
    const response = await fetch(url, {
      headers: { accept: "text/event-stream", ...headers },
      signal: reader.controller.signal,
    });
    if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`);
    let isReady = () => {};
    const readied = new Promise<void>((resolve) => {
      isReady = resolve;
    });
    void reader.read(response.body, (block) => {
      if (ready(block)) isReady();
    });
    await readied;
    return reader;
  }

  private async read(body: ReadableStream<Uint8Array>, onBlock: (block: string) => void): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = "";
    const chunks = body.getReader();
    try {
      for (let chunk = await chunks.read(); !chunk.done; chunk = await chunks.read()) {
        const now = performance.now();
        buffer += decoder.decode(chunk.value, { stream: true });
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          onBlock(block);
          const found = MARKER.exec(block);
          if (!found || this.arrivals.has(Number(found[1]))) continue;
          this.arrivals.set(Number(found[1]), now);
          this.sample ??=
            block
              .split("\n")
              .find((line) => line.startsWith("data:"))
              ?.slice(5)
              .trim() ?? null;
        }
      }
    } catch {
      // Closed by the bench.
    }
  }

  close(): void {
    this.controller.abort();
  }
}

interface Figures {
  p50: number;
  p99: number;
  worst: number;
  /** Per message, when its last tab had it. */
  lastTabP99: number;
  /** The send's own answer (the mutation's response, or the reference's POST). */
  answeredP50: number;
  missing: number;
}

/**
 * Sends `MESSAGES` marked messages (after `WARM_UP` unmeasured ones), one every GAP_MS, and
 * measures from the start of each send to its arrival in every reader.
 */
async function measure(readers: ArrivalReader[], send: (n: number) => Promise<void>): Promise<Figures> {
  const sentAt = new Map<number, number>();
  const answered: number[] = [];
  const sends: Promise<void>[] = [];
  for (let n = 0; n < WARM_UP + MESSAGES; n++) {
    const at = performance.now();
    sentAt.set(n, at);
    sends.push(
      send(n).then(() => {
        if (n >= WARM_UP) answered.push(performance.now() - at);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, GAP_MS));
  }
  await Promise.all(sends);
  const deadline = Date.now() + 10_000;
  const last = WARM_UP + MESSAGES - 1;
  while (Date.now() < deadline && readers.some((r) => !r.arrivals.has(last)))
    await new Promise((resolve) => setTimeout(resolve, 50));
  const latencies: number[] = [];
  const lastTab: number[] = [];
  let missing = 0;
  for (let n = WARM_UP; n <= last; n++) {
    let slowest = 0;
    for (const reader of readers) {
      const at = reader.arrivals.get(n);
      if (at === undefined) {
        missing++;
        continue;
      }
      const latency = at - (sentAt.get(n) as number);
      latencies.push(latency);
      slowest = Math.max(slowest, latency);
    }
    lastTab.push(slowest);
  }
  const at = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  };
  return {
    p50: at(latencies, 0.5),
    p99: at(latencies, 0.99),
    worst: Math.max(...latencies),
    lastTabP99: at(lastTab, 0.99),
    answeredP50: at(answered, 0.5),
    missing,
  };
}

async function startReference(): Promise<{ port: number; process: ChildProcess }> {
  const script = join(dirname(fileURLToPath(import.meta.url)), "support", "sse-reference.mjs");
  const child = spawn(process.execPath, [script], { stdio: ["ignore", "pipe", "inherit"] });
  const [line] = (await once(child.stdout as NodeJS.ReadableStream, "data")) as [Buffer];
  return { port: Number(line.toString().trim()), process: child };
}

const row = (name: string, f: Figures) =>
  `| ${name} | ${f.p50.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.worst.toFixed(1)} | ${f.lastTabP99.toFixed(1)} | ${f.answeredP50.toFixed(1)} | ${f.missing} |`;

test(`a message reaches ${TABS} open tabs`, async ({ service }) => {
  test.setTimeout(600_000);
  const { domain } = await service.domain();
  const secret = service.env.NEXTAUTH_SECRET as string;
  const person = async (label: string) => {
    const user = await domain.users.createPerson({
      username: uniqueName(label),
      passwordHash: "not used: signed in by a minted session",
    });
    const session = await domain.webSessions.start(user.id);
    const token = await encode({ token: { sub: user.id.toString(), sid: session.id }, secret });
    return { id: user.id, cookie: `${SESSION_COOKIE}=${token}` };
  };
  const senders: { id: bigint; cookie: string }[] = [];
  for (let i = 0; i < SENDERS; i++) senders.push(await person(`sender${i}`));
  const guild = await domain.guilds.create(senders[0].id, "Fan-out");
  const channel = guild.channels.find((c) => c.type === 0);
  if (!channel) throw new Error("the guild has no text channel");
  const tabs: { id: bigint; cookie: string }[] = [];
  for (let i = 0; i < TABS; i++) tabs.push(await person(`tab${i}`));
  for (const member of [...senders.slice(1), ...tabs]) await domain.members.addPerson(guild.id, member.id);

  // The web app: each tab is a person's live stream (tRPC subscription over SSE), each send the composer's mutation.
  const input = encodeURIComponent(JSON.stringify({ lastEventId: null }));
  const readers = await Promise.all(
    tabs.map((tab) =>
      ArrivalReader.open(`${service.webUrl}/api/trpc/live.stream?input=${input}`, { cookie: tab.cookie }, (block) =>
        block.includes('"kind":"ready"'),
      ),
    ),
  );
  const web = await measure(readers, async (n) => {
    const sender = senders[n % SENDERS];
    const response = await fetch(`${service.webUrl}/api/trpc/messages.send`, {
      method: "POST",
      headers: { cookie: sender.cookie, origin: service.webUrl, "content-type": "application/json" },
      body: JSON.stringify({ channelId: channel.id.toString(), content: `message ${marker(n)}` }),
    });
    if (!response.ok) throw new Error(`messages.send answered ${response.status}: ${await response.text()}`);
  });
  const sample = readers[0].sample ?? "{}";
  for (const reader of readers) reader.close();

  // Reference, same run: a bare SSE server broadcasting the same bytes to the same number of streams.
  const reference = await startReference();
  try {
    const root = `http://127.0.0.1:${reference.port}`;
    const plain = await Promise.all(
      tabs.map(() => ArrivalReader.open(`${root}/stream`, {}, (block) => block.startsWith(": ready"))),
    );
    const bare = await measure(plain, async (n) => {
      await fetch(`${root}/send`, { method: "POST", body: sample.replace(MARKER, marker(n)) });
    });
    for (const reader of plain) reader.close();
    console.log(
      [
        "",
        `A message sent by a person reaching ${TABS} other open tabs (${MESSAGES} messages, one every ${GAP_MS} ms from ${SENDERS} people; storage: ${service.storage.mode}, events: ${service.storage.events}):`,
        "| path | per tab p50 ms | per tab p99 ms | worst ms | last tab per message p99 ms | send answered p50 ms | never arrived |",
        "|---|---|---|---|---|---|---|",
        row("web app: messages.send → each tab's live.stream", web),
        row("reference: bare Node SSE broadcast of the same bytes", bare),
        `target: per tab p99 under 100 ms (${web.p99 < 100 ? "met" : "not met"}); frame ${sample.length} bytes`,
        "",
      ].join("\n"),
    );
  } finally {
    reference.process.kill();
  }
});
