import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { MemoryShortLivedStore } from "../src/memory-store";
import { RedisShortLivedStore } from "../src/redis-store";
import type { ShortLivedStore } from "../src/store";
import { shortLivedApi } from "../src/store-api";

const redisUrl = process.env.TEST_REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl) : null;
afterAll(() => redis?.disconnect());

const stores: [string, () => ShortLivedStore][] = [["memory", () => new MemoryShortLivedStore()]];
if (redis) stores.push(["redis", () => new RedisShortLivedStore(redis, `test-${randomBytes(4).toString("hex")}`)]);

describe.each(stores)("short-lived store (%s)", (_name, make) => {
  it("keeps a value until it expires; replace keeps the expiry and needs a value; delete says whether there was one", async () => {
    const store = make();
    await store.put("a", { n: 1 }, 300);
    expect(await store.get("a")).toEqual({ n: 1 });
    expect(await store.replace("a", { n: 2 })).toBe(true);
    expect(await store.get("a")).toEqual({ n: 2 });
    expect(await store.replace("missing", { n: 3 })).toBe(false);
    expect(await store.get("missing")).toBeNull();
    await new Promise((r) => setTimeout(r, 350));
    expect(await store.get("a")).toBeNull();
    expect(await store.replace("a", { n: 4 })).toBe(false);
    await store.put("b", "text", 10_000);
    expect(await store.delete("b")).toBe(true);
    expect(await store.delete("b")).toBe(false);
    await store.close();
  });

  it("putIfAbsent keeps a value only where none is live: once among simultaneous callers, again after expiry", async () => {
    const store = make();
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => store.putIfAbsent("once", { i }, 300)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    const winner = claims.indexOf(true);
    expect(await store.get("once")).toEqual({ i: winner });
    await new Promise((r) => setTimeout(r, 350));
    expect(await store.putIfAbsent("once", { i: "again" }, 300)).toBe(true);
    expect(await store.get("once")).toEqual({ i: "again" });
    await store.close();
  });
});

describe("short-lived store API (the hub server's memory for its clients)", () => {
  it("answers calls with the shared secret only; 404 for an unknown operation, 400 for a malformed call", async () => {
    const api = shortLivedApi(new MemoryShortLivedStore(), "s3cret");
    expect((await api.answer("Bearer wrong", "get", { key: "a" })).status).toBe(401);
    expect(await api.answer("Bearer s3cret", "put", { key: "a", value: [1], ttlMs: 1000 })).toEqual({
      status: 200,
      body: {},
    });
    expect(await api.answer("Bearer s3cret", "get", { key: "a" })).toEqual({ status: 200, body: { value: [1] } });
    expect(await api.answer("Bearer s3cret", "putIfAbsent", { key: "a", value: [2], ttlMs: 1000 })).toEqual({
      status: 200,
      body: { done: false },
    });
    expect(await api.answer("Bearer s3cret", "putIfAbsent", { key: "b", value: [2], ttlMs: 1000 })).toEqual({
      status: 200,
      body: { done: true },
    });
    expect((await api.answer("Bearer s3cret", "explode", {})).status).toBe(404);
    expect((await api.answer("Bearer s3cret", "put", { key: "a" })).status).toBe(400);
  });
});
