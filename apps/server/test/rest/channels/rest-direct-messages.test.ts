import { Permission } from "@chat/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../../support/gateway-client";
import { useTestServer } from "../../support/harness";
import { validateResponse } from "../../support/openapi";
import { botClient } from "../../support/rest-fixtures";

describe("direct messages: POST /users/@me/channels and the DM channel", () => {
  const env = useTestServer();
  const open = (recipient: unknown, client = env.bot) =>
    client.post("/users/@me/channels", { recipient_id: recipient });

  it("opens a DM with a person sharing a guild, and finds the same one again", async () => {
    const res = await open(env.world.owner.id.toString());
    expect(res.status).toBe(200);
    const dm = await res.json();
    expect(validateResponse("post", "/users/@me/channels", 200, dm)).toEqual([]);
    expect(dm).toMatchObject({
      type: 1,
      recipients: [{ id: env.world.owner.id.toString(), username: env.world.owner.username, bot: false }],
    });
    expect(dm).not.toHaveProperty("guild_id");
    const again = await (await open(Number(env.world.owner.id))).json();
    expect(again.id).toBe(dm.id);
    const rows = await env.t.server.ctx.database.prisma.dmRecipient.findMany({
      where: { channelId: BigInt(dm.id) },
      orderBy: { userId: "asc" },
    });
    expect(rows.map((r) => r.userId).sort()).toEqual([env.world.owner.id, env.world.botUserId].sort());
  });

  it("opens one channel when asked twice at once", async () => {
    const person = await env.t.seed.person();
    await env.t.server.ctx.domain.members.addPerson(env.world.guild.id, person.id);
    const answers = await Promise.all([
      open(person.id.toString()),
      open(person.id.toString()),
      open(person.id.toString()),
    ]);
    const ids = await Promise.all(answers.map(async (r) => (await r.json()).id));
    expect(new Set(ids).size).toBe(1);
    expect(await env.t.server.ctx.database.prisma.dmRecipient.count({ where: { userId: person.id } })).toBe(1);
  });

  it("answers 50007 for someone sharing no guild, nobody, a bot, and the bot itself", async () => {
    const stranger = await env.t.seed.person();
    const otherBot = await env.t.seed.bot(env.world, Permission.ViewChannel);
    for (const id of [stranger.id, 424242424n, otherBot.botUser.id, env.world.botUserId]) {
      const res = await open(id.toString());
      expect(res.status, id.toString()).toBe(403);
      expect(await res.json()).toEqual({ message: "Cannot send messages to this user", code: 50007 });
    }
    expect(await env.t.server.ctx.database.prisma.dmRecipient.count({ where: { userId: stranger.id } })).toBe(0);
  });

  it("refuses a missing or malformed recipient_id with 50035", async () => {
    for (const body of [{}, { recipient_id: "abc" }, { recipient_id: null }]) {
      const res = await env.bot.post("/users/@me/channels", body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: 50035,
        errors: { recipient_id: { _errors: [expect.objectContaining({ code: expect.any(String) })] } },
      });
    }
  });

  describe("in the DM channel", () => {
    let dmId: string;
    beforeAll(async () => {
      dmId = (await (await open(env.world.owner.id.toString())).json()).id;
    });

    it("lets the bot GET the channel; a third bot gets Unknown Channel", async () => {
      const res = await env.bot.get(`/channels/${dmId}`);
      expect(res.status).toBe(200);
      const channel = await res.json();
      expect(validateResponse("get", "/channels/{channel_id}", 200, channel)).toEqual([]);
      expect(channel).toMatchObject({ id: dmId, type: 1, recipients: [{ id: env.world.owner.id.toString() }] });
      const third = await env.t.seed.world();
      const hidden = await botClient(env.t, third.token).get(`/channels/${dmId}`);
      expect(hidden.status).toBe(404);
      expect(await hidden.json()).toEqual({ message: "Unknown Channel", code: 10003 });
    });

    it("lets the bot send a message, delivered to its Direct Messages session, and read it back", async () => {
      const client = await RawGatewayClient.identified(env.t, env.world.token, Intents.DirectMessages);
      const sent = await env.bot.post(`/channels/${dmId}/messages`, { content: "hello in private" });
      expect(sent.status).toBe(200);
      const message = await sent.json();
      expect(message).toMatchObject({
        channel_id: dmId,
        content: "hello in private",
        author: { id: env.world.botUserId.toString() },
      });
      expect(message).not.toHaveProperty("guild_id");
      expect((await client.dispatch("MESSAGE_CREATE", (d) => d.id === message.id)).d.channel_id).toBe(dmId);
      const list = await (await env.bot.get(`/channels/${dmId}/messages`)).json();
      expect(list.map((m: { id: string }) => m.id)).toContain(message.id);
      await client.close();
    });

    it("answers 50003 to an invite in the DM", async () => {
      const res = await env.bot.post(`/channels/${dmId}/invites`, { max_age: 0 });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: "Cannot execute action on a DM channel", code: 50003 });
    });
  });
});
