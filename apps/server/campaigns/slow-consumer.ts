import { performance } from "node:perf_hooks";
import { Intents, RawGatewayClient } from "../test/support/gateway-client";
import { type NodeProcess, startNodeProcess } from "../test/support/multinode-processes";
import { contents, deliveryProblems } from "./support/delivery";
import { type CampaignReport, percentiles, type Scale } from "./support/report";
import { campaignStorage, residentBytes, storageName } from "./support/storage";
import { type CampaignWorld, seedWorld } from "./support/world";

/** What the node prints when it cuts a client off (gateway/connection/connection.ts). */
const CUT_LINE = "closed a connection whose client stopped reading";
const SENDERS = 8;
const MB = 1024 * 1024;
/** Each MESSAGE_CREATE carries a ~4 KB embed, so the stuck bot's buffers fill in seconds. */
const FILLER = "All work and no play makes a bot a dull bot. ".repeat(88);

/**
 * `pnpm campaign slow-consumer`: one bot stops reading its socket (keeps heartbeating) while
 * messages flow to it and to a healthy bot. Properties: the server cuts the stuck one off
 * (its memory for it bounded by the gateway's limits), the healthy bot gets every message once
 * and in order meanwhile, and the stuck bot, once it reads again, resumes and misses nothing.
 */
export async function runCampaign(scale: Scale): Promise<CampaignReport> {
  const storage = await campaignStorage();
  const world = await seedWorld(storage, ["stuck", "healthy", "sender"]);
  const node = await startNodeProcess("slow-consumer", storage, { env: { RATE_LIMITS: "off" } });
  try {
    return await campaign(scale, node, world, storageName(storage));
  } finally {
    await node.stop();
    await storage.drop();
  }
}

