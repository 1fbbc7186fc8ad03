import { performance } from "node:perf_hooks";
import pg from "pg";
import { Intents, RawGatewayClient } from "../test/support/gateway-client";
import { type NodeProcess, startNodeProcess } from "../test/support/multinode-processes";
import { createTestStorage } from "../test/support/test-server";
import { contents, deliveryProblems } from "./support/delivery";
import { type PrivatePostgres, startPrivatePostgres } from "./support/private-postgres";
import type { CampaignReport, Scale } from "./support/report";
import { type CampaignWorld, seedWorld } from "./support/world";

const SENDER_BOTS = 4;
const LOOPS_PER_BOT = 2;
/** Within the gateway's 120 payloads per 60 s over the ~20 s the full campaign runs (more closes with 4008). */
const HEARTBEAT_EVERY_MS = 250;
const MEMBER_REQUEST_EVERY_MS = 1_000;
/** Every answer during the outage must come within this (503 in the spec's shape). */
const ANSWER_WITHIN_MS = 1_000;
/** Once PostgreSQL accepts connections again, sends must succeed within this. */
const RECOVER_WITHIN_MS = 5_000;
/** A request not answered in this long is given up on, and counted as hung. */
const HUNG_MS = 10_000;
const UNAVAILABLE_MESSAGE = "The database is unavailable; try again shortly.";

interface Answer {
  content: string;
  loop: number;
  startedAt: number;
  answeredAt: number;
  /** 0: no answer (the request hung or the connection failed). */
  status: number;
  body: string;
  contentType: string;
}

/**
 * `pnpm campaign database`: PostgreSQL stopped (as in a crash) for 10 s while bots send
 * messages over REST back to back and a bot on the gateway heartbeats every 250 ms (and asks
 * for a member, which reads the database, every second). Properties:
 * during the outage every request is answered within a second with 503 in the spec's error
 * shape and nothing else is ever a 5xx; the gateway connection stays open and keeps getting
 * ACKs; once PostgreSQL is back sends succeed again by themselves within a few seconds; every
 * message answered 200 is stored and reached the gateway bot exactly once, in its sender's
 * order, and none answered otherwise was stored.
 */
export async function runCampaign(scale: Scale): Promise<CampaignReport> {
  const postgres = await startPrivatePostgres();
  try {
    const storage = await createTestStorage({
      adminUrl: postgres.adminUrl,
      redisUrl: process.env.CAMPAIGN_REDIS_URL ?? process.env.TEST_REDIS_URL,
    });
    const senders = Array.from({ length: SENDER_BOTS }, (_, i) => `sender${i}`);
    const world = await seedWorld(storage, ["listener", ...senders]);
    const node = await startNodeProcess("database", storage, { env: { RATE_LIMITS: "off" } });
    try {
      return await campaign(
        scale,
        postgres,
        node,
        world,
        senders,
        storage.databaseUrl as string,
        storage.redisUrl ? "PostgreSQL + Redis" : "PostgreSQL",
      );
    } finally {
      await node.stop();
      // The storage's database lives in the private server, removed below with it.
    }
  } finally {
    await postgres.remove();
  }
}

