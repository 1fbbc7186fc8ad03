import { Permission } from "@chat/domain";
import { describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../../support/gateway-client";
import { useTestServer } from "../../support/harness";
import { validateResponse } from "../../support/openapi";
import { botClient } from "../../support/rest-fixtures";

const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

describe("the bot's user, other users and the application over REST", () => {
  const env = useTestServer();
  const call = (token: string, method: string, path: string, body?: unknown) =>
    botClient(env.t, token).request(method, path, body);

  async function ok(res: Response, method: "get" | "patch", template: string) {
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(validateResponse(method, template, 200, body)).toEqual([]);
    return body;
  }

  describe("GET /users/@me and /users/{user}", () => {
    it("answers the bot itself, without e-mail", async () => {
      const me = await ok(await call(env.world.token, "GET", "/users/@me"), "get", "/users/@me");
      expect(me).toMatchObject({ id: env.world.botUserId.toString(), bot: true, mfa_enabled: false, locale: "en-US" });
      expect(me).not.toHaveProperty("email");
    });

    it("answers a person sharing a guild with the bot, and the bot itself by id", async () => {
      const owner = await ok(
        await call(env.world.token, "GET", `/users/${env.world.owner.id}`),
        "get",
        "/users/{user_id}",
      );
      expect(owner).toMatchObject({
        id: env.world.owner.id.toString(),
        username: env.world.owner.username,
        bot: false,
      });
      const self = await ok(
        await call(env.world.token, "GET", `/users/${env.world.botUserId}`),
        "get",
        "/users/{user_id}",
      );
      expect(self.id).toBe(env.world.botUserId.toString());
    });

    it("answers Unknown User for someone sharing no guild, for nobody and for a malformed id", async () => {
      const stranger = await env.t.seed.person();
      for (const id of [stranger.id.toString(), "999999999", "abc", "007"]) {
        const res = await call(env.world.token, "GET", `/users/${id}`);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ message: "Unknown User", code: 10013 });
      }
    });

    it("answers a person once they join one of the bot's guilds", async () => {
      const person = await env.t.seed.person();
      expect((await call(env.world.token, "GET", `/users/${person.id}`)).status).toBe(404);
      await env.t.server.ctx.domain.members.addPerson(env.world.guild.id, person.id);
      expect((await call(env.world.token, "GET", `/users/${person.id}`)).status).toBe(200);
    });
  });

  describe("PATCH /users/@me", () => {
    it("renames the bot and its application, and tells the bot (USER_UPDATE) and its guilds (GUILD_MEMBER_UPDATE)", async () => {
      const w = await env.t.seed.world();
      const client = await RawGatewayClient.identified(env.t, w.token, Intents.Guilds | Intents.GuildMembers);
      await client.dispatch("GUILD_CREATE");
      const watcher = await env.t.seed.bot(w, Permission.ViewChannel);
      const other = await RawGatewayClient.identified(env.t, watcher.botToken, Intents.Guilds | Intents.GuildMembers);
      await other.dispatch("GUILD_CREATE");

      const name = `Renamed Bot ${w.botUserId}`;
      const user = await ok(await call(w.token, "PATCH", "/users/@me", { username: name }), "patch", "/users/@me");
      expect(user).toMatchObject({ id: w.botUserId.toString(), username: name, global_name: name, bot: true });
      const app = await ok(await call(w.token, "GET", "/applications/@me"), "get", "/applications/@me");
      expect(app.name).toBe(name);
      expect((await (await call(w.token, "GET", "/users/@me")).json()).username).toBe(name);

      const update = await client.dispatch("USER_UPDATE");
      expect(update.d).toMatchObject({ id: w.botUserId.toString(), username: name });
      const memberUpdate = await other.dispatch("GUILD_MEMBER_UPDATE", (d) => d.user.id === w.botUserId.toString());
      expect(memberUpdate.d).toMatchObject({ guild_id: w.guild.id.toString(), user: { username: name } });
      await expect(other.dispatch("USER_UPDATE", () => true, 300)).rejects.toThrow(/no matching frame/);
      await Promise.all([client.close(), other.close()]);
    });

    it("sets the bot's picture from image data and removes it with null", async () => {
      const w = await env.t.seed.world();
      const set = await ok(await call(w.token, "PATCH", "/users/@me", { avatar: PNG }), "patch", "/users/@me");
      expect(set.avatar).toMatch(/^[0-9a-f]{32}$/);
      expect(set.avatar_url).toBe(`${env.t.server.ctx.urls.cdnUrl}/avatars/${w.botUserId}/${set.avatar}.png`);
      const removed = await ok(await call(w.token, "PATCH", "/users/@me", { avatar: null }), "patch", "/users/@me");
      expect(removed).toMatchObject({ avatar: null, avatar_url: null });
      expect(await env.t.server.ctx.database.prisma.picture.count({ where: { ownerId: w.botUserId } })).toBe(0);
    });

    it("refuses a name someone has (in any case) with USERNAME_ALREADY_TAKEN, and leaves everything unchanged", async () => {
      const w = await env.t.seed.world();
      const res = await call(w.token, "PATCH", "/users/@me", {
        username: env.world.owner.username.toUpperCase(),
        avatar: PNG,
      });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body).toMatchObject({
        code: 50035,
        errors: { username: { _errors: [{ code: "USERNAME_ALREADY_TAKEN" }] } },
      });
      const me = await (await call(w.token, "GET", "/users/@me")).json();
      expect(me).toMatchObject({ username: w.app.botUser.username, avatar: null });
    });

    it("refuses names of 1 or 33 characters, forbidden characters, and a picture that is not an image", async () => {
      const w = await env.t.seed.world();
      const cases: [unknown, string, string][] = [
        [{ username: "a" }, "username", "BASE_TYPE_MIN_LENGTH"],
        [{ username: "x".repeat(33) }, "username", "BASE_TYPE_MAX_LENGTH"],
        [{ username: "bad@name" }, "username", "BASE_TYPE_INVALID"],
        [{ username: 42 }, "username", "BASE_TYPE_INVALID"],
      ];
      // Two requests an hour: these use a second and third bot's allowance.
      const tokens = [w.token, w.token, (await env.t.seed.world()).token, (await env.t.seed.world()).token];
      for (const [i, [body, field, code]] of cases.entries()) {
        const res = await call(tokens[i] as string, "PATCH", "/users/@me", body);
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ code: 50035, errors: { [field]: { _errors: [{ code }] } } });
      }
      const notImage = await call((await env.t.seed.world()).token, "PATCH", "/users/@me", {
        avatar: "data:image/png;base64,aGVsbG8=",
      });
      expect(notImage.status).toBe(400);
      expect(await notImage.json()).toMatchObject({
        code: 50035,
        errors: { avatar: { _errors: [{ code: "IMAGE_INVALID" }] } },
      });
    });

    it("allows two changes an hour per bot: the third is 429 while another bot is unaffected", async () => {
      const w = await env.t.seed.world();
      expect((await call(w.token, "PATCH", "/users/@me", { username: `first_${w.botUserId}` })).status).toBe(200);
      expect((await call(w.token, "PATCH", "/users/@me", { username: `second_${w.botUserId}` })).status).toBe(200);
      const limited = await call(w.token, "PATCH", "/users/@me", { username: `third_${w.botUserId}` });
      expect(limited.status).toBe(429);
      expect(limited.headers.get("x-ratelimit-scope")).toBe("user");
      const retryAfter = Number(limited.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(3000);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      const body = await limited.json();
      expect(body).toMatchObject({ global: false, code: 0, message: expect.any(String) });
      expect(body.retry_after).toBeGreaterThan(3000);
      expect((await (await call(w.token, "GET", "/users/@me")).json()).username).toBe(`second_${w.botUserId}`);
      const other = await env.t.seed.world();
      expect((await call(other.token, "PATCH", "/users/@me", { username: `other_${other.botUserId}` })).status).toBe(
        200,
      );
    });
  });

  describe("GET /applications/@me", () => {
    it("answers the bot's application at both addresses", async () => {
      for (const template of ["/applications/@me", "/oauth2/applications/@me"]) {
        const app = await ok(await call(env.world.token, "GET", template), "get", template);
        expect(app).toMatchObject({
          id: env.world.app.application.id.toString(),
          name: env.world.app.application.name,
          bot_public: true,
          bot_require_code_grant: false,
          team: null,
          owner: { id: env.world.owner.id.toString() },
          bot: { id: env.world.botUserId.toString() },
        });
        expect(app.owner).not.toHaveProperty("email");
      }
    });

    it('says bot_public false once the portal\'s "Public bot" switch is off', async () => {
      const w = await env.t.seed.world();
      await env.t.server.ctx.domain.applicationSettings.setBotPublic(w.owner.id, w.app.application.id, false);
      expect(await ok(await call(w.token, "GET", "/applications/@me"), "get", "/applications/@me")).toMatchObject({
        bot_public: false,
      });
    });

    it("needs a bot token", async () => {
      const res = await fetch(`${env.t.base}/applications/@me`);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: "401: Unauthorized", code: 0 });
    });
  });
});
