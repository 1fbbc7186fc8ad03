import {
  bucketFor,
  DEFAULT_SIGN_UP_ATTEMPTS_PER_HOUR,
  DEFAULT_SIGN_UPS_PER_HOUR,
  MESSAGE_CREATE_LIMIT,
} from "@chat/rate-limit";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "../src";
import { domainErrorData } from "../src/errors";
import { createTestWorld, STRONG_PASSWORD, type TestWorld } from "./world";

let w: TestWorld;
beforeAll(async () => {
  w = await createTestWorld({
    signUpsPerHour: DEFAULT_SIGN_UPS_PER_HOUR,
    signUpAttemptsPerHour: DEFAULT_SIGN_UP_ATTEMPTS_PER_HOUR,
  });
});
afterAll(() => w?.close());

const signUp = (username: string, address: string, password = STRONG_PASSWORD) =>
  w.caller(null, undefined, address).account.signUp({ username, password });
const failure = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (error: unknown) => error as { code: string; message: string },
  );
const accounts = (prefix: string) => w.database.prisma.user.count({ where: { username: { startsWith: prefix } } });

describe("sign-up throttling per client address", () => {
  it("creates five accounts an hour from one address, then refuses with TOO_MANY_REQUESTS saying when to try again", async () => {
    for (let i = 0; i < DEFAULT_SIGN_UPS_PER_HOUR; i++) await signUp(`hourly_${i}`, "198.51.100.1");
    const refused = await failure(signUp("hourly_extra", "198.51.100.1"));
    expect(refused?.code).toBe("TOO_MANY_REQUESTS");
    const [, seconds] = refused?.message.match(/^Too many sign-up attempts\. Try again in (\d+) seconds\.$/) ?? [];
    expect(Number(seconds)).toBeGreaterThan(3500);
    expect(Number(seconds)).toBeLessThanOrEqual(3600);
    expect(await accounts("hourly_")).toBe(DEFAULT_SIGN_UPS_PER_HOUR);
    // Another address has its own count.
    await expect(signUp("hourly_elsewhere", "198.51.100.2")).resolves.toMatchObject({ username: "hourly_elsewhere" });
  });

  it("counts refused sign-ups (weak password, taken or invalid username) against the address's 20 attempts an hour, not against its 5 accounts", async () => {
    const address = "198.51.100.3";
    await signUp("kept_taken", "198.51.100.4");
    for (let i = 0; i < DEFAULT_SIGN_UPS_PER_HOUR; i++) {
      await expect(signUp(`kept_weak_${i}`, address, "password")).rejects.toMatchObject({ code: "BAD_REQUEST" });
      await expect(signUp("kept_taken", address)).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: "Username is already taken.",
      });
      await expect(signUp("Not Valid!", address)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    }
    for (let i = 0; i < DEFAULT_SIGN_UPS_PER_HOUR; i++) await signUp(`kept_${i}`, address);
    expect(await accounts("kept_")).toBe(DEFAULT_SIGN_UPS_PER_HOUR + 1);
    // 3 × 5 refused + 5 created: the twenty attempts are spent.
    const refused = await failure(signUp("kept_late", "198.51.100.3"));
    expect(refused?.code).toBe("TOO_MANY_REQUESTS");
    expect(refused?.message).toMatch(/^Too many sign-up attempts\. Try again in \d+ seconds\.$/);
  });

  it("refuses a flood of weak-password sign-ups from one address after 20 attempts, before their passwords are judged", async () => {
    const codes: string[] = [];
    for (let i = 0; i < 40; i++)
      codes.push((await failure(signUp(`flood_${i}`, "198.51.100.8", "password")))?.code ?? "created");
    expect(codes).toEqual([
      ...Array(DEFAULT_SIGN_UP_ATTEMPTS_PER_HOUR).fill("BAD_REQUEST"),
      ...Array(40 - DEFAULT_SIGN_UP_ATTEMPTS_PER_HOUR).fill("TOO_MANY_REQUESTS"),
    ]);
    // Even a strong password is refused now, for the hour.
    const refused = await failure(signUp("flood_strong", "198.51.100.8"));
    expect(refused?.code).toBe("TOO_MANY_REQUESTS");
    const [, seconds] = refused?.message.match(/^Too many sign-up attempts\. Try again in (\d+) seconds\.$/) ?? [];
    expect(Number(seconds)).toBeGreaterThan(3500);
    expect(await accounts("flood_")).toBe(0);
  });

  it("lets no more than five of ten parallel sign-ups from one address through", async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => signUp(`burst_${i}`, "198.51.100.5")),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(DEFAULT_SIGN_UPS_PER_HOUR);
    expect(
      outcomes.filter((o) => o.status === "rejected").map((o) => (o as PromiseRejectedResult).reason.code),
    ).toEqual(Array(5).fill("TOO_MANY_REQUESTS"));
    expect(await accounts("burst_")).toBe(DEFAULT_SIGN_UPS_PER_HOUR);
  });
});

