import { performance } from "node:perf_hooks";
import { Intents, RawGatewayClient } from "../test/support/gateway-client";
import { type CampaignReport, percentiles, type Scale } from "./support/report";
import { exactlyOnceInOrder } from "./support/session-client";
import { inBatches, post, SESSIONS_PER_BOT, startCluster } from "./support/two-nodes";

const intents = Intents.Guilds | Intents.GuildMessages;

/**
 * `pnpm campaign storm`: every client is on node A, which is killed (SIGKILL) while messages
 * flow through node B; all of them resume on B at once. Figures: time from the kill until
 * 99% and all are resumed. Properties: no Resume refused, every client gets every message
 * exactly once and in order, and the 16-sessions-per-bot limit still holds on B afterwards
 * (a 17th Identify closes with 4008).
 */
export async function runCampaign(scale: Scale): Promise<CampaignReport> {
  const clientCount = scale === "full" ? 1_000 : 64;
  const cluster = await startCluster(clientCount, intents);
  try {
    const { clients, nodes, world } = cluster;
    const [a, b] = nodes;
    await inBatches(clients, 50, (client) => client.identify(a.gatewayUrl));

    const sent: string[] = [];
    let failedSends = 0;
    let sending = true;
    const sender = (async () => {
      for (let n = 0; sending; n++) {
        const content = `storm ${n}`;
        if (await post(b, world, content)) sent.push(content);
        else failedSends += 1;
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    await new Promise((r) => setTimeout(r, 2_000));

    // The storm: each client resumes on B the moment it notices A is gone.
    const resumedAfter: number[] = [];
    let killedAt = 0;
    const storm = clients.map(
      (client) =>
        new Promise<void>((done) => {
          client.onLost = () => {
            client.onLost = null;
            void client.resume(b.gatewayUrl).then(() => {
              if (client.resumeTimes.length > 0) resumedAfter.push(performance.now() - killedAt);
              done();
            });
          };
        }),
    );
    killedAt = performance.now();
    await a.kill("SIGKILL");
    await Promise.race([Promise.all(storm), new Promise((r) => setTimeout(r, 60_000))]);
    await new Promise((r) => setTimeout(r, 2_000));
    sending = false;
    await sender;
    const deadline = performance.now() + 30_000;
    while (clients.some((c) => c.received.length < sent.length) && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));

    const { exact, problems } = exactlyOnceInOrder(clients, sent);
    if (failedSends > 0) problems.push(`${failedSends} sends through node B were not answered 200`);
    if (resumedAfter.length < clientCount)
      problems.push(`${clientCount - resumedAfter.length} clients did not resume on node B`);

    // The session limit after the storm: bot0's 16 sessions now live on B.
    const extra = await RawGatewayClient.connect(b.gatewayUrl);
    await extra.next((f) => f.op === 10);
    extra.send({ op: 2, d: { token: clients[0]?.token, intents, properties: {} } });
    const extraClosed = await Promise.race([extra.closed, new Promise<null>((r) => setTimeout(() => r(null), 10_000))]);
    if (clientCount >= SESSIONS_PER_BOT && extraClosed?.code !== 4008)
      problems.push(
        `a 17th Identify of one bot after the storm got ${extraClosed ? `close ${extraClosed.code}` : "no close"}, not 4008`,
      );
    if (!extraClosed) extra.terminate();

    const sorted = [...resumedAfter].sort((x, y) => x - y);
    const at99 = sorted[Math.ceil(clientCount * 0.99) - 1];
    return {
      title: `storm: ${clientCount} clients resume at once after their node is killed (PostgreSQL + Redis, ${scale})`,
      rows: [
        ["clients resumed on the other node", `${resumedAfter.length} of ${clientCount}`],
        [
          "kill to 99% resumed, to all resumed",
          `${at99 === undefined ? "never" : `${(at99 / 1000).toFixed(2)} s`}, ${resumedAfter.length === clientCount ? `${((sorted.at(-1) as number) / 1000).toFixed(2)} s` : "never"}`,
        ],
        ["each Resume (connect to RESUMED)", percentiles(clients.flatMap((c) => c.resumeTimes))],
        ["messages sent through node B meanwhile", `${sent.length}`],
        ["clients with every message exactly once, in order", `${exact} of ${clientCount}`],
        ["17th Identify of one bot afterwards", extraClosed ? `closed ${extraClosed.code}` : "not closed"],
      ],
      problems,
    };
  } finally {
    await cluster.close();
  }
}
