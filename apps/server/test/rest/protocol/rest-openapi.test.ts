import { beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";
import { validateResponse } from "../../support/openapi";
import { fixtures } from "../../support/rest-fixtures";

/**
 * Every success body of the foundation routes validates against the reference platform's
 * OpenAPI description. Differences the spec mandates, and why they still validate:
 * - ids are small decimal strings (rule 1): the snowflake pattern ^(0|[1-9][0-9]*)$ accepts them;
 * - no e-mail anywhere (rule 2): `email` is optional in UserPIIResponse and asserted absent;
 * - the user object's extra `avatar_url` (spec: User) is allowed, the schemas are open.
 */
describe("OpenAPI conformance of the foundation routes", () => {
  const env = useTestServer();
  async function conforming(method: "get" | "post", template: string, res: Response) {
    expect(res.status, `${method.toUpperCase()} ${template}`).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const body = await res.json();
    expect(validateResponse(method, template, 200, body)).toEqual([]);
    return body;
  }

  beforeAll(async () => {
    const f = fixtures(env.t);
    const category = await f.channel(env.world.guild.id, { name: "Info", type: 4, position: 0 });
    await f.channel(env.world.guild.id, { name: "rules", parentId: category.id });
    await f.personMessage(env.world.text.id, env.world.owner.id, `hello <@${env.world.botUserId}>`);
  });

  it("GET /gateway and /gateway/bot", async () => {
    await conforming("get", "/gateway", await fetch(`${env.t.base}/gateway`));
    await conforming("get", "/gateway/bot", await env.bot.get("/gateway/bot"));
  });

  it("GET /users/@me has no e-mail (spec rule 2)", async () => {
    const me = await conforming("get", "/users/@me", await env.bot.get("/users/@me"));
    expect(me).not.toHaveProperty("email");
    expect(me).toMatchObject({ id: env.world.botUserId.toString(), bot: true });
  });

  it("GET /users/{user_id}", async () => {
    await conforming("get", "/users/{user_id}", await env.bot.get(`/users/${env.world.owner.id}`));
  });

  it("GET /users/@me/guilds", async () => {
    const guilds = await conforming("get", "/users/@me/guilds", await env.bot.get("/users/@me/guilds"));
    expect(guilds).toHaveLength(1);
  });

  it("GET /applications/@me and /oauth2/applications/@me", async () => {
    for (const [template, path] of [
      ["/applications/@me", "/applications/@me"],
      ["/oauth2/applications/@me", "/oauth2/applications/@me"],
    ] as const) {
      const app = await conforming("get", template, await env.bot.get(path));
      expect(app).toMatchObject({
        id: env.world.app.application.id.toString(),
        bot: { id: env.world.botUserId.toString() },
        owner: { id: env.world.owner.id.toString() },
      });
    }
  });

  it("GET /guilds/{guild_id}, with and without counts", async () => {
    await conforming("get", "/guilds/{guild_id}", await env.bot.get(`/guilds/${env.world.guild.id}`));
    const counted = await conforming(
      "get",
      "/guilds/{guild_id}",
      await env.bot.get(`/guilds/${env.world.guild.id}?with_counts=true`),
    );
    expect(counted).toMatchObject({ approximate_member_count: 2, approximate_presence_count: expect.any(Number) });
  });

  it("GET /guilds/{guild_id}/channels and GET /channels/{channel_id} for text, voice and category", async () => {
    const channels = await conforming(
      "get",
      "/guilds/{guild_id}/channels",
      await env.bot.get(`/guilds/${env.world.guild.id}/channels`),
    );
    expect(new Set(channels.map((c: { type: number }) => c.type))).toEqual(new Set([0, 2, 4]));
    for (const channel of channels)
      await conforming("get", "/channels/{channel_id}", await env.bot.get(`/channels/${channel.id}`));
  });

  it("GET /channels/{channel_id} for a thread and a DM channel", async () => {
    const db = env.t.server.ctx.database.prisma;
    const thread = await db.channel.create({
      data: {
        guildId: env.world.guild.id,
        type: 11,
        name: "a thread",
        parentId: env.world.text.id,
        ownerId: env.world.owner.id,
      },
    });
    await conforming("get", "/channels/{channel_id}", await env.bot.get(`/channels/${thread.id}`));
    const dm = await db.channel.create({
      data: { type: 1, recipients: { create: [{ userId: env.world.botUserId }, { userId: env.world.owner.id }] } },
    });
    const wire = await conforming("get", "/channels/{channel_id}", await env.bot.get(`/channels/${dm.id}`));
    expect(wire.recipients.map((u: { id: string }) => u.id)).toEqual([env.world.owner.id.toString()]);
  });

  it("POST /channels/{channel_id}/messages: plain, with a nonce, with an embed, and a reply", async () => {
    const path = `/channels/${env.world.text.id}/messages`;
    const plain = await conforming(
      "post",
      "/channels/{channel_id}/messages",
      await env.bot.post(path, { content: "plain", nonce: "n-1" }),
    );
    expect(plain.nonce).toBe("n-1");
    const embed = {
      title: "Title",
      description: "Text",
      color: 0x5865f2,
      fields: [{ name: "a", value: "b" }],
      footer: { text: "f" },
    };
    await conforming(
      "post",
      "/channels/{channel_id}/messages",
      await env.bot.post(path, { embeds: [embed], nonce: 42 }),
    );
    const reply = await conforming(
      "post",
      "/channels/{channel_id}/messages",
      await env.bot.post(path, { content: "re", message_reference: { message_id: plain.id } }),
    );
    expect(reply.referenced_message).toMatchObject({ id: plain.id });
  });

  it("GET /channels/{channel_id}/messages and /channels/{channel_id}/messages/{message_id}", async () => {
    const list = await conforming(
      "get",
      "/channels/{channel_id}/messages",
      await env.bot.get(`/channels/${env.world.text.id}/messages`),
    );
    expect(list.length).toBeGreaterThan(0);
    for (const message of list) {
      await conforming(
        "get",
        "/channels/{channel_id}/messages/{message_id}",
        await env.bot.get(`/channels/${env.world.text.id}/messages/${message.id}`),
      );
    }
  });
});