describe("the password rule at sign-up", () => {
  it("refuses guessable passwords with zxcvbn's warning and suggestions on the password field, creating nothing", async () => {
    const cases: [string, string, string][] = [
      ["weak_one", "password", "This is a heavily used password. Add more words that are less common."],
      ["weak_two", "12345678", "This is a heavily used password. Add more words that are less common."],
      [
        "weak_three",
        "weak_three-Plum-Kettle-93!",
        "Don’t use your username in your password. Add more words that are less common.",
      ],
    ];
    for (const [username, password, message] of cases) {
      const refused = await failure(signUp(username, "198.51.100.6", password));
      expect(refused?.code, password).toBe("BAD_REQUEST");
      expect(domainErrorData(refused as never), password).toEqual({
        apiCode: 50035,
        fieldErrors: { password: [message] },
      });
    }
    expect(await accounts("weak_")).toBe(0);
  });

  it("accepts a strong password", async () => {
    await expect(signUp("strong_one", "198.51.100.7", "copper lantern orbit")).resolves.toMatchObject({
      username: "strong_one",
    });
  });
});

describe("people's sends under the bots' per-channel limit", () => {
  async function channelOf(name: string) {
    const me = BigInt((await signUp(name, "203.0.113.1")).id);
    const { firstChannelId } = await w.caller(me).guilds.create({ name: `${name}'s` });
    return { me, channelId: firstChannelId as string };
  }

  it("counts a person's sends with the same rule as the bot route: 5 per 5 s per channel", () => {
    expect(bucketFor("POST", "/channels/:channel/messages")).toBe(MESSAGE_CREATE_LIMIT);
    expect(MESSAGE_CREATE_LIMIT).toMatchObject({ points: 5, durationSeconds: 5, per: "channel" });
  });

  it("refuses the sixth send in five seconds with TOO_MANY_REQUESTS saying when; another channel has its own count", async () => {
    const { me, channelId } = await channelOf("sender");
    const api = w.caller(me);
    for (let i = 0; i < 5; i++) await api.messages.send({ channelId, content: `message ${i}` });
    const refused = await failure(api.messages.send({ channelId, content: "one too many" }));
    expect(refused?.code).toBe("TOO_MANY_REQUESTS");
    expect(refused?.message).toMatch(/^You are sending messages too quickly\. Try again in [1-5] seconds?\.$/);
    const { guildId } = await w.database.prisma.channel.findUniqueOrThrow({ where: { id: BigInt(channelId) } });
    const other = await w.database.prisma.channel.create({ data: { guildId, type: 0, name: "other", position: 3 } });
    await expect(api.messages.send({ channelId: other.id.toString(), content: "elsewhere" })).resolves.toMatchObject({
      content: "elsewhere",
    });
    expect(await w.database.prisma.message.count({ where: { channelId: BigInt(channelId) } })).toBe(5);
  });

  it("delivers five of a batched HTTP request of fifty sends and refuses the rest", async () => {
    const { me, channelId } = await channelOf("batcher");
    const count = 50;
    const paths = Array(count).fill("messages.send").join(",");
    const body = Object.fromEntries(
      Array.from({ length: count }, (_, i) => [String(i), { channelId, content: `burst ${i}` }]),
    );
    const response = await fetchRequestHandler({
      endpoint: "/api/trpc",
      req: new Request(`http://app.test/api/trpc/${paths}?batch=1`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
      router: appRouter,
      createContext: () => w.context(me),
    });
    const results = (await response.json()) as {
      result?: unknown;
      error?: { data: { code: string; httpStatus: number } };
    }[];
    expect(results).toHaveLength(count);
    expect(results.filter((r) => r.result)).toHaveLength(5);
    const refusals = results.filter((r) => r.error);
    expect(refusals).toHaveLength(count - 5);
    expect(new Set(refusals.map((r) => `${r.error?.data.code} ${r.error?.data.httpStatus}`))).toEqual(
      new Set(["TOO_MANY_REQUESTS 429"]),
    );
    expect(await w.database.prisma.message.count({ where: { channelId: BigInt(channelId) } })).toBe(5);
  });
});