async function campaign(
  scale: Scale,
  postgres: PrivatePostgres,
  node: NodeProcess,
  world: CampaignWorld,
  senders: string[],
  databaseUrl: string,
  storageName: string,
): Promise<CampaignReport> {
  const problems: string[] = [];
  const outageMs = scale === "full" ? 10_000 : 3_000;
  const steadyMs = scale === "full" ? 3_000 : 1_000;

  const listener = await RawGatewayClient.identified(
    node.gatewayUrl,
    world.tokens.listener as string,
    Intents.Guilds | Intents.GuildMessages,
  );
  await listener.dispatch("GUILD_CREATE");
  let listenerClosed: string | null = null;
  void listener.closed.then((c) => (listenerClosed = `${c.code} ${c.reason}`));
  const beats: number[] = [];
  const heartbeats = setInterval(() => {
    if (listenerClosed) return;
    beats.push(performance.now());
    listener.heartbeat();
  }, HEARTBEAT_EVERY_MS);
  // A request that reads the database (op 8): during the outage it goes unanswered, the connection stays.
  let memberRequests = 0;
  const memberAsks = setInterval(() => {
    if (listenerClosed) return;
    memberRequests += 1;
    listener.send({
      op: 8,
      d: { guild_id: world.guildId.toString(), user_ids: [world.ownerId.toString()], nonce: String(memberRequests) },
    });
  }, MEMBER_REQUEST_EVERY_MS);

  const answers: Answer[] = [];
  let sending = true;
  const loop = async (loopIndex: number) => {
    const token = world.tokens[senders[loopIndex % senders.length] as string] as string;
    for (let i = 0; sending; i++) {
      const content = `loop ${loopIndex} message ${i}`;
      const startedAt = performance.now();
      const answer: Answer = {
        content,
        loop: loopIndex,
        startedAt,
        answeredAt: 0,
        status: 0,
        body: "",
        contentType: "",
      };
      try {
        const res = await fetch(`${node.base}/channels/${world.channelId}/messages`, {
          method: "POST",
          headers: { authorization: `Bot ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ content }),
          signal: AbortSignal.timeout(HUNG_MS),
        });
        answer.body = await res.text();
        answer.status = res.status;
        answer.contentType = res.headers.get("content-type") ?? "";
      } catch (error) {
        answer.body = String(error);
      }
      answer.answeredAt = performance.now();
      answers.push(answer);
      // A refused send is sent again as a new message; keep the pace of a client that retries at once.
      if (answer.status !== 200) await new Promise((r) => setTimeout(r, 5));
    }
  };
  const loops = Promise.all(Array.from({ length: senders.length * LOOPS_PER_BOT }, (_, i) => loop(i)));

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  await sleep(steadyMs);
  const stopAt = performance.now();
  await postgres.stop("immediate");
  const stoppedAt = performance.now();
  await sleep(outageMs);
  const restartAt = performance.now();
  await postgres.start();
  const backAt = performance.now();
  // Sends go on until one started after PostgreSQL is back has succeeded, then for steadyMs more.
  const deadline = backAt + RECOVER_WITHIN_MS + HUNG_MS;
  while (!answers.some((a) => a.startedAt >= backAt && a.status === 200) && performance.now() < deadline)
    await sleep(20);
  const recovered = answers
    .filter((a) => a.startedAt >= backAt && a.status === 200)
    .sort((a, b) => a.answeredAt - b.answeredAt)[0];
  await sleep(steadyMs);
  sending = false;
  await loops;

  // Requests answered while PostgreSQL was down (stop command returned, start not yet issued).
  const during = answers.filter((a) => a.startedAt >= stoppedAt && a.answeredAt <= restartAt);
  const slow = during.filter((a) => a.answeredAt - a.startedAt > ANSWER_WITHIN_MS);
  if (during.length === 0) problems.push("no request was answered during the outage");
  if (slow.length > 0)
    problems.push(
      `${slow.length} requests during the outage took over ${ANSWER_WITHIN_MS} ms (slowest ${Math.max(...slow.map((a) => a.answeredAt - a.startedAt)).toFixed(0)} ms)`,
    );
  const badDuring = during.filter((a) => a.status !== 503 || !isUnavailableBody(a));
  if (badDuring.length > 0)
    problems.push(
      `${badDuring.length} requests during the outage were not a 503 in the spec's shape, e.g. ${describe(badDuring[0] as Answer)}`,
    );
  // At any time: 200, or 503 in the spec's shape; nothing hangs.
  const otherwise = answers.filter((a) => a.status !== 200 && !(a.status === 503 && isUnavailableBody(a)));
  if (otherwise.length > 0)
    problems.push(
      `${otherwise.length} requests were answered neither 200 nor the 503 (${summarize(otherwise)}), e.g. ${describe(otherwise[0] as Answer)}`,
    );
  const late503 = answers.filter(
    (a) => a.status === 503 && a.startedAt > (recovered?.answeredAt ?? Number.POSITIVE_INFINITY) + 1_000,
  );
  if (late503.length > 0)
    problems.push(`${late503.length} requests answered 503 more than a second after sends had recovered`);

  const recoveryMs = recovered ? recovered.answeredAt - backAt : null;
  if (recoveryMs === null || recoveryMs > RECOVER_WITHIN_MS)
    problems.push(`sends had not recovered ${RECOVER_WITHIN_MS / 1000} s after PostgreSQL was back`);

  // The gateway bot: open throughout, ACKs kept coming (paired with heartbeats in order).
  clearInterval(heartbeats);
  clearInterval(memberAsks);
  const acks = listener.frames.flatMap((f, i) => (f.op === 11 ? [listener.arrivals[i] as number] : []));
  const ackLatency = (from: number, to: number) =>
    beats.flatMap((sent, i) =>
      sent >= from && sent <= to && acks[i] !== undefined ? [(acks[i] as number) - sent] : [],
    );
  const outageAcks = ackLatency(stoppedAt, restartAt);
  const expectedBeats = beats.filter((t) => t >= stoppedAt && t <= restartAt).length;
  if (listenerClosed) problems.push(`the gateway bot's connection closed: ${listenerClosed}`);
  if (outageAcks.length < expectedBeats)
    problems.push(`${expectedBeats - outageAcks.length} of ${expectedBeats} heartbeats during the outage got no ACK`);
  const ackP99 = p99(outageAcks);
  if (ackP99 !== null && ackP99 > 250) problems.push(`heartbeat ACK p99 during the outage was ${ackP99.toFixed(0)} ms`);

  // Every message answered 200: stored, delivered once, each loop's in the order it sent them.
  const ok = answers.filter((a) => a.status === 200);
  const stored = await storedContents(databaseUrl, world.channelId);
  const storedTwice = [...stored].filter(([, count]) => count > 1);
  if (storedTwice.length > 0)
    problems.push(`${storedTwice.length} messages are stored more than once, e.g. ${storedTwice[0]?.[0]}`);
  const missing = ok.filter((a) => !stored.has(a.content));
  if (missing.length > 0)
    problems.push(`${missing.length} messages answered 200 are not in the database, e.g. ${missing[0]?.content}`);
  // A send in flight when PostgreSQL went may have committed before its connection was cut:
  // answered 503, it is stored, and delivered or not (its event goes out after the commit).
  const inDoubt = new Set(
    answers.filter((a) => a.status !== 200 && a.startedAt < stoppedAt && a.answeredAt > stopAt).map((a) => a.content),
  );
  const refusedButStored = answers.filter((a) => a.status !== 200 && stored.has(a.content));
  const strayStored = refusedButStored.filter((a) => !inDoubt.has(a.content));
  if (strayStored.length > 0)
    problems.push(
      `${strayStored.length} messages not answered 200 (and not in flight at the stop) are in the database, e.g. ${strayStored[0]?.content}`,
    );
  const okContents = new Set(ok.map((a) => a.content));
  await waitFor(() => contents(listener.frames).filter((c) => okContents.has(c)).length >= ok.length, 30_000);
  const received = contents(listener.frames);
  const expected = received.filter((c) => okContents.has(c));
  problems.push(
    ...deliveryProblems(
      [...expected, ...ok.map((a) => a.content).filter((c) => !received.includes(c))],
      listener.frames,
    ).map((p) => `gateway bot: ${p}`),
  );
  const strays = received.filter((c) => !okContents.has(c) && !inDoubt.has(c));
  if (strays.length > 0)
    problems.push(`the gateway bot received ${strays.length} messages not answered 200, e.g. ${strays[0]}`);
  for (let l = 0; l < senders.length * LOOPS_PER_BOT; l++) {
    const sent = ok.filter((a) => a.loop === l).map((a) => a.content);
    const got = received.filter((c) => c.startsWith(`loop ${l} `) && okContents.has(c));
    if (sent.join("\n") !== got.join("\n") && sent.length === got.length)
      problems.push(`gateway bot: loop ${l}'s messages arrived out of the order they were sent`);
  }
  if (node.child.exitCode !== null || node.child.signalCode !== null)
    problems.push(`the node exited (${node.child.exitCode ?? node.child.signalCode}):\n${node.tail()}`);
  await listener.close(1000);

  const statusCounts = [...new Set(during.map((a) => a.status))]
    .sort()
    .map((s) => `${during.filter((a) => a.status === s).length} x ${s || "no answer"}`)
    .join(", ");
  const fmt = (v: number | null) => (v === null ? "none" : `${v.toFixed(1)} ms`);
  return {
    title: `database outage (${storageName}, ${scale}: stopped with -m immediate for ${(outageMs / 1000).toFixed(0)} s, ${senders.length * LOOPS_PER_BOT} send loops)`,
    rows: [
      [
        "PostgreSQL stop took, start took",
        `${(stoppedAt - stopAt).toFixed(0)} ms, ${(backAt - restartAt).toFixed(0)} ms`,
      ],
      ["requests answered during the outage", statusCounts || "none"],
      [
        "their answer time",
        `p50 ${fmt(p50(during.map((a) => a.answeredAt - a.startedAt)))}, p99 ${fmt(p99(during.map((a) => a.answeredAt - a.startedAt)))}, max ${fmt(max(during.map((a) => a.answeredAt - a.startedAt)))}`,
      ],
      [
        "heartbeat ACK latency during the outage",
        `${outageAcks.length} ACKs, p50 ${fmt(p50(outageAcks))}, p99 ${fmt(ackP99)}`,
      ],
      [
        "gateway bot's member requests (op 8) answered",
        `${listener.frames.filter((f) => f.t === "GUILD_MEMBERS_CHUNK").length} of ${memberRequests}`,
      ],
      ["sends succeed again after PostgreSQL is back", recoveryMs === null ? "never" : `${recoveryMs.toFixed(0)} ms`],
      [
        "messages answered 200 / stored / on the gateway",
        `${ok.length} / ${ok.filter((a) => stored.has(a.content)).length} / ${received.filter((c) => okContents.has(c)).length}`,
      ],
      [
        "requests answered 503 in all, other non-200",
        `${answers.filter((a) => a.status === 503).length}, ${otherwise.length}`,
      ],
      [
        "in flight at the stop, answered 503: in all / stored anyway / delivered anyway",
        `${inDoubt.size} / ${refusedButStored.length - strayStored.length} / ${received.filter((c) => inDoubt.has(c)).length}`,
      ],
    ],
    problems,
  };
}

function isUnavailableBody(answer: Answer): boolean {
  if (!answer.contentType.startsWith("application/json")) return false;
  try {
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    return (
      Object.keys(body).sort().join() === "code,message" && body.code === 0 && body.message === UNAVAILABLE_MESSAGE
    );
  } catch {
    return false;
  }
}

const describe = (a: Answer): string =>
  `${a.status || "no answer"} after ${(a.answeredAt - a.startedAt).toFixed(0)} ms: ${a.body.slice(0, 160)}`;
const summarize = (list: Answer[]): string =>
  [...new Set(list.map((a) => a.status))]
    .map((s) => `${list.filter((a) => a.status === s).length} x ${s || "no answer"}`)
    .join(", ");

const quantile = (values: number[], q: number): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
};
const p50 = (values: number[]) => quantile(values, 0.5);
const p99 = (values: number[]) => quantile(values, 0.99);
const max = (values: number[]) => quantile(values, 1);

/** How many times each content is stored in the channel. */
async function storedContents(databaseUrl: string, channelId: bigint): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ content: string; n: number }>(
      `SELECT content, count(*)::int AS n FROM "Message" WHERE "channelId" = $1 GROUP BY content`,
      [channelId.toString()],
    );
    return new Map(result.rows.map((r) => [r.content, r.n]));
  } finally {
    await client.end();
  }
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}