async function campaign(
  scale: Scale,
  node: NodeProcess,
  world: CampaignWorld,
  storage: string,
): Promise<CampaignReport> {
  const problems: string[] = [];
  const pid = node.child.pid as number;
  const connect = async (token: string) => {
    const client = await RawGatewayClient.identified(node.gatewayUrl, token, Intents.Guilds | Intents.GuildMessages);
    await client.dispatch("GUILD_CREATE");
    return client;
  };
  const healthy = await connect(world.tokens.healthy as string);
  const stuck = await connect(world.tokens.stuck as string);
  const sessionId = stuck.ready.d.session_id as string;
  const heartbeats = setInterval(() => {
    healthy.heartbeat();
    stuck.heartbeat();
  }, 5_000);

  const rssBefore = await residentBytes(pid);
  let rssPeak = rssBefore;
  const sampling = setInterval(
    () =>
      void residentBytes(pid).then(
        (bytes) => (rssPeak = Math.max(rssPeak, bytes)),
        () => {},
      ),
    100,
  );
  stuck.pauseReading();

  // Senders go until the node cuts the stuck bot off, then send `afterCut` more (which its
  // Resume must replay), or give up at the deadline.
  const afterCut = scale === "full" ? 400 : 50;
  const deadline = performance.now() + (scale === "full" ? 120_000 : 60_000);
  const sentAt = new Map<string, number>();
  let answered = 0;
  let failed = 0;
  let cutAt: number | null = null;
  let stopAt: number | null = null;
  let bytesSent = 0;
  const startedAt = performance.now();
  const sender = async (worker: number) => {
    for (let i = 0; ; i++) {
      if (stopAt === null && node.printed(CUT_LINE)) {
        cutAt = performance.now();
        stopAt = answered + afterCut;
      }
      if (stopAt !== null ? answered >= stopAt : performance.now() > deadline) return;
      const content = `sender ${worker} message ${i}`;
      sentAt.set(content, performance.now());
      const body = JSON.stringify({ content, embeds: [{ description: FILLER }] });
      const res = await fetch(`${node.base}/channels/${world.channelId}/messages`, {
        method: "POST",
        headers: { authorization: `Bot ${world.tokens.sender}`, "content-type": "application/json" },
        body,
      });
      const text = await res.text();
      if (res.status === 200) {
        answered += 1;
        bytesSent += text.length;
      } else failed += 1;
    }
  };
  await Promise.all(Array.from({ length: SENDERS }, (_, w) => sender(w)));
  const sendSeconds = (performance.now() - startedAt) / 1000;
  if (cutAt === null)
    problems.push(
      `the stuck bot was not cut off in ${sendSeconds.toFixed(0)} s (${answered} messages, ~${(bytesSent / MB).toFixed(0)} MB)`,
    );
  if (failed > 0) problems.push(`${failed} sends were not answered 200`);

  // The healthy bot: every message, once, in the order the gateway numbered them.
  const healthyDone = await waitForAll(healthy, answered, 30_000);
  if (!healthyDone)
    problems.push(`the healthy bot received ${contents(healthy.frames).length} of ${answered} messages`);
  const order = contents(healthy.frames);
  problems.push(...deliveryProblems(order, healthy.frames).map((p) => `healthy bot: ${p}`));
  const latencies = healthy.frames.flatMap((frame, i) => {
    const sent = frame.t === "MESSAGE_CREATE" ? sentAt.get(frame.d.content as string) : undefined;
    return sent === undefined ? [] : [(healthy.arrivals[i] as number) - sent];
  });
  clearInterval(sampling);

  // The stuck bot reads again: what its kernel buffers held, then the end of that connection.
  stuck.resumeReading();
  const closed = await Promise.race([
    stuck.closed,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 30_000)),
  ]);
  const readBeforeCut = contents(stuck.frames).length;
  let resumeOutcome = "not tried";
  let replayed = 0;
  if (!closed) problems.push("the stuck bot's connection was still open after it read its backlog");
  else {
    if (closed.code !== 4000 && closed.code !== 1006)
      problems.push(`the stuck bot's connection closed with ${closed.code}, not 4000 or 1006`);
    const resumed = await RawGatewayClient.resuming(
      node.gatewayUrl,
      world.tokens.stuck as string,
      sessionId,
      stuck.lastSequence,
    );
    const replay = await resumed.until((f) => f.t === "RESUMED" || f.op === 9, 30_000).catch(() => []);
    if (replay.at(-1)?.t !== "RESUMED") {
      resumeOutcome = replay.at(-1)?.op === 9 ? "refused (op 9)" : "no answer";
      problems.push(`the stuck bot's Resume was ${resumeOutcome}`);
    } else {
      replayed = contents(replay).length;
      resumeOutcome = `RESUMED, ${replayed} messages replayed`;
      problems.push(
        ...deliveryProblems(order, [...stuck.frames, ...replay]).map((p) => `stuck bot after its Resume: ${p}`),
      );
    }
    await resumed.close(1000);
  }
  clearInterval(heartbeats);
  await healthy.close(1000);

  return {
    title: `slow consumer (${storage}, ${scale})`,
    rows: [
      ["messages sent (each ~4.5 KB to each bot)", `${answered} in ${sendSeconds.toFixed(1)} s`],
      [
        "stuck bot cut off after",
        cutAt === null
          ? "never"
          : `${((cutAt - startedAt) / 1000).toFixed(1)} s, close code ${closed ? closed.code : "none"}`,
      ],
      ["server memory (RSS) before, peak", `${(rssBefore / MB).toFixed(0)} MB, ${(rssPeak / MB).toFixed(0)} MB`],
      ["stuck bot: read from its buffers, then its Resume", `${readBeforeCut} messages; ${resumeOutcome}`],
      ["healthy bot: messages, delivery latency", `${contents(healthy.frames).length}, ${percentiles(latencies)}`],
    ],
    problems,
  };
}

async function waitForAll(client: RawGatewayClient, count: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (contents(client.frames).length < count) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}
