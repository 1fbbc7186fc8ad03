import { Permission } from "@chat/domain";
import { describe, expect, it } from "vitest";
import { decodePathSegments } from "../../../src/http/wire-format";
import { useOwnWorld, useTestServer } from "../../support/harness";
import { botClient, fixtures } from "../../support/rest-fixtures";

const BOT_PERMISSIONS =
  Permission.ViewChannel |
  Permission.SendMessages |
  Permission.ReadMessageHistory |
  Permission.AddReactions |
  Permission.CreatePublicThreads;

describe("path segments are percent-decoded before routing", () => {
  it("decodes the reserved characters decodeURI leaves encoded, in the path only", () => {
    expect(decodePathSegments("/api/v10/users/%40me")).toBe("/api/v10/users/@me");
    expect(decodePathSegments("/api/v10/webhooks/1/t/messages/%40original?wait=true&x=%40")).toBe(
      "/api/v10/webhooks/1/t/messages/@original?wait=true&x=%40",
    );
    expect(decodePathSegments("/r/name%3A12/%2c%2B%3b%3D%24%26")).toBe("/r/name:12/,+;=$&");
  });

  it("keeps %2F, %3F, %23 and %25 encoded so segments, query and fragment stay where they were", () => {
    expect(decodePathSegments("/a/b%2Fc/d%3Fe/f%23g/h%25i")).toBe("/a/b%2Fc/d%3Fe/f%23g/h%25i");
    expect(decodePathSegments("/plain/path?q=1")).toBe("/plain/path?q=1");
  });
});

/** One server for the file; each describe block has a world of its own (the second's rate limits are its own). */
const server = useTestServer({ world: BOT_PERMISSIONS });

