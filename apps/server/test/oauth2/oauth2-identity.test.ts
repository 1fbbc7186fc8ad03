import { beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../support/harness";
import { BEHIND_LOCAL_PROXY, bearer, loginWorld, tokenClient, tokensFrom } from "../support/oauth2-fixtures";

const PNG = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString("base64")}`;

/** GET /users/@me and GET /oauth2/@me with a login bearer token (spec: User, Login application-and-user record, login rule 10). */
describe("login: identity for a bearer token", () => {
  const env = useTestServer({ server: BEHIND_LOCAL_PROXY, world: false });
  let world: Awaited<ReturnType<typeof loginWorld>>;
  let accessToken: string;

  beforeAll(async () => {
    world = await loginWorld(env.t);
    accessToken = (await tokensFrom(await tokenClient(env.t, world.site).exchange(await world.authorize())))
      .access_token;
  });

  it.each(["/users/%40me", "/oauth2/%40me"])(
    "GET %s (how @discordjs/rest spells @me) answers the same person",
    async (path) => {
      const res = await bearer(env.t, accessToken, path);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { id?: string; user?: { id: string } };
      expect(body.id ?? body.user?.id).toBe(world.person.id.toString());
    },
  );

  it("GET /users/@me answers the person with the spec's user fields, avatar null when none, and no e-mail", async () => {
    const res = await bearer(env.t, accessToken);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    const user = await res.json();
    expect(user).toMatchObject({
      id: world.person.id.toString(),
      username: world.person.username,
      discriminator: "0",
      global_name: null,
      avatar: null,
      avatar_url: null,
      bot: false,
      mfa_enabled: false,
      locale: "en-US",
    });
    expect(user).not.toHaveProperty("email");
    expect(user).not.toHaveProperty("verified");
  });

  it("gives the picture's hash and full address once the person has a picture", async () => {
    const hash = await env.t.server.ctx.domain.users.setAvatar(world.person.id, PNG);
    const user = await (await bearer(env.t, accessToken)).json();
    expect(user.avatar).toBe(hash);
    expect(user.avatar_url).toBe(`${env.t.server.ctx.urls.cdnUrl}/avatars/${world.person.id}/${hash}.png`);
    await env.t.server.ctx.domain.users.setAvatar(world.person.id, null);
  });

  it("GET /oauth2/@me answers { application, scopes, expires, user }", async () => {
    const res = await bearer(env.t, accessToken, "/oauth2/@me");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(["application", "expires", "scopes", "user"]);
    expect(body.application).toMatchObject({ id: world.site.clientId, name: "Site Login" });
    expect(body.scopes).toEqual(["identify"]);
    expect(Date.parse(body.expires) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(body.user).toMatchObject({ id: world.person.id.toString(), username: world.person.username });
    expect(body.user).not.toHaveProperty("email");
  });

  it("a bearer token opens nothing else: every bot route answers 401", async () => {
    const guild = await env.t.seed.guild(world.person.id);
    const channel = guild.channels[0]?.id;
    for (const path of [
      "/users/@me/guilds",
      `/users/${world.person.id}`,
      `/guilds/${guild.id}`,
      `/guilds/${guild.id}/channels`,
      `/channels/${channel}`,
      `/channels/${channel}/messages`,
      "/applications/@me",
      "/oauth2/applications/@me",
      "/gateway/bot",
    ]) {
      const res = await bearer(env.t, accessToken, path);
      expect(res.status, path).toBe(401);
      expect(await res.json()).toEqual({ message: "401: Unauthorized", code: 0 });
    }
    const send = await fetch(`${env.t.base}/channels/${channel}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({ content: "hi" }),
    });
    expect(send.status).toBe(401);
  });

  it("an unknown bearer token is 401 with WWW-Authenticate; a bot token does not open /oauth2/@me", async () => {
    const res = await bearer(env.t, "not-a-token");
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer .*invalid_token/);
    expect(await res.json()).toEqual({ message: "401: Unauthorized", code: 0 });
    const bot = await env.t.seed.world();
    expect((await fetch(`${env.t.base}/oauth2/@me`, { headers: { authorization: `Bot ${bot.token}` } })).status).toBe(
      401,
    );
    expect((await fetch(`${env.t.base}/users/@me`, { headers: { authorization: `Bot ${bot.token}` } })).status).toBe(
      200,
    );
  });

  it("the identity route exists only under /api/v10 (versioning rule 2)", async () => {
    for (const path of ["/api/users/@me", "/users/@me", "/api/v9/users/@me"]) {
      const res = await fetch(`${env.t.server.url}${path}`, { headers: { authorization: `Bearer ${accessToken}` } });
      expect(res.status, path).toBe(404);
    }
  });
});
