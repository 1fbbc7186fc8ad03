import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AccountLookup,
  CHECKED_PASSWORD_MAX,
  checkCredentials,
  hashPassword,
  readAuthEnv,
  sessionClaimsOf,
  sessionSecret,
} from "../src";

describe("checkCredentials", () => {
  let accounts: AccountLookup;
  beforeAll(async () => {
    const hash = await hashPassword("correct horse");
    const rows = new Map([
      ["alice", { id: 7n, username: "alice", globalName: null, bot: false, passwordHash: hash, suspendedAt: null }],
      [
        "mallory",
        { id: 8n, username: "mallory", globalName: null, bot: false, passwordHash: hash, suspendedAt: new Date() },
      ],
      ["robot", { id: 9n, username: "robot", globalName: null, bot: true, passwordHash: null, suspendedAt: null }],
    ]);
    accounts = { findByUsername: async (name) => rows.get(name) ?? null };
  });

  it("accepts the right password and stores only argon2id hashes", async () => {
    expect(await checkCredentials(accounts, "alice", "correct horse")).toEqual({
      ok: true,
      user: { id: "7", username: "alice", displayName: null },
    });
    expect(await hashPassword("x")).toMatch(/^\$argon2id\$/);
  });

  it("refuses a wrong password, an unknown user and a bot", async () => {
    expect(await checkCredentials(accounts, "alice", "wrong")).toEqual({ ok: false, reason: "invalid" });
    expect(await checkCredentials(accounts, "nobody", "correct horse")).toEqual({ ok: false, reason: "invalid" });
    expect(await checkCredentials(accounts, "robot", "")).toEqual({ ok: false, reason: "invalid" });
    expect(await checkCredentials(accounts, undefined, "x")).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses a username or password holding NUL or an unpaired surrogate as a plain wrong login, without looking it up", async () => {
    const lookups: string[] = [];
    const failing: AccountLookup = {
      findByUsername: async (name) => {
        lookups.push(name);
        // What PostgreSQL does with NUL in text: the error must never reach the login form.
        if (name.includes("\u0000")) throw new Error('invalid byte sequence for encoding "UTF8": 0x00');
        return accounts.findByUsername(name);
      },
    };
    expect(await checkCredentials(failing, "alice\u0000", "correct horse")).toEqual({ ok: false, reason: "invalid" });
    expect(await checkCredentials(failing, "\u0000", "x")).toEqual({ ok: false, reason: "invalid" });
    expect(await checkCredentials(failing, "alice\ud800", "correct horse")).toEqual({ ok: false, reason: "invalid" });
    expect(await checkCredentials(failing, "alice", "correct horse\u0000")).toEqual({ ok: false, reason: "invalid" });
    expect(lookups).toEqual([]);
  });

  it(`refuses a password longer than ${CHECKED_PASSWORD_MAX} characters as a plain wrong login, without looking up or hashing anything`, async () => {
    const lookups: string[] = [];
    const counting: AccountLookup = {
      findByUsername: async (name) => {
        lookups.push(name);
        return accounts.findByUsername(name);
      },
    };
    const started = performance.now();
    expect(await checkCredentials(counting, "alice", "x".repeat(CHECKED_PASSWORD_MAX + 1))).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await checkCredentials(counting, "alice", "x".repeat(1_000_000))).toEqual({ ok: false, reason: "invalid" });
    // No argon2 run (each takes tens of milliseconds).
    expect(performance.now() - started).toBeLessThan(20);
    expect(lookups).toEqual([]);
  });

  it("refuses a suspended account (only after the password matched)", async () => {
    expect(await checkCredentials(accounts, "mallory", "correct horse")).toEqual({ ok: false, reason: "suspended" });
    expect(await checkCredentials(accounts, "mallory", "wrong")).toEqual({ ok: false, reason: "invalid" });
  });
});

describe("auth environment", () => {
  const dir = mkdtempSync(join(tmpdir(), "chat-auth-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("generates the session secret once and keeps it in DATA_DIR", () => {
    const env = { DATA_DIR: dir };
    const first = sessionSecret(env);
    expect(first.length).toBeGreaterThan(30);
    expect(sessionSecret(env)).toBe(first);
    expect(readFileSync(join(dir, "nextauth-secret"), "utf8")).toBe(first);
    expect(sessionSecret({ NEXTAUTH_SECRET: "given" })).toBe("given");
  });

  it("derives NEXTAUTH_URL from PUBLIC_APP_URL or WEB_PORT", () => {
    const a: Record<string, string | undefined> = { DATA_DIR: dir, PUBLIC_APP_URL: "https://chat.example/" };
    expect(readAuthEnv(a).url).toBe("https://chat.example");
    expect(a.NEXTAUTH_URL).toBe("https://chat.example");
    expect(readAuthEnv({ DATA_DIR: dir, WEB_PORT: "4100" }).url).toBe("http://localhost:4100");
  });

  it("reads a session cookie's claims only with a decimal user id and a well-formed session id", () => {
    const sid = "a".repeat(43);
    expect(sessionClaimsOf({ sub: "12", sid })).toEqual({ sessionId: sid, userId: 12n });
    expect(sessionClaimsOf({ sub: "x", sid })).toBeNull();
    expect(sessionClaimsOf({ sub: "12", sid: "short" })).toBeNull();
    // A cookie from before server-side sessions names no session: refused.
    expect(sessionClaimsOf({ sub: "12", name: "bo" })).toBeNull();
    expect(sessionClaimsOf(null)).toBeNull();
  });
});
