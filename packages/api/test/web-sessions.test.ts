import { createAuthOptions, createSessionCookieReader, type SessionClaims, verifyPassword } from "@chat/auth";
import { type DomainEvent, endedWebSessions, WEB_SESSIONS_END } from "@chat/events";
import { createSignInThrottle } from "@chat/rate-limit";
import type { NextAuthOptions } from "next-auth";
import { encode, type JWT } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionCookie } from "../src";
import { domainErrorData } from "../src/errors";
import { content, openLiveTab } from "./live-tab";
import { createTestWorld, STRONG_PASSWORD, TEST_ADDRESS, type TestWorld } from "./world";

const SECRET = "web-sessions test secret, long enough to be one";
const PASSWORD = STRONG_PASSWORD;

let w: TestWorld;
let auth: NextAuthOptions;
let readCookie: ReturnType<typeof createSessionCookieReader>;

beforeAll(async () => {
  w = await createTestWorld();
  // The web app's own next-auth options and cookie reader, on this world's domain.
  const env = { secret: SECRET, url: "http://app.test" };
  process.env.NEXTAUTH_SECRET = SECRET;
  process.env.NEXTAUTH_URL = env.url;
  auth = createAuthOptions({
    accounts: async () => w.domain.users,
    sessions: async () => w.domain.webSessions,
    signInThrottle: async () => createSignInThrottle(w.rateLimits),
    clientAddress: async () => TEST_ADDRESS,
    // Signing in through authorize (which sets the device cookie) is not what these tests do.
    setCookie: async () => {},
  });
  readCookie = createSessionCookieReader(env);
});
afterAll(() => w?.close());

let n = 0;
async function person(prefix: string): Promise<bigint> {
  const created = await w.caller(null).account.signUp({ username: `${prefix}_${++n}`, password: PASSWORD });
  return BigInt(created.id);
}

/** What next-auth does at sign-in: the jwt callback with the signed-in user, then the encrypted cookie. */
async function signInWithCookie(userId: bigint): Promise<{ token: JWT; cookie: string }> {
  const token = (await auth.callbacks?.jwt?.({
    token: {},
    user: { id: userId.toString(), name: "x" },
    account: null,
    trigger: "signIn",
  })) as JWT;
  return { token, cookie: await encode({ token, secret: SECRET }) };
}

/** The claims a request carrying this session cookie gives the tRPC context. */
function claimsOf(cookie: string): Promise<SessionClaims | null> {
  return readCookie({ getAll: () => [{ name: "next-auth.session-token", value: cookie }] });
}

async function expectRefused(session: SessionCookie): Promise<void> {
  await expect(w.callerWith(session).account.me()).rejects.toMatchObject({
    code: "UNAUTHORIZED",
    message: "Your session has ended. Sign in again.",
  });
}

async function expectLive(session: SessionCookie): Promise<void> {
  await expect(w.callerWith(session).account.me()).resolves.toMatchObject({ id: session.userId.toString() });
}

/** Every WEB_SESSIONS_END published while `action` runs (and up to 200 ms after, for Redis). */
async function endEventsDuring(action: () => Promise<unknown>): Promise<DomainEvent[]> {
  const seen: DomainEvent[] = [];
  const off = w.bus.subscribe((event) => {
    if (event.t === WEB_SESSIONS_END) seen.push(event);
  });
  try {
    await action();
    await new Promise((r) => setTimeout(r, 200));
    return seen;
  } finally {
    off();
  }
}

