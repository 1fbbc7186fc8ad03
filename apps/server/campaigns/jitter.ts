import { performance } from "node:perf_hooks";
import { Intents } from "../test/support/gateway-client";
import { exactlyOnceInOrder } from "./support/session-client";
import { type CampaignReport, percentiles, type Scale } from "./support/report";
import { inBatches, post, startCluster } from "./support/two-nodes";

/**
 * `pnpm campaign jitter`: clients on two server nodes, each dropped about every 15 s (its
 * connection cut without a close) and resuming on either node at random, while messages flow
 * through both. Properties: every client receives every message exactly once and in order,
 * no Resume is refused; figures: the Resume times (p50, p99).
 */
export async function runCampaign(scale: Scale): Promise<CampaignReport> {
  const full = scale === "full";
  const clientCount = full ? 1_000 : 64;
  const seconds = full ? 120 : 15;
  const dropEveryMs = full ? 15_000 : 3_000;
  const cluster = await startCluster(clientCount, Intents.Guilds | Intents.GuildMessages);
  try {
    const { clients, nodes, world } = cluster;
    const nodeFor = () => nodes[Math.floor(Math.random() * 2)] as (typeof nodes)[0];
    const identifyStarted = performance.now();
    await inBatches(clients, 50, (client, i) => client.identify((nodes[i % 2] as (typeof nodes)[0]).gatewayUrl));
    const identifySeconds = (performance.now() - identifyStarted) / 1000;

    const until = performance.now() + seconds * 1000;
    const sent: string[] = [];
    let failedSends = 0;
    const sending = (async () => {
      for (let n = 0; performance.now() < until; n++) {
        const content = `jitter ${n}`;
        if (await post(nodes[n % 2] as (typeof nodes)[0], world, content)) sent.push(content);
        else failedSends += 1;
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    // Each client: dropped after a random 0.5–1.5 × the period, back after 0–500 ms on a random node.
    let drops = 0;
    const jitters = clients.map(async (client) => {
      for (;;) {
        await new Promise((r) => setTimeout(r, dropEveryMs * (0.5 + Math.random())));
        if (performance.now() >= until) return;
        client.drop();
        drops += 1;
        await new Promise((r) => setTimeout(r, Math.random() * 500));
        await client.resume(nodeFor().gatewayUrl);
      }
    });
    await Promise.all([sending, ...jitters]);
    // Everything sent has had time to arrive once every client's last message is in.
    const deadline = performance.now() + 30_000;
    while (clients.some((c) => c.received.length < sent.length) && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));

    const { exact, problems } = exactlyOnceInOrder(clients, sent);
    if (failedSends > 0) problems.push(`${failedSends} sends were not answered 200`);
    const resumeTimes = clients.flatMap((c) => c.resumeTimes);
    const refused = clients.reduce((n, c) => n + c.problems.filter((p) => p.includes("op 9")).length, 0);
    const delivered = clients.reduce((n, c) => n + c.received.length, 0);
    return {
      title: `jitter: ${clientCount} clients dropped about every ${dropEveryMs / 1000} s for ${seconds} s, two nodes (PostgreSQL + Redis, ${scale})`,
      rows: [
        ["clients identified", `${clientCount} in ${identifySeconds.toFixed(1)} s`],
        ["messages sent through both nodes", `${sent.length}`],
        ["drops, Resumes that worked, refused (op 9)", `${drops}, ${resumeTimes.length}, ${refused}`],
        ["Resume time (connect to RESUMED)", percentiles(resumeTimes)],
        [
          "deliveries, of expected",
          `${delivered} of ${sent.length * clientCount} (${((100 * delivered) / Math.max(1, sent.length * clientCount)).toFixed(2)}%)`,
        ],
        ["clients with every message exactly once, in order", `${exact} of ${clientCount}`],
      ],
      problems,
    };
  } finally {
    await cluster.close();
  }
}
