import { createRateLimitStore, createSignInThrottle, type RateLimitStore, signInThrottledWait } from "@chat/rate-limit";
import type { CredentialsConfig } from "next-auth/providers/credentials";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AccountLookup, createAuthOptions, hashPassword } from "../src";

/** The Credentials provider's own `authorize`, as next-auth calls it for a sign-in from `address`. */
type Authorize = (credentials: Record<string, string>, address: string) => Promise<unknown>;

describe("sign-in through next-auth's authorize, throttled", () => {
  let store: RateLimitStore;
  let authorize: Authorize;
  beforeAll(async () => {
    process.env.NEXTAUTH_SECRET ??= "test secret";
    const hash = await hashPassword("violet tractor mirror");
    const person = (id: bigint, username: string) => [username, { id, username, globalName: null, bot: false, passwordHash: hash, suspendedAt: null }] as const;
    const rows = new Map([person(7n, "alice"), person(8n, "bruno"), person(9n, "carmen")]);
    const accounts: AccountLookup = { findByUsername: async (name) => rows.get(name) ?? null };
    store = createRateLimitStore({ redisUrl: process.env.TEST_REDIS_URL || undefined, namespace: `auth-test-${Date.now()}` });
    const throttle = createSignInThrottle(store);
    const options = createAuthOptions({
      accounts: async () => accounts,
      // Throttling is decided in authorize, before any web session starts.
      sessions: async () => {
        throw new Error("no web session is started by authorize");
      },
      signInThrottle: async () => throttle,
      clientAddress: async (headers) => String(headers["x-test-address"]),
    });
    const provider = options.providers[0] as unknown as { options: CredentialsConfig };
    authorize = async (credentials, address) => provider.options.authorize(credentials, { headers: { "x-test-address": address } } as never);
  });
  afterAll(() => store?.close());

  const attempt = (username: string, password: string, address = "192.0.2.10") =>
    authorize({ username, password }, address).then(
      (user) => ({ user, error: null }),
      (error: Error) => ({ user: null, error: error.message }),
    );

  it("refuses the right password while the account is locked, and says how long for", async () => {
    for (let i = 0; i < 5; i++) expect(await attempt("alice", "wrong guess")).toEqual({ user: null, error: null });
    const locked = await attempt("alice", "violet tractor mirror");
    expect(locked.user).toBeNull();
    const wait = signInThrottledWait(locked.error);
    expect(wait).toBeGreaterThan(55_000);
    expect(wait).toBeLessThanOrEqual(60_000);
  });

  it("forgets earlier failures once the right password gets in", async () => {
    for (let i = 0; i < 4; i++) await attempt("bruno", "wrong guess", "192.0.2.11");
    expect(await attempt("Bruno", "violet tractor mirror", "192.0.2.11")).toEqual({ user: { id: "8", name: "bruno" }, error: null });
    for (let i = 0; i < 4; i++) await attempt("bruno", "wrong guess", "192.0.2.11");
    expect(await attempt("bruno", "violet tractor mirror", "192.0.2.11")).toEqual({ user: { id: "8", name: "bruno" }, error: null });
  }, 30_000);

  it("takes as long for an unknown username as for a known one with a wrong password", async () => {
    const time = async (username: string) => {
      const started = performance.now();
      expect(await attempt(username, "wrong guess", "192.0.2.12")).toEqual({ user: null, error: null });
      return performance.now() - started;
    };
    await time("warm_up");
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time("carmen"));
      unknown.push(await time(`nobody_${i}`));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[1] ?? 0;
    const ratio = median(known) / median(unknown);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  }, 30_000);
});
