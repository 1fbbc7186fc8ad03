import { verifyPassword } from "@chat/auth";
import { createSignInThrottle, PASSWORD_CHECK_LIMIT, type SignInGate } from "@chat/rate-limit";
import type { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainErrorData } from "../src/errors";
import { createTestWorld, STRONG_PASSWORD, type TestWorld } from "./world";

let w: TestWorld;
beforeAll(async () => {
  w = await createTestWorld();
});
afterAll(() => w?.close());

let n = 0;
async function person(prefix: string): Promise<{ id: bigint; username: string }> {
  const username = `${prefix}_${++n}`;
  return { id: await w.signUp(username), username };
}

/** The refusal as the web app's client receives it (the app's error shape). */
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (error: TRPCError) => ({ code: error.code, message: error.message, data: domainErrorData(error) }),
  );
const failure = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (error: unknown) => error as { code: string; message: string },
  );
const passwordHashOf = async (id: bigint) =>
  (await w.database.prisma.user.findUniqueOrThrow({ where: { id } })).passwordHash;
const changeTo = (newPassword: string, currentPassword = STRONG_PASSWORD) => ({ currentPassword, newPassword });
const deleteWith = (password: string) => ({ confirmation: "DELETE", password });
/** A sign-in attempt through the web app's throttle (as next-auth's authorize makes one). */
const signInAttempt = (username: string, address: string) =>
  createSignInThrottle(w.rateLimits).begin(username, address);
const fail = async (gate: SignInGate) => {
  expect(gate.allowed).toBe(true);
  if (gate.allowed) await gate.failed();
};
const waitSeconds = (message: string | undefined) =>
  Number(message?.match(/^Too many password attempts\. Try again in (\d+) seconds?\.$/)?.[1]);