describe("sign-in and sign-out", () => {
  it("sign-in starts a web session; the cookie carries only its id and the user id", async () => {
    const id = await person("ivy");
    const { token, cookie } = await signInWithCookie(id);
    expect(Object.keys(token).sort()).toEqual(["sid", "sub"]);
    const claims = await claimsOf(cookie);
    expect(claims).toEqual({ sessionId: token.sid, userId: id });
    const row = await w.database.prisma.webSession.findUnique({ where: { id: token.sid as string } });
    expect(row).toMatchObject({ userId: id, endedAt: null });
    expect(row && row.expiresAt.getTime() - row.createdAt.getTime()).toBe(30 * 24 * 60 * 60 * 1000);
    await expectLive(claims as SessionCookie);
  });

  it("sign-out ends the session at once: the cookie, replayed, is refused", async () => {
    const id = await person("jon");
    const { token, cookie } = await signInWithCookie(id);
    const claims = (await claimsOf(cookie)) as SessionCookie;
    await expectLive(claims);

    await auth.events?.signOut?.({ token, session: undefined as never });

    // The replayed cookie still decrypts, but its session is over: every call and page refuses it.
    expect(await claimsOf(cookie)).toEqual(claims);
    await expectRefused(claims);
    expect(await w.domain.webSessions.live(claims.sessionId, claims.userId)).toBeNull();
    // next-auth's own /api/auth/session answers no person for it either.
    const session = await auth.callbacks?.session?.({
      session: { expires: "2100-01-01T00:00:00.000Z" },
      token,
      user: undefined as never,
      newSession: undefined,
      trigger: "update",
    });
    expect(session).toEqual({ expires: "2100-01-01T00:00:00.000Z" });
  });

  it("refuses a session id that names no session, or another person's session", async () => {
    const id = await person("kai");
    const other = await person("lea");
    const mine = await w.signIn(id);
    await expectRefused({ sessionId: "A".repeat(43), userId: id });
    await expectRefused({ sessionId: mine.sessionId, userId: other });
  });

  it("refuses an expired session", async () => {
    const id = await person("max");
    const session = await w.signIn(id);
    await expectLive(session);
    await w.database.prisma.webSession.update({
      where: { id: session.sessionId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await expectRefused(session);
  });
});

describe("password change", () => {
  it("refuses a wrong current password with a field error and changes nothing", async () => {
    const id = await person("nia");
    const [current, other] = [await w.signIn(id), await w.signIn(id)];
    const error = await w
      .callerWith(current)
      .account.changePassword({ currentPassword: "not the password", newPassword: "velvet harbor comet 19" })
      .catch((e) => e);
    expect(error).toMatchObject({ code: "BAD_REQUEST", message: "Invalid Form Body" });
    expect(error.cause).toMatchObject({
      code: 50035,
      errors: {
        currentPassword: { _errors: [{ code: "PASSWORD_DOES_NOT_MATCH", message: "Password does not match." }] },
      },
    });
    const stored = await w.database.prisma.user.findUniqueOrThrow({ where: { id } });
    expect(await verifyPassword(stored.passwordHash as string, PASSWORD)).toBe(true);
    await expectLive(current);
    await expectLive(other);
  });

  it("holds the new password to the sign-up rules", async () => {
    const id = await person("oto");
    const session = await w.signIn(id);
    const error = await w
      .callerWith(session)
      .account.changePassword({ currentPassword: PASSWORD, newPassword: "short" })
      .catch((e) => e);
    expect(error).toMatchObject({ code: "BAD_REQUEST" });
    const signUpError = await w
      .caller(null)
      .account.signUp({ username: `oto_again_${n}`, password: "short" })
      .catch((e) => e);
    const refusal = domainErrorData(error).fieldErrors?.newPassword;
    expect(refusal).toEqual(domainErrorData(signUpError).fieldErrors?.password);
    expect(refusal?.[0]).toMatch(/\S/);
    const stored = await w.database.prisma.user.findUniqueOrThrow({ where: { id } });
    expect(await verifyPassword(stored.passwordHash as string, PASSWORD)).toBe(true);
  });

  it("ends every other session of the person but not the current one", async () => {
    const id = await person("pam");
    const bystander = await w.signIn(await person("quin"));
    const [current, phone, laptop] = [await w.signIn(id), await w.signIn(id), await w.signIn(id)];
    const events = await endEventsDuring(async () => {
      expect(
        await w
          .callerWith(current)
          .account.changePassword({ currentPassword: PASSWORD, newPassword: "quiet lantern orbit 42" }),
      ).toEqual({ endedSessions: 2 });
    });
    await expectLive(current);
    await expectRefused(phone);
    await expectRefused(laptop);
    await expectLive(bystander);
    const stored = await w.database.prisma.user.findUniqueOrThrow({ where: { id } });
    expect(await verifyPassword(stored.passwordHash as string, "quiet lantern orbit 42")).toBe(true);
    expect(await verifyPassword(stored.passwordHash as string, PASSWORD)).toBe(false);
    // One internal event naming exactly the ended sessions.
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ t: WEB_SESSIONS_END, internal: true, userIds: [id.toString()] });
    expect(endedWebSessions(events[0] as DomainEvent)?.sort()).toEqual([phone.sessionId, laptop.sessionId].sort());
  });
});

describe("suspension and log out everywhere", () => {
  it("suspension ends all of the person's sessions, which stay ended after unsuspension", async () => {
    const id = await person("rex");
    const sessions = [await w.signIn(id), await w.signIn(id)];
    await w.domain.accounts.suspend(id);
    for (const session of sessions) await expectRefused(session);
    await w.domain.accounts.unsuspend(id);
    for (const session of sessions) await expectRefused(session);
    const rows = await w.database.prisma.webSession.findMany({ where: { userId: id } });
    expect(rows.map((r) => r.endedAt !== null)).toEqual([true, true]);
  });

  it("deleting the account ends all of its sessions", async () => {
    const id = await person("ugo");
    const sessions = [await w.signIn(id), await w.signIn(id)];
    await w.domain.accounts.delete(id);
    for (const session of sessions) await expectRefused(session);
    expect(await w.database.prisma.webSession.count({ where: { userId: id, endedAt: null } })).toBe(0);
  });

  it("log out everywhere ends all of the person's sessions, the current one included", async () => {
    const id = await person("sol");
    const bystander = await w.signIn(await person("tia"));
    const [current, other] = [await w.signIn(id), await w.signIn(id)];
    expect(await w.callerWith(current).account.logOutEverywhere()).toEqual({ endedSessions: 2 });
    await expectRefused(current);
    await expectRefused(other);
    await expectLive(bystander);
  });
});

describe("open live streams", () => {
  /**
   * Opens `live.stream` with `session`, waits for its first frame, runs `end`, and answers how
   * long after the session ended (its row's `endedAt`, wall clock) the stream failed with UNAUTHORIZED.
   */
  async function msUntilStreamEnds(session: SessionCookie, end: () => Promise<unknown>): Promise<number> {
    const tab = await openLiveTab((signal) => w.callerWith(session, signal));
    try {
      await tab.ready();
      await end();
      const outcome = await tab.ended;
      expect(outcome.error).toMatchObject({ code: "UNAUTHORIZED" });
      const row = await w.database.prisma.webSession.findUniqueOrThrow({ where: { id: session.sessionId } });
      expect(row.endedAt).not.toBeNull();
      return outcome.at - (row.endedAt as Date).getTime();
    } finally {
      tab.close();
    }
  }

  it("ends within a second of sign-out", async () => {
    const id = await person("uma");
    const { token, cookie } = await signInWithCookie(id);
    const claims = (await claimsOf(cookie)) as SessionCookie;
    expect(
      await msUntilStreamEnds(
        claims,
        () => auth.events?.signOut?.({ token, session: undefined as never }) as Promise<void>,
      ),
    ).toBeLessThan(1000);
  });

  it("ends within a second of suspension", async () => {
    const id = await person("val");
    const session = await w.signIn(id);
    expect(await msUntilStreamEnds(session, () => w.domain.accounts.suspend(id))).toBeLessThan(1000);
  });

  it("ends within a second of log out everywhere from another session", async () => {
    const id = await person("wes");
    const [streaming, elsewhere] = [await w.signIn(id), await w.signIn(id)];
    expect(await msUntilStreamEnds(streaming, () => w.callerWith(elsewhere).account.logOutEverywhere())).toBeLessThan(
      1000,
    );
  });

  it("ends within a second of a password change elsewhere, while the changing session's stream goes on", async () => {
    const id = await person("xia");
    const { firstChannelId } = await w.caller(id).guilds.create({ name: "xia's place" });
    const channelId = firstChannelId as string;
    const [streaming, changing] = [await w.signIn(id), await w.signIn(id)];
    const kept = await openLiveTab((signal) => w.callerWith(changing, signal));
    try {
      await kept.ready();
      const ms = await msUntilStreamEnds(streaming, () =>
        w
          .callerWith(changing)
          .account.changePassword({ currentPassword: PASSWORD, newPassword: "amber falcon quarry 77" }),
      );
      expect(ms).toBeLessThan(1000);
      await w.callerWith(changing).messages.send({ channelId, content: "still here" });
      expect((await kept.until((f) => content(f) === "still here")).d).toMatchObject({ channel_id: channelId });
      expect(kept.frames.filter((f) => f.frame.kind === "ready")).toHaveLength(1);
    } finally {
      kept.close();
    }
  });

  it("refuses to open with a session that has ended", async () => {
    const id = await person("yan");
    const session = await w.signIn(id);
    await w.domain.webSessions.end(session.sessionId);
    await expect(w.callerWith(session).live.stream({})).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("housekeeping", () => {
  it("removes ended and expired sessions and keeps live ones", async () => {
    const id = await person("zed");
    const [live, ended, expired] = [await w.signIn(id), await w.signIn(id), await w.signIn(id)];
    await w.domain.webSessions.end(ended.sessionId);
    await w.database.prisma.webSession.update({
      where: { id: expired.sessionId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await w.domain.housekeeping.run();
    const left = await w.database.prisma.webSession.findMany({ where: { userId: id }, select: { id: true } });
    expect(left).toEqual([{ id: live.sessionId }]);
    await expectLive(live);
  });
});
