import net from "node:net";
import { describe, expect, it } from "vitest";
import { type BucketRule, createRedisRateLimitStore } from "../src";
import { namespace } from "./stores";

const rule: BucketRule = { name: "test.outage", points: 2, durationSeconds: 60, per: "address" };

/** A loopback address where Redis is not running (its port refuses), as while Redis is stopped. */
async function stoppedRedisUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `redis://127.0.0.1:${port}`;
}

describe("rate limits while Redis cannot be reached", () => {
  it("fail safe: each process goes on counting in its memory and still refuses past the rule's points, never unlimited, without waiting on Redis", async () => {
    const store = createRedisRateLimitStore(await stoppedRedisUrl(), namespace());
    try {
      const outcomes = [];
      const started = Date.now();
      for (let i = 0; i < 3; i++) outcomes.push((await store.consume(rule, "k")).allowed);
      expect(outcomes).toEqual([true, true, false]);
      // Not one reconnection attempt per count (those took ~2 s each): once Redis is known to be down, memory at once.
      expect(Date.now() - started).toBeLessThan(1_500);
      expect((await store.consume(rule, "another key")).allowed).toBe(true);
    } finally {
      await store.close();
    }
  });
});
