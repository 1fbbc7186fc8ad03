import { afterAll, describe, expect, it } from "vitest";
import type { BucketRule, RateLimitStore } from "../src";
import { namespace, STORE_KINDS, sleep, storeOf } from "./stores";

const rule: BucketRule = { name: "test.rule", points: 3, durationSeconds: 60, per: "address" };

describe.each(STORE_KINDS)("rate-limit store (%s)", (kind) => {
  const opened: RateLimitStore[] = [];
  const open = (ns?: string) => {
    const store = storeOf(kind, ns);
    opened.push(store);
    return store;
  };
  afterAll(async () => {
    for (const store of opened) await store.close();
  });

  it("allows the rule's points in a window, then refuses until the window ends", async () => {
    const store = open();
    const outcomes = [];
    for (let i = 0; i < 4; i++) outcomes.push(await store.consume(rule, "k"));
    expect(outcomes.map((o) => [o.allowed, o.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(outcomes[3]?.resetAfterMs).toBeGreaterThan(58_000);
    expect(outcomes[3]?.resetAfterMs).toBeLessThanOrEqual(60_000);
    expect((await store.consume(rule, "other key")).allowed).toBe(true);
  });

  it("gives a use back on refund", async () => {
    const store = open();
    for (let i = 0; i < 3; i++) await store.consume(rule, "k");
    await store.refund(rule, "k");
    expect(await store.consume(rule, "k")).toMatchObject({ allowed: true, remaining: 0 });
    expect((await store.consume(rule, "k")).allowed).toBe(false);
  });

  it("refuses a blocked counter for the blocked time only, even before any use", async () => {
    const store = open();
    await store.block(rule, "k", 1);
    const refused = await store.consume(rule, "k");
    expect(refused.allowed).toBe(false);
    expect(refused.resetAfterMs).toBeLessThanOrEqual(1000);
    await sleep(1100);
    expect(await store.consume(rule, "k")).toMatchObject({ allowed: true, remaining: 2 });
  });

  it("starts a fresh window after reset", async () => {
    const store = open();
    for (let i = 0; i < 4; i++) await store.consume(rule, "k");
    await store.reset(rule, "k");
    expect(await store.consume(rule, "k")).toMatchObject({ allowed: true, remaining: 2 });
  });

  if (kind === "redis") {
    it("shares counters between two processes' stores on one Redis namespace (server and web app)", async () => {
      const ns = namespace();
      const [server, web] = [open(ns), open(ns)];
      await server.consume(rule, "shared");
      await web.consume(rule, "shared");
      expect(await server.consume(rule, "shared")).toMatchObject({ allowed: true, remaining: 0 });
      expect((await web.consume(rule, "shared")).allowed).toBe(false);
    });
  }
});
