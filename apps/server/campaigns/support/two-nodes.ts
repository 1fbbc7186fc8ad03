import { type NodeProcess, startNodeProcess } from "../../test/support/multinode-processes";
import type { TestStorage } from "../../test/support/test-server";
import { SessionClient } from "./session-client";
import { campaignStorage } from "./storage";
import { type CampaignWorld, seedWorld } from "./world";

/** Sessions one bot may hold (spec: 16): a campaign's clients are spread over enough bots. */
export const SESSIONS_PER_BOT = 16;

export interface Cluster {
  storage: TestStorage;
  world: CampaignWorld;
  nodes: [NodeProcess, NodeProcess];
  /** One session per client, each on the bot `bot${Math.floor(i / 16)}`; not connected yet. */
  clients: SessionClient[];
  close(): Promise<void>;
}

/**
 * Two server node processes on one PostgreSQL database and one Redis (the campaigns about
 * several nodes), a guild with the bots for `clientCount` sessions plus a `sender` bot.
 */
export async function startCluster(clientCount: number, intents: number): Promise<Cluster> {
  const storage = await campaignStorage();
  if (!storage.databaseUrl || !storage.redisUrl) {
    await storage.drop();
    throw new Error("this campaign runs two server nodes: set CAMPAIGN_DATABASE_URL and CAMPAIGN_REDIS_URL");
  }
  const bots = Array.from({ length: Math.ceil(clientCount / SESSIONS_PER_BOT) }, (_, i) => `bot${i}`);
  const world = await seedWorld(storage, [...bots, "sender"]);
  const env = { RATE_LIMITS: "off" };
  const a = await startNodeProcess("a", storage, { env });
  const b = await startNodeProcess("b", storage, { env }).catch(async (error) => {
    await a.stop();
    throw error;
  });
  const clients = Array.from(
    { length: clientCount },
    (_, i) => new SessionClient(world.tokens[`bot${Math.floor(i / SESSIONS_PER_BOT)}`] as string, intents),
  );
  return {
    storage,
    world,
    nodes: [a, b],
    clients,
    async close() {
      for (const client of clients) client.close();
      await Promise.all([a.stop(), b.stop()]);
      await storage.drop();
    },
  };
}

/** Runs `task` over `items`, at most `width` at once. */
export async function inBatches<T>(
  items: readonly T[],
  width: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await task(items[index] as T, index);
      }
    }),
  );
}

/** Sends `content` as the sender bot through `node`; true when answered 200. */
export async function post(node: NodeProcess, world: CampaignWorld, content: string): Promise<boolean> {
  const res = await fetch(`${node.base}/channels/${world.channelId}/messages`, {
    method: "POST",
    headers: { authorization: `Bot ${world.tokens.sender}`, "content-type": "application/json" },
    body: JSON.stringify({ content }),
  }).catch(() => null);
  await res?.text();
  return res?.status === 200;
}
