import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness";

describe("bot authentication", () => {
  let t: TestServer;
  let world: Awaited<ReturnType<TestServer["seed"]["world"]>>;
  beforeAll(async () => {
    t = await startTestServer();
    world = await t.seed.world();
  });
  afterAll(() => t?.close());

  it("answers GET /users/@me for a valid bot token", async () => {
    const res = await fetch(`${t.base}/users/@me`, { headers: { authorization: `Bot ${world.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = await res.json();
    expect(body).toMatchObject({ id: world.botUserId.toString(), bot: true });
    expect(body).not.toHaveProperty("email");
  });

  it("answers 401 code 0 without a token, with a wrong token and with a token missing the Bot prefix", async () => {
    for (const authorization of [undefined, "Bot nope.nope.nope", `Bearer ${world.token}`, world.token.slice(0, -2) + "xx"]) {
      const res = await fetch(`${t.base}/users/@me`, { headers: authorization ? { authorization: authorization.startsWith("Bot") || authorization.startsWith("Bearer") ? authorization : `Bot ${authorization}` } : {} });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: "401: Unauthorized", code: 0 });
    }
  });

  it("serves GET /gateway without a token", async () => {
    const res = await fetch(`${t.base}/gateway`);
    expect(await res.json()).toEqual({ url: t.server.ctx.urls.gatewayUrl });
  });
});
