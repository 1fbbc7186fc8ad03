import {
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  createSignInThrottle,
  type RateLimitStore,
  signInThrottledWait,
} from "@chat/rate-limit";
import type { CredentialsConfig } from "next-auth/providers/credentials";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AccountLookup, createAuthOptions, type DeviceCookie, deviceCookieFor, hashPassword } from "../src";

/** The Credentials provider's own `authorize`, as next-auth calls it for a sign-in from `address` with this Cookie header. */
type Authorize = (credentials: Record<string, string>, address: string, cookie?: string) => Promise<unknown>;

describe("sign-in through next-auth's authorize, throttled", () => {
  let store: RateLimitStore;
  let authorize: Authorize;
  /** The cookies authorize set, the latest last. */
  const setCookies: DeviceCookie[] = [];
  beforeAll(async () => {
    process.env.NEXTAUTH_SECRET ??= "test secret";
    process.env.NEXTAUTH_URL ??= "http://app.test";
    const hash = await hashPassword("violet tractor mirror");
    const person = (id: bigint, username: string) =>
      [username, { id, username, globalName: null, bot: false, passwordHash: hash, suspendedAt: null }] as const;
    const rows = new Map([
      person(7n, "alice"),
      person(8n, "bruno"),
      person(9n, "carmen"),
      person(10n, "dora"),
      person(11n, "emil"),
    ]);
    const accounts: AccountLookup = { findByUsername: async (name) => rows.get(name) ?? null };
    const namespace = `auth-test-${Date.now()}`;
    store = process.env.TEST_REDIS_URL
      ? createRedisRateLimitStore(process.env.TEST_REDIS_URL, namespace)
      : createMemoryRateLimitStore(namespace);
    const throttle = createSignInThrottle(store);
    const options = createAuthOptions({
      accounts: async () => accounts,
      // Throttling is decided in authorize, before any web session starts.
      sessions: async () => {
        throw new Error("no web session is started by authorize");
      },
      signInThrottle: async () => throttle,
      clientAddress: async (headers) => String(headers["x-test-address"]),
      setCookie: async (cookie) => {
        setCookies.push(cookie);
      },
    });
    const provider = options.providers[0] as unknown as { options: CredentialsConfig };
    authorize = async (credentials, address, cookie) =>
      provider.options.authorize(credentials, {
        headers: { "x-test-address": address, ...(cookie ? { cookie } : {}) },
      } as never);
  });
  afterAll(() => store?.close());

  const attempt = (username: string, password: string, address = "192.0.2.10", cookie?: string) =>
    authorize({ username, password }, address, cookie).then(
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
    expect(await attempt("Bruno", "violet tractor mirror", "192.0.2.11")).toEqual({
      user: { id: "8", name: "bruno" },
      error: null,
    });
    for (let i = 0; i < 4; i++) await attempt("bruno", "wrong guess", "192.0.2.11");
    expect(await attempt("bruno", "violet tractor mirror", "192.0.2.11")).toEqual({
      user: { id: "8", name: "bruno" },
      error: null,
    });
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

  it("sets a long-lived, HttpOnly, SameSite=Lax device cookie naming the account on a successful sign-in only, keeping the browser's device id", async () => {
    setCookies.length = 0;
    await attempt("dora", "wrong guess", "192.0.2.13");
    expect(setCookies).toEqual([]);
    expect(await attempt("Dora", "violet tractor mirror", "192.0.2.13")).toEqual({
      user: { id: "10", name: "dora" },
      error: null,
    });
    expect(setCookies).toHaveLength(1);
    const [first] = setCookies;
    expect(first?.name).toBe("chat-device");
    expect(first?.options).toEqual({
      httpOnly: true,
      sameSite: "lax",
      secure: false,
      path: "/",
      maxAge: 365 * 24 * 60 * 60,
    });
    expect(first?.value).toMatch(/^d1~[A-Za-z0-9_-]{22}~[0-9a-z]+~dora~[A-Za-z0-9_-]{43}$/);
    const deviceId = first?.value.split("~")[1];
    // The same browser signing in to another account: the cookie now names that one, same device.
    await attempt("emil", "violet tractor mirror", "192.0.2.13", `other=1; chat-device=${first?.value}`);
    expect(setCookies[1]?.value).toMatch(new RegExp(`^d1~${deviceId}~[0-9a-z]+~emil~`));
  });

  it("lets the account's known device in past a lock from elsewhere; a forged, foreign or other-account cookie does not", async () => {
    await attempt("carmen", "violet tractor mirror", "192.0.2.14");
    const device = `chat-device=${setCookies.at(-1)?.value}`;
    for (let i = 0; i < 5; i++) await attempt("carmen", "wrong guess", "198.51.100.66");
    const right = "violet tractor mirror";
    expect(signInThrottledWait((await attempt("carmen", right, "198.51.100.66")).error)).toBeGreaterThan(55_000);
    // A cookie this app did not sign, one for another account, one signed with another secret: locked out like anyone.
    const [version, id, issued, , mac] = (setCookies.at(-1)?.value ?? "").split("~");
    const refusedCookies = [
      `chat-device=${version}~${id}~${issued}~carmen~${mac}x`,
      `chat-device=${deviceCookieFor(process.env.NEXTAUTH_SECRET as string, "bruno", false).value}`,
      `chat-device=${deviceCookieFor("another secret", "carmen", false).value}`,
    ];
    for (const cookie of refusedCookies)
      expect(
        signInThrottledWait((await attempt("carmen", right, "203.0.113.5", cookie)).error),
        cookie,
      ).toBeGreaterThan(50_000);
    // From a new address, with the device cookie: in.
    expect(await attempt("carmen", right, "203.0.113.5", device)).toEqual({
      user: { id: "9", name: "carmen" },
      error: null,
    });
    // The lock from elsewhere holds.
    expect(signInThrottledWait((await attempt("carmen", right, "198.51.100.66")).error)).toBeGreaterThan(50_000);
  }, 30_000);
});