describe("password checks behind a session, per person", () => {
  it(`allow ${PASSWORD_CHECK_LIMIT.points} password changes and account deletions together per 15 minutes, refused before the new password is judged`, async () => {
    const me = await person("limited");
    const api = w.caller(me.id);
    // Refused by the strength rule (judged after the count): they count.
    for (let i = 0; i < 3; i++)
      await expect(api.account.changePassword(changeTo("password"))).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(api.people.deleteAccount({ confirmation: "DELETE", password: "" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    // A mistyped confirmation word is refused before anything is counted.
    await expect(api.people.deleteAccount({ confirmation: "delete", password: STRONG_PASSWORD })).rejects.toMatchObject(
      { code: "BAD_REQUEST" },
    );
    await expect(api.account.changePassword(changeTo("quiet lantern orbit 42"))).resolves.toEqual({ endedSessions: 0 });
    const refused = await failure(
      api.account.changePassword(changeTo("amber falcon quarry 77", "quiet lantern orbit 42")),
    );
    expect(refused?.code).toBe("TOO_MANY_REQUESTS");
    expect(waitSeconds(refused?.message)).toBeGreaterThan(14 * 60);
    expect(waitSeconds(refused?.message)).toBeLessThanOrEqual(15 * 60);
    // A weak password past the limit: still the limit's answer (not judged).
    expect((await failure(api.account.changePassword(changeTo("password", "quiet lantern orbit 42"))))?.code).toBe(
      "TOO_MANY_REQUESTS",
    );
    expect((await failure(api.people.deleteAccount(deleteWith("quiet lantern orbit 42"))))?.code).toBe(
      "TOO_MANY_REQUESTS",
    );
    expect(await verifyPassword((await passwordHashOf(me.id)) as string, "quiet lantern orbit 42")).toBe(true);
  });

  it("let only five of twenty parallel password changes with 128-character new passwords through to the checks", async () => {
    const me = await person("parallel");
    const api = w.caller(me.id);
    const long = "19901231".repeat(16);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => api.account.changePassword(changeTo(long, "not my password"))),
    );
    const codes = outcomes.map((o) => (o.status === "rejected" ? (o.reason as { code: string }).code : "changed"));
    expect(codes.filter((code) => code === "TOO_MANY_REQUESTS")).toHaveLength(20 - PASSWORD_CHECK_LIMIT.points);
    expect(codes.filter((code) => code === "BAD_REQUEST")).toHaveLength(PASSWORD_CHECK_LIMIT.points);
  });

  it("count as one limit per person: another person is not held up", async () => {
    const one = await person("one");
    const other = await person("other");
    for (let i = 0; i < PASSWORD_CHECK_LIMIT.points; i++)
      await failure(w.caller(one.id).account.changePassword(changeTo("password")));
    expect((await failure(w.caller(one.id).account.changePassword(changeTo("quiet lantern orbit 42"))))?.code).toBe(
      "TOO_MANY_REQUESTS",
    );
    await expect(w.caller(other.id).account.changePassword(changeTo("quiet lantern orbit 42"))).resolves.toEqual({
      endedSessions: 0,
    });
  });
});

describe("the current password behind a session counts into the account's sign-in throttle", () => {
  it("wrong current passwords (changing the password, deleting the account) lock the account's sign-in like wrong sign-ins", async () => {
    const me = await person("guessed");
    const api = w.caller(me.id);
    const wrongPassword = {
      code: "BAD_REQUEST",
      data: { apiCode: 50035, fieldErrors: { currentPassword: ["Password does not match."] } },
    };
    for (let i = 0; i < 3; i++)
      expect(await refusal(api.account.changePassword(changeTo("quiet lantern orbit 42", `guess ${i}`)))).toMatchObject(
        wrongPassword,
      );
    for (let i = 0; i < 2; i++)
      expect(await refusal(api.people.deleteAccount(deleteWith(`guess ${i}`)))).toMatchObject(wrongPassword);
    // The fifth failure locked the account: a sign-in from anywhere is refused (the right password too).
    const gate = await signInAttempt(me.username, "203.0.113.40");
    expect(gate.allowed).toBe(false);
    expect(gate.allowed ? 0 : gate.retryAfterMs).toBeGreaterThan(55_000);
  });

  it("while the account is locked, changing the password and deleting the account are refused even with the right password", async () => {
    const me = await person("locked");
    for (let i = 0; i < 5; i++) await fail(await signInAttempt(me.username, "198.51.100.50"));
    const api = w.caller(me.id);
    const before = await passwordHashOf(me.id);
    const change = await failure(api.account.changePassword(changeTo("quiet lantern orbit 42")));
    expect(change?.code).toBe("TOO_MANY_REQUESTS");
    expect(waitSeconds(change?.message)).toBeGreaterThan(50);
    expect(waitSeconds(change?.message)).toBeLessThanOrEqual(60);
    const deletion = await failure(api.people.deleteAccount(deleteWith(STRONG_PASSWORD)));
    expect(deletion?.code).toBe("TOO_MANY_REQUESTS");
    expect(waitSeconds(deletion?.message)).toBeLessThanOrEqual(60);
    expect(await passwordHashOf(me.id)).toBe(before);
    expect((await w.database.prisma.user.findUniqueOrThrow({ where: { id: me.id } })).username).toBe(me.username);
  });

  it("the right current password forgets the earlier failures, as a successful sign-in does", async () => {
    const me = await person("typo");
    const api = w.caller(me.id);
    for (let i = 0; i < 3; i++)
      await failure(api.account.changePassword(changeTo("quiet lantern orbit 42", `typo ${i}`)));
    await expect(api.account.changePassword(changeTo("quiet lantern orbit 42"))).resolves.toEqual({ endedSessions: 0 });
    for (let i = 0; i < 4; i++) await fail(await signInAttempt(me.username, "198.51.100.51"));
    expect((await signInAttempt(me.username, "198.51.100.51")).allowed).toBe(true);
  });
});
