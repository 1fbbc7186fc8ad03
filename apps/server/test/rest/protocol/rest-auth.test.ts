import { describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";

describe("bot authentication", () => {
  const env = useTestServer();

  it("answers GET /users/@me for a valid bot token", async () => {
    const res = await fetch(`${env.t.base}/users/@me`, { headers: { authorization: `Bot ${env.world.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = await res.json();
    expect(body).toMatchObject({ id: env.world.botUserId.toString(), bot: true });
    expect(body).not.toHaveProperty("email");
  });

  it("answers 401 code 0 without a token, with a wrong token and with a token missing the Bot prefix", async () => {
    for (const authorization of [
      undefined,
      "Bot nope.nope.nope",
      `Bearer ${env.world.token}`,
      env.world.token.slice(0, -2) + "xx",
    ]) {
      const res = await fetch(`${env.t.base}/users/@me`, {
        headers: authorization
          ? {
              authorization:
                authorization.startsWith("Bot") || authorization.startsWith("Bearer")
                  ? authorization
                  : `Bot ${authorization}`,
            }
          : {},
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: "401: Unauthorized", code: 0 });
    }
  });

  it("serves GET /gateway without a token", async () => {
    const res = await fetch(`${env.t.base}/gateway`);
    expect(await res.json()).toEqual({ url: env.t.server.ctx.urls.gatewayUrl });
  });
});