describe("@me routes answer in both spellings", () => {
  const env = server;

  it.each(["@me", "%40me"])("GET /users/%s is the bot", async (me) => {
    const res = await env.bot.get(`/users/${me}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: env.world.botUserId.toString(), bot: true });
  });

  it.each(["@me", "%40me"])("GET /users/%s/guilds lists the bot's guilds", async (me) => {
    const res = await env.bot.get(`/users/${me}/guilds`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }[]).map((g) => g.id)).toEqual([env.world.guild.id.toString()]);
  });

  it.each(["/applications/@me", "/applications/%40me", "/oauth2/applications/@me", "/oauth2/applications/%40me"])(
    "GET %s is the bot's application",
    async (path) => {
      const res = await env.bot.get(path);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ id: env.world.app.application.id.toString() });
    },
  );

  it.each(["@me", "%40me"])("GET /guilds/{guild}/members/%s is the bot's member", async (me) => {
    const res = await env.bot.get(`/guilds/${env.world.guild.id}/members/${me}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { id: env.world.botUserId.toString() } });
  });

  it.each(["@me", "%40me"])("DELETE /users/%s/guilds/{guild} leaves the guild", async (me) => {
    const guild = await env.t.seed.guild(env.world.owner.id, `Leave ${me}`);
    await env.t.server.ctx.domain.members.addBot(env.world.owner.id, guild.id, env.world.app.application.id, 0n);
    expect((await env.bot.delete(`/users/${me}/guilds/${guild.id}`)).status).toBe(204);
    expect((await env.bot.get(`/guilds/${guild.id}`)).status).toBe(404);
  });

  it.each(["@me", "%40me"])("PATCH /users/%s changes the bot", async (me) => {
    const res = await env.bot.patch(`/users/${me}`, { username: `renamed_${me.length}` });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ username: `renamed_${me.length}` });
  });

  it.each(["@me", "%40me"])("POST /users/%s/channels opens a DM with a guild member", async (me) => {
    const res = await env.bot.post(`/users/${me}/channels`, { recipient_id: env.world.owner.id.toString() });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ type: 1 });
  });

  it.each(["@me", "%40me"])("PUT and DELETE /channels/{thread}/thread-members/%s join and leave", async (me) => {
    const created = await env.bot.post(`/channels/${env.world.text.id}/threads`, { name: `thread ${me}` });
    expect(created.status).toBe(201);
    const thread = (await created.json()) as { id: string };
    expect((await env.bot.delete(`/channels/${thread.id}/thread-members/${me}`)).status).toBe(204);
    expect((await env.bot.put(`/channels/${thread.id}/thread-members/${me}`)).status).toBe(204);
  });

  it.each(["@me", "%40me"])("PUT and DELETE a reaction's /%s, with the emoji percent-encoded", async (me) => {
    const message = await fixtures(env.t).personMessage(env.world.text.id, env.world.owner.id, `react ${me}`);
    const path = `/channels/${env.world.text.id}/messages/${message.id}/reactions/${encodeURIComponent("👍")}/${me}`;
    expect((await env.bot.put(path)).status).toBe(204);
    const users = await env.bot.get(
      `/channels/${env.world.text.id}/messages/${message.id}/reactions/${encodeURIComponent("👍")}`,
    );
    expect(((await users.json()) as { id: string }[]).map((u) => u.id)).toEqual([env.world.botUserId.toString()]);
    expect((await env.bot.delete(path)).status).toBe(204);
  });

  it("a guild emoji written name%3Aid reaches the reaction route", async () => {
    const emoji = await env.t.server.ctx.database.prisma.emoji.create({
      data: { guildId: env.world.guild.id, name: "party", animated: false, image: new Uint8Array([137, 80, 78, 71]) },
    });
    const channel = await fixtures(env.t).channel(env.world.guild.id, { name: "custom-emoji" });
    const message = await fixtures(env.t).personMessage(channel.id, env.world.owner.id, "custom");
    const res = await env.bot.put(`/channels/${channel.id}/messages/${message.id}/reactions/party%3A${emoji.id}/%40me`);
    expect(res.status).toBe(204);
  });

  it("a percent-encoded id is the same id", async () => {
    const encodedId = [...env.world.guild.id.toString()].map((d) => `%3${d}`).join("");
    const res = await env.bot.get(`/guilds/${encodedId}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: env.world.guild.id.toString() });
  });

  it("@me in a user-id slot that has no @me form stays an unknown user", async () => {
    const res = await env.bot.get("/users/%40you");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 10013 });
  });
});

describe("every JSON answer says exactly application/json", () => {
  const env = useOwnWorld(server, BOT_PERMISSIONS);
  const jsonType = (res: Response) => res.headers.get("content-type");

  it("a success body", async () => {
    expect(jsonType(await env.bot.get("/users/@me"))).toBe("application/json");
    expect(jsonType(await env.bot.get(`/guilds/${env.world.guild.id}/channels`))).toBe("application/json");
  });

  it("the gateway lookups, with and without a token", async () => {
    expect(jsonType(await fetch(`${env.t.base}/gateway`))).toBe("application/json");
    expect(jsonType(await env.bot.get("/gateway/bot"))).toBe("application/json");
  });

  it("a created resource (201)", async () => {
    const res = await env.bot.post(`/channels/${env.world.text.id}/messages`, { content: "typed" });
    expect(res.status).toBe(200);
    expect(jsonType(res)).toBe("application/json");
  });

  it("errors: unknown route, bad token, unknown resource, invalid form, invalid JSON", async () => {
    expect(jsonType(await env.bot.get("/no/such/route"))).toBe("application/json");
    expect(jsonType(await botClient(env.t, "bad.token.here").get("/users/@me"))).toBe("application/json");
    expect(jsonType(await env.bot.get("/channels/999999999"))).toBe("application/json");
    expect(jsonType(await env.bot.post(`/channels/${env.world.text.id}/messages`, { content: 5 }))).toBe(
      "application/json",
    );
    expect(jsonType(await env.bot.postRaw(`/channels/${env.world.text.id}/messages`, "{not json"))).toBe(
      "application/json",
    );
  });

  it("the OAuth2 token endpoint's answers", async () => {
    const res = await fetch(`${env.t.base}/oauth2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=authorization_code&client_id=1&client_secret=x&code=y&redirect_uri=http://localhost/",
    });
    expect(res.status).toBe(401);
    expect(jsonType(res)).toBe("application/json");
  });

  it("a 429", async () => {
    let res: Response | undefined;
    for (let i = 0; i < 6; i++) res = await env.bot.post(`/channels/${env.world.text.id}/typing`);
    expect(res?.status).toBe(429);
    expect(jsonType(res!)).toBe("application/json");
  });

  it("a 204 has no body and no content type", async () => {
    const message = await fixtures(env.t).personMessage(env.world.text.id, env.world.owner.id, "for a 204");
    const res = await env.bot.put(
      `/channels/${env.world.text.id}/messages/${message.id}/reactions/${encodeURIComponent("🎉")}/@me`,
    );
    expect(res.status).toBe(204);
    expect(jsonType(res)).toBeNull();
  });
});
