import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness";
import { validateResponse } from "./openapi";
import { botClient, fixtures, type World } from "./rest-fixtures";

/**
 * Every success body of the foundation routes validates against the reference platform's
 * OpenAPI description. Differences the spec mandates, and why they still validate:
 * - ids are small decimal strings (rule 1): the snowflake pattern ^(0|[1-9][0-9]*)$ accepts them;
 * - no e-mail anywhere (rule 2): `email` is optional in UserPIIResponse and asserted absent;
 * - the user object's extra `avatar_url` (spec: User) is allowed, the schemas are open.
 */
describe("OpenAPI conformance of the foundation routes", () => {
  let t: TestServer;
  let world: World;
  let bot: ReturnType<typeof botClient>;

  async function conforming(method: "get" | "post", template: string, res: Response) {
    expect(res.status, `${method.toUpperCase()} ${template}`).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const body = await res.json();
    expect(validateResponse(method, template, 200, body)).toEqual([]);
    return body;
  }

  beforeAll(async () => {
    t = await startTestServer();
    world = await t.seed.world();
    bot = botClient(t, world.token);
    const f = fixtures(t);
    const category = await f.channel(world.guild.id, { name: "Info", type: 4, position: 0 });
    await f.channel(world.guild.id, { name: "rules", parentId: category.id });
    await f.personMessage(world.text.id, world.owner.id, `hello <@${world.botUserId}>`);
  });
  afterAll(() => t?.close());

  it("GET /gateway and /gateway/bot", async () => {
    await conforming("get", "/gateway", await fetch(`${t.base}/gateway`));
    await conforming("get", "/gateway/bot", await bot.get("/gateway/bot"));
  });

  it("GET /users/@me has no e-mail (spec rule 2)", async () => {
    const me = await conforming("get", "/users/@me", await bot.get("/users/@me"));
    expect(me).not.toHaveProperty("email");
    expect(me).toMatchObject({ id: world.botUserId.toString(), bot: true });
  });

  it("GET /users/{user_id}", async () => {
    await conforming("get", "/users/{user_id}", await bot.get(`/users/${world.owner.id}`));
  });

  it("GET /users/@me/guilds", async () => {
    const guilds = await conforming("get", "/users/@me/guilds", await bot.get("/users/@me/guilds"));
    expect(guilds).toHaveLength(1);
  });

  it("GET /applications/@me and /oauth2/applications/@me", async () => {
    for (const [template, path] of [["/applications/@me", "/applications/@me"], ["/oauth2/applications/@me", "/oauth2/applications/@me"]] as const) {
      const app = await conforming("get", template, await bot.get(path));
      expect(app).toMatchObject({ id: world.app.application.id.toString(), bot: { id: world.botUserId.toString() }, owner: { id: world.owner.id.toString() } });
    }
  });

  it("GET /guilds/{guild_id}, with and without counts", async () => {
    await conforming("get", "/guilds/{guild_id}", await bot.get(`/guilds/${world.guild.id}`));
    const counted = await conforming("get", "/guilds/{guild_id}", await bot.get(`/guilds/${world.guild.id}?with_counts=true`));
    expect(counted).toMatchObject({ approximate_member_count: 2, approximate_presence_count: expect.any(Number) });
  });

  it("GET /guilds/{guild_id}/channels and GET /channels/{channel_id} for text, voice and category", async () => {
    const channels = await conforming("get", "/guilds/{guild_id}/channels", await bot.get(`/guilds/${world.guild.id}/channels`));
    expect(new Set(channels.map((c: { type: number }) => c.type))).toEqual(new Set([0, 2, 4]));
    for (const channel of channels) await conforming("get", "/channels/{channel_id}", await bot.get(`/channels/${channel.id}`));
  });

  it("GET /channels/{channel_id} for a thread and a DM channel", async () => {
    const db = t.server.ctx.database.prisma;
    const thread = await db.channel.create({ data: { guildId: world.guild.id, type: 11, name: "a thread", parentId: world.text.id, ownerId: world.owner.id } });
    await conforming("get", "/channels/{channel_id}", await bot.get(`/channels/${thread.id}`));
    const dm = await db.channel.create({ data: { type: 1, recipients: { create: [{ userId: world.botUserId }, { userId: world.owner.id }] } } });
    const wire = await conforming("get", "/channels/{channel_id}", await bot.get(`/channels/${dm.id}`));
    expect(wire.recipients.map((u: { id: string }) => u.id)).toEqual([world.owner.id.toString()]);
  });

  it("POST /channels/{channel_id}/messages: plain, with a nonce, with an embed, and a reply", async () => {
    const path = `/channels/${world.text.id}/messages`;
    const plain = await conforming("post", "/channels/{channel_id}/messages", await bot.post(path, { content: "plain", nonce: "n-1" }));
    expect(plain.nonce).toBe("n-1");
    const embed = { title: "Title", description: "Text", color: 0x5865f2, fields: [{ name: "a", value: "b" }], footer: { text: "f" } };
    await conforming("post", "/channels/{channel_id}/messages", await bot.post(path, { embeds: [embed], nonce: 42 }));
    const reply = await conforming("post", "/channels/{channel_id}/messages", await bot.post(path, { content: "re", message_reference: { message_id: plain.id } }));
    expect(reply.referenced_message).toMatchObject({ id: plain.id });
  });

  it("GET /channels/{channel_id}/messages and /channels/{channel_id}/messages/{message_id}", async () => {
    const list = await conforming("get", "/channels/{channel_id}/messages", await bot.get(`/channels/${world.text.id}/messages`));
    expect(list.length).toBeGreaterThan(0);
    for (const message of list) {
      await conforming("get", "/channels/{channel_id}/messages/{message_id}", await bot.get(`/channels/${world.text.id}/messages/${message.id}`));
    }
  });
});
