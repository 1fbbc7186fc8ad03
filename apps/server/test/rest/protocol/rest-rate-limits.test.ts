import { type RateLimitData, REST, Routes } from "discord.js";
import { describe, expect, it } from "vitest";
import { startTestServer, storageMode, useTestServer } from "../../support/harness";
import { botClient, fixtures } from "../../support/rest-fixtures";

const send = (bot: ReturnType<typeof botClient>, channelId: bigint, content = "hi") =>
  bot.post(`/channels/${channelId}/messages`, { content });

function bucketHeaders(res: Response) {
  const h = (name: string) => res.headers.get(name);
  return {
    limit: h("x-ratelimit-limit"),
    remaining: h("x-ratelimit-remaining"),
    reset: Number(h("x-ratelimit-reset")),
    resetAfter: Number(h("x-ratelimit-reset-after")),
    bucket: h("x-ratelimit-bucket"),
  };
}

describe("rate limits", () => {
  const env = useTestServer();
  let n = 0;
  const newChannel = async () => (await fixtures(env.t).channel(env.world.guild.id, { name: `limits-${++n}` })).id;

  it("counts sends per channel: the sixth message within 5 s gets 429 while another channel is unaffected", async () => {
    const [busy, quiet] = [await newChannel(), await newChannel()];
    const answers: Response[] = [];
    for (let i = 0; i < 5; i++) answers.push(await send(env.bot, busy));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((r) => bucketHeaders(r).remaining)).toEqual(["4", "3", "2", "1", "0"]);

    const limited = await send(env.bot, busy);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("content-type")).toMatch(/^application\/json/);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(5);
    expect(limited.headers.get("x-ratelimit-scope")).toBe("user");
    expect(limited.headers.get("x-ratelimit-global")).toBeNull();
    const headers = bucketHeaders(limited);
    expect(headers).toMatchObject({ limit: "5", remaining: "0", bucket: bucketHeaders(answers[0] as Response).bucket });
    expect(headers.resetAfter).toBeGreaterThan(0);
    expect(headers.resetAfter).toBeLessThanOrEqual(5);
    expect(Math.abs(headers.reset - (Date.now() / 1000 + headers.resetAfter))).toBeLessThan(1);
    const body = await limited.json();
    expect(body).toEqual({
      message: "You are being rate limited.",
      retry_after: expect.any(Number),
      global: false,
      code: 0,
    });
    expect(body.retry_after).toBeCloseTo(headers.resetAfter, 1);

    const other = await send(env.bot, quiet);
    expect(other.status).toBe(200);
    expect(bucketHeaders(other)).toMatchObject({ limit: "5", remaining: "4" });
  });

  it("sends the bucket headers on every answer of a limited route, in seconds", async () => {
    const res = await send(env.bot, await newChannel());
    const headers = bucketHeaders(res);
    expect(headers.limit).toBe("5");
    expect(headers.bucket).toMatch(/^[0-9a-f]{16,}$/);
    expect(res.headers.get("x-ratelimit-reset-after")).toMatch(/^\d+(\.\d+)?$/);
    expect(res.headers.get("x-ratelimit-reset")).toMatch(/^\d{10}(\.\d+)?$/);
    // The listing route has its own bucket.
    const list = await env.bot.get(`/channels/${env.world.text.id}/messages`);
    expect(list.status).toBe(200);
    expect(bucketHeaders(list).limit).toBe("10");
    expect(bucketHeaders(list).bucket).not.toBe(headers.bucket);
  });

  it("counts the limit per bot: another bot sends in the same channel while the first is limited", async () => {
    const channel = await newChannel();
    for (let i = 0; i < 5; i++) await send(env.bot, channel);
    expect((await send(env.bot, channel)).status).toBe(429);
    const app = await env.t.seed.bot(env.world, 0n);
    expect((await send(botClient(env.t, app.botToken), channel)).status).toBe(200);
  });

  it("lets discord.js wait out a 429 and then succeed", async () => {
    const channel = await newChannel();
    for (let i = 0; i < 5; i++) expect((await send(env.bot, channel)).status).toBe(200);
    const rest = new REST({ api: env.t.api, version: "10" }).setToken(env.world.token);
    const limits: RateLimitData[] = [];
    rest.on("rateLimited", (info) => limits.push(info));
    const started = Date.now();
    const message = (await rest.post(Routes.channelMessages(channel.toString()), {
      body: { content: "after the wait" },
    })) as { content: string };
    expect(message.content).toBe("after the wait");
    expect(limits.length).toBeGreaterThan(0);
    expect(limits[0]).toMatchObject({ global: false, scope: "user" });
    expect(Date.now() - started).toBeGreaterThan(2_000);
  }, 20_000);

  // Several nodes need PostgreSQL + Redis: this case exists in that pass of the suite (CI runs both passes).
  if (storageMode === "postgres" && process.env.TEST_REDIS_URL) {
    it("shares the counters between nodes on one Redis", async () => {
      const second = await startTestServer({ storage: env.t.storage });
      try {
        const channel = await newChannel();
        for (let i = 0; i < 5; i++) expect((await send(env.bot, channel)).status).toBe(200);
        const onSecondNode = await fetch(`${second.base}/channels/${channel}/messages`, {
          method: "POST",
          headers: { authorization: `Bot ${env.world.token}`, "content-type": "application/json" },
          body: JSON.stringify({ content: "other node" }),
        });
        expect(onSecondNode.status).toBe(429);
      } finally {
        await second.close();
      }
    });
  }

  it("limits all requests of one bot to 50 per second with a global 429", async () => {
    const app = await env.t.seed.app(env.world.owner.id);
    const busy = botClient(env.t, app.botToken);
    const answers = await Promise.all(Array.from({ length: 80 }, () => busy.get("/users/@me")));
    const limited = answers.filter((r) => r.status === 429);
    expect(answers.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(50);
    expect(limited.length).toBeGreaterThan(0);
    const first = limited[0] as Response;
    expect(first.headers.get("x-ratelimit-global")).toBe("true");
    expect(first.headers.get("x-ratelimit-scope")).toBe("global");
    expect(Number(first.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = await first.json();
    expect(body).toEqual({
      message: "You are being rate limited.",
      retry_after: expect.any(Number),
      global: true,
      code: 0,
    });
    expect(body.retry_after).toBeLessThanOrEqual(1);

    // Other bots are not affected, and the limited bot is served again after the wait.
    expect((await env.bot.get("/users/@me")).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, body.retry_after * 1000 + 50));
    expect((await busy.get("/users/@me")).status).toBe(200);
  });
});
