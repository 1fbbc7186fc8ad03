import { performance } from "node:perf_hooks";
import { Intents } from "../test/support/gateway-client";
import { type NodeProcess, startNodeProcess } from "../test/support/multinode-processes";
import { createTestStorage } from "../test/support/test-server";
import { startPrivateRedis } from "./support/private-redis";
import { type CampaignReport, percentiles, type Scale } from "./support/report";
import { SessionClient } from "./support/session-client";
import { inBatches, SESSIONS_PER_BOT } from "./support/two-nodes";
import { closeContext, seedWorld } from "./support/world";
import { createServerContext, type ServerContext } from "../src/context";
import { createServerLogger } from "../src/logging/logger";

const intents = Intents.Guilds | Intents.GuildMessages;

interface Answer {
  status: number;
  ms: number;
  during: boolean;
}

/**
 * `pnpm campaign redis`: Redis stopped for 10 s under two server nodes while a bot sends
 * through both and bots listen on both. Properties: every message answered 200 reaches every
 * listening session exactly once, in the one bus order, once Redis is back (delayed, not
 * lost); sessions whose connection dropped resume; no 5xx. Figures: send answers during the
 * outage, time until the delayed events arrive.
 */
export async function runCampaign(scale: Scale): Promise<CampaignReport> {
  const full = scale === "full";
  const outageMs = full ? 10_000 : 3_000;
  const clientCount = full ? 64 : 16;
  const redis = await startPrivateRedis();
  const storage = await createTestStorage({
    adminUrl: process.env.CAMPAIGN_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
    redisUrl: redis.url,
  });
  const nodes: NodeProcess[] = [];
  const clients: SessionClient[] = [];
  let web: ServerContext | null = null;
  try {
    if (!storage.databaseUrl)
      throw new Error("this campaign runs two server nodes on PostgreSQL: set CAMPAIGN_DATABASE_URL");
    const bots = Array.from({ length: Math.ceil(clientCount / SESSIONS_PER_BOT) }, (_, i) => `bot${i}`);
    const world = await seedWorld(storage, [...bots, "sender"]);
    const env = { RATE_LIMITS: "off" };
    nodes.push(await startNodeProcess("a", storage, { env }), await startNodeProcess("b", storage, { env }));
    const [a, b] = nodes as [NodeProcess, NodeProcess];
    // A third node with the rate limits on: the burst it gets during the outage shows which way they fail.
    const limited = await startNodeProcess("limited", storage);
    nodes.push(limited);
    const burst = async () => {
      const started = performance.now();
      const statuses = await Promise.all(
        Array.from({ length: 15 }, () =>
          fetch(`${limited.base}/channels/${world.channelId}/messages?limit=1`, {
            headers: { authorization: `Bot ${world.tokens.sender}` },
            signal: AbortSignal.timeout(10_000),
          }).then(
            async (res) => {
              await res.text();
              return res.status;
            },
            () => 0,
          ),
        ),
      );
      return { statuses, ms: performance.now() - started };
    };
    for (let i = 0; i < clientCount; i++)
      clients.push(new SessionClient(world.tokens[`bot${Math.floor(i / SESSIONS_PER_BOT)}`] as string, intents));
    await inBatches(clients, 16, (client, i) => client.identify((i % 2 ? b : a).gatewayUrl));
    // A connection the server closes is resumed on the same node, again every 500 ms until it works.
    let drops = 0;
    for (const [i, client] of clients.entries()) {
      const node = i % 2 ? b : a;
      client.onLost = () => {
        drops += 1;
        void (async () => {
          for (let attempt = 0; attempt < 120; attempt++) {
            const before = client.resumeTimes.length;
            await client.resume(node.gatewayUrl);
            if (client.resumeTimes.length > before || client.problems.some((p) => p.includes("op 9"))) return;
            await new Promise((r) => setTimeout(r, 500));
          }
        })();
      };
    }

    const answered: string[] = [];
    const answers: Answer[] = [];
    let outage = false;
    let sending = true;
    // People: this process plays the web app (the same domain on the same database and Redis), its owner posting.
    web = await createServerContext({
      databaseUrl: storage.databaseUrl,
      dataDir: storage.dataDir,
      redisUrl: storage.redisUrl,
      redisNamespace: storage.redisNamespace,
      rateLimits: false,
      logger: createServerLogger({ level: "silent" }),
    });
    const webDomain = web.domain;
    let personFailed = 0;
    const person = (async () => {
      for (let n = 0; sending; n++) {
        const content = `person ${n}`;
        await webDomain.messages.create(world.channelId, world.ownerId, { content }).then(
          () => answered.push(content),
          () => (personFailed += 1),
        );
        await new Promise((r) => setTimeout(r, 150));
      }
    })();
    const sender = (async () => {
      for (let n = 0; sending; n++) {
        const content = `redis ${n}`;
        const node = n % 2 ? b : a;
        const started = performance.now();
        const during = outage;
        const res = await fetch(`${node.base}/channels/${world.channelId}/messages`, {
          method: "POST",
          headers: { authorization: `Bot ${world.tokens.sender}`, "content-type": "application/json" },
          body: JSON.stringify({ content }),
          signal: AbortSignal.timeout(30_000),
        }).catch(() => null);
        await res?.text();
        answers.push({ status: res?.status ?? 0, ms: performance.now() - started, during });
        if (res?.status === 200) answered.push(content);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    await new Promise((r) => setTimeout(r, 2_000));
    outage = true;
    await redis.stop();
    await new Promise((r) => setTimeout(r, 500));
    const limitedDuringOutage = await burst();
    await new Promise((r) => setTimeout(r, outageMs - 500));
    await redis.start();
    const backAt = performance.now();
    outage = false;
    // The messages answered while Redis was away: how long until every session has them.
    const heldBack = [...answered];
    const allHave = (messages: string[]) =>
      clients.every((c) => {
        const got = new Set(c.received);
        return messages.every((m) => got.has(m));
      });
    let caughtUpMs: number | null = null;
    const deadline = performance.now() + 30_000;
    while (performance.now() < deadline) {
      if (allHave(heldBack)) {
        caughtUpMs = performance.now() - backAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 2_000));
    sending = false;
    await Promise.all([sender, person]);
    while (!allHave(answered) && performance.now() < deadline + 10_000) await new Promise((r) => setTimeout(r, 100));

    const problems: string[] = [];
    const order = clients[0]?.received ?? [];
    let exact = 0;
    clients.forEach((client, i) => {
      const seen = new Set(client.received);
      const lost = answered.filter((m) => !seen.has(m));
      const twice = client.received.length - seen.size;
      const ok =
        lost.length === 0 &&
        twice === 0 &&
        client.received.join("\n") === order.join("\n") &&
        client.problems.length === 0;
      if (ok) exact += 1;
      else if (problems.length < 5)
        problems.push(
          `client ${i}: ${lost.length} lost, ${twice} twice${client.received.join("\n") === order.join("\n") ? "" : ", another order"}${client.problems.length ? `; ${client.problems.slice(0, 2).join("; ")}` : ""}`,
        );
    });
    const serverErrors = answers.filter((x) => x.status >= 500 || x.status === 0);
    if (serverErrors.length > 0)
      problems.push(
        `${serverErrors.length} sends answered ${[...new Set(serverErrors.map((x) => x.status || "no answer"))].join(", ")}`,
      );
    const during = answers.filter((x) => x.during);
    if (personFailed > 0) problems.push(`${personFailed} of the person's sends through the web app's domain failed`);
    const limitedCounts = (status: number) => limitedDuringOutage.statuses.filter((s) => s === status).length;
    if (limitedCounts(429) === 0)
      problems.push("a burst past a rate limit during the outage was not limited (rate limits must fail safe)");
    if (limitedCounts(200) + limitedCounts(429) !== limitedDuringOutage.statuses.length)
      problems.push(`the rate-limited burst during the outage got ${limitedDuringOutage.statuses.join(", ")}`);
    return {
      title: `Redis stopped ${outageMs / 1000} s under two nodes (PostgreSQL + Redis, ${scale})`,
      rows: [
        [
          "bot's sends answered 200, of all; a person's through the web app",
          `${answers.filter((x) => x.status === 200).length} of ${answers.length}; ${answered.filter((m) => m.startsWith("person")).length}`,
        ],
        [
          "sends begun during the outage: statuses, answer time",
          `${[...new Set(during.map((x) => x.status))].join(", ") || "none"}; ${percentiles(during.map((x) => x.ms))}`,
        ],
        [
          "15 history reads at once (limit 10/s) during the outage, rate limits on",
          `${limitedCounts(200)} × 200, ${limitedCounts(429)} × 429 in ${limitedDuringOutage.ms.toFixed(0)} ms`,
        ],
        [
          "connections the server closed, resumed",
          `${drops}, ${clients.reduce((n, c) => n + c.resumeTimes.length, 0)}`,
        ],
        [
          "Redis back to every held-back event delivered",
          caughtUpMs === null ? "not within 30 s" : `${(caughtUpMs / 1000).toFixed(2)} s`,
        ],
        ["sessions with every message exactly once, in bus order", `${exact} of ${clientCount}`],
      ],
      problems,
    };
  } finally {
    if (web) await closeContext(web);
    for (const client of clients) client.close();
    for (const node of nodes) await node.stop();
    await storage.drop();
    await redis.remove();
  }
}
