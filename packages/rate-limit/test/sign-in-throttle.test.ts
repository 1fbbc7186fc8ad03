import { afterAll, describe, expect, it } from "vitest";
import { createSignInThrottle, type RateLimitStore, SIGN_IN_LIMITS, type SignInGate, type SignInLimits } from "../src";
import { STORE_KINDS, sleep, storeOf } from "./stores";

const fail = async (gate: SignInGate) => {
  expect(gate.allowed).toBe(true);
  if (gate.allowed) await gate.failed();
};
const succeed = async (gate: SignInGate) => {
  expect(gate.allowed).toBe(true);
  if (gate.allowed) await gate.succeeded();
};
const waitOf = (gate: SignInGate) => (gate.allowed ? null : gate.retryAfterMs);

describe.each(STORE_KINDS)("sign-in throttle (%s store)", (kind) => {
  const opened: RateLimitStore[] = [];
  const throttle = (limits?: Partial<SignInLimits>) => {
    const store = storeOf(kind);
    opened.push(store);
    return createSignInThrottle(store, { ...SIGN_IN_LIMITS, ...limits });
  };
  afterAll(async () => {
    for (const store of opened) await store.close();
  });

  it("locks an account for a minute after five failures, refusing the sixth attempt before any password is checked", async () => {
    const t = throttle();
    for (let i = 0; i < 5; i++) await fail(await t.begin("alice", "192.0.2.1"));
    const refused = await t.begin("alice", "192.0.2.1");
    expect(waitOf(refused)).toBeGreaterThan(55_000);
    expect(waitOf(refused)).toBeLessThanOrEqual(60_000);
    // From anywhere, and whatever the spelling of the name.
    expect((await t.begin(" ALICE ", "192.0.2.99")).allowed).toBe(false);
    expect((await t.begin("bob", "192.0.2.1")).allowed).toBe(true);
  });

  it("counts an unknown username exactly like a known one (the lockout tells nothing)", async () => {
    const t = throttle();
    for (let i = 0; i < 5; i++) await fail(await t.begin("no_such_person", "192.0.2.2"));
    expect(waitOf(await t.begin("no_such_person", "192.0.2.2"))).toBeGreaterThan(55_000);
  });

  it("doubles the lockout each time the account locks again", async () => {
    const t = throttle({ accountFailures: 2, firstLockoutSeconds: 1, maxLockoutSeconds: 3 });
    const lockout = async () => {
      await fail(await t.begin("carol", "192.0.2.3"));
      await fail(await t.begin("carol", "192.0.2.3"));
      return waitOf(await t.begin("carol", "192.0.2.3")) ?? 0;
    };
    const first = await lockout();
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(1000);
    await sleep(first + 150);
    const second = await lockout();
    expect(second).toBeGreaterThan(1000);
    expect(second).toBeLessThanOrEqual(2000);
    await sleep(second + 150);
    // Capped at maxLockoutSeconds.
    const third = await lockout();
    expect(third).toBeGreaterThan(2000);
    expect(third).toBeLessThanOrEqual(3000);
  });

  it("forgets the account's failures after a successful sign-in", async () => {
    const t = throttle();
    for (let i = 0; i < 4; i++) await fail(await t.begin("dave", "192.0.2.4"));
    await succeed(await t.begin("dave", "192.0.2.4"));
    for (let i = 0; i < 4; i++) await fail(await t.begin("dave", "192.0.2.4"));
    expect((await t.begin("dave", "192.0.2.4")).allowed).toBe(true);
  });

  it("limits failures from one address across accounts, and a success there does not spend them", async () => {
    const t = throttle({ addressFailures: 4 });
    await succeed(await t.begin("erin", "192.0.2.5"));
    for (let i = 0; i < 4; i++) await fail(await t.begin(`sprayed_${i}`, "192.0.2.5"));
    const refused = await t.begin("sprayed_new", "192.0.2.5");
    expect(waitOf(refused)).toBeGreaterThan(14 * 60_000);
    expect(waitOf(refused)).toBeLessThanOrEqual(15 * 60_000);
    expect((await t.begin("sprayed_new", "192.0.2.6")).allowed).toBe(true);
  });

  it("lets only five of twenty parallel attempts on one account reach the password check", async () => {
    const t = throttle();
    const gates = await Promise.all(Array.from({ length: 20 }, () => t.begin("frank", "192.0.2.7")));
    expect(gates.filter((g) => g.allowed)).toHaveLength(5);
    await Promise.all(gates.map((g) => (g.allowed ? g.failed() : null)));
    expect(waitOf(await t.begin("frank", "192.0.2.7"))).toBeGreaterThan(55_000);
  });

  it("lets the account's known device and the address it signed in from get in while failures from elsewhere keep the account locked", async () => {
    const t = throttle();
    await succeed(await t.begin("gina", "203.0.113.1"));
    for (let i = 0; i < 5; i++) await fail(await t.begin("gina", "198.51.100.66"));
    expect(waitOf(await t.begin("gina", "198.51.100.66"))).toBeGreaterThan(55_000);
    expect(waitOf(await t.begin("gina", "198.51.100.67"))).toBeGreaterThan(55_000);
    // The device cookie, from an address never seen: in; and the address gina signed in from, without it.
    await succeed(await t.begin("gina", "192.0.2.200", "device-of-gina"));
    await succeed(await t.begin("GINA", "203.0.113.1"));
    // Their successes do not lift the lock the others earned.
    expect(waitOf(await t.begin("gina", "198.51.100.66"))).toBeGreaterThan(50_000);
  });

  it("counts a known device's failures against that device with the same lockouts, apart from the account and other devices", async () => {
    const t = throttle();
    for (let i = 0; i < 5; i++) await fail(await t.begin("hugo", "192.0.2.8", "stolen-device"));
    const refused = await t.begin("hugo", "192.0.2.8", "stolen-device");
    expect(waitOf(refused)).toBeGreaterThan(55_000);
    expect(waitOf(refused)).toBeLessThanOrEqual(60_000);
    // Another device of the account, and the account from anywhere else, are not locked by it.
    expect((await t.begin("hugo", "192.0.2.9", "other-device")).allowed).toBe(true);
    expect((await t.begin("hugo", "192.0.2.10")).allowed).toBe(true);
  });

  it("forgets a known device's failures once it signs in", async () => {
    const t = throttle();
    for (let i = 0; i < 4; i++) await fail(await t.begin("ines", "192.0.2.11", "device"));
    await succeed(await t.begin("ines", "192.0.2.11", "device"));
    for (let i = 0; i < 4; i++) await fail(await t.begin("ines", "192.0.2.11", "device"));
    expect((await t.begin("ines", "192.0.2.11", "device")).allowed).toBe(true);
  });

  it("doubles a known device's lockout each time it locks again", async () => {
    const t = throttle({ accountFailures: 2, firstLockoutSeconds: 1, maxLockoutSeconds: 4 });
    const lockout = async () => {
      await fail(await t.begin("kurt", "192.0.2.12", "device"));
      await fail(await t.begin("kurt", "192.0.2.12", "device"));
      return waitOf(await t.begin("kurt", "192.0.2.12", "device")) ?? 0;
    };
    const first = await lockout();
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(1000);
    await sleep(first + 150);
    const second = await lockout();
    expect(second).toBeGreaterThan(1000);
    expect(second).toBeLessThanOrEqual(2000);
  });

  it("forgets a known address after knownAddressSeconds: then it is counted against the account again", async () => {
    const t = throttle({ knownAddressSeconds: 1 });
    await succeed(await t.begin("jules", "203.0.113.2"));
    for (let i = 0; i < 5; i++) await fail(await t.begin("jules", "198.51.100.68"));
    expect((await t.begin("jules", "203.0.113.2")).allowed).toBe(true);
    await sleep(1150);
    expect(waitOf(await t.begin("jules", "203.0.113.2"))).toBeGreaterThan(50_000);
  });
});
