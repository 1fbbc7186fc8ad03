import { AuditLogEvent, Permission } from "@chat/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../../support/gateway-client";
import { useTestServer } from "../../support/harness";
import { validateResponse } from "../../support/openapi";
import { fixtures } from "../../support/rest-fixtures";

type Wire = {
  id: string;
  content: string;
  flags: number;
  edited_timestamp: string | null;
  mentions: { id: string }[];
  embeds: unknown[];
  components: unknown[];
};

const GuildMessageTyping = 1 << 11;
const ONE = "/channels/{channel_id}/messages/{message_id}";

describe("editing, deleting, bulk deleting and typing over REST", () => {
  // Rate limits off: none of these tests is about them (rest-messages-limits.test.ts is), and
  // without them no test waits for a window to pass.
  const env = useTestServer({ server: { rateLimits: false } });
  let gateway: RawGatewayClient;
  let n = 0;
  const newChannel = async () => (await fixtures(env.t).channel(env.world.guild.id, { name: `edit-${++n}` })).id;
  const db = () => env.t.server.ctx.database.prisma;
  const botMessage = async (channel: bigint, content = "mine") => {
    const res = await env.bot.post(`/channels/${channel}/messages`, { content });
    expect(res.status).toBe(200);
    return (await res.json()) as Wire;
  };
  const personMessage = (channel: bigint, content = "theirs") =>
    fixtures(env.t).personMessage(channel, env.world.owner.id, content);
  const allowBot = (channel: bigint, allow: bigint) =>
    fixtures(env.t).overwrite(channel, env.world.botUserId, { allow }, 1);

  beforeAll(async () => {
    gateway = await RawGatewayClient.identified(
      env.t,
      env.world.token,
      Intents.Guilds | Intents.GuildMessages | GuildMessageTyping,
    );
  });
  afterAll(async () => {
    await gateway?.close();
  });

  describe("PATCH", () => {
    it("edits the bot's own message, sets edited_timestamp and sends MESSAGE_UPDATE", async () => {
      const channel = await newChannel();
      const sent = await botMessage(channel, "before");
      expect(sent.edited_timestamp).toBeNull();
      const components = [{ type: 1, components: [{ type: 2, style: 5, label: "Site", url: "https://example.com" }] }];
      const res = await env.bot.patch(`/channels/${channel}/messages/${sent.id}`, {
        content: "after",
        embeds: [{ title: "E" }],
        components,
        flags: 4,
      });
      expect(res.status).toBe(200);
      const edited = (await res.json()) as Wire;
      expect(validateResponse("patch", ONE, 200, edited)).toEqual([]);
      expect(edited).toMatchObject({ id: sent.id, content: "after", flags: 4, embeds: [{ title: "E", type: "rich" }] });
      expect(edited.components).toMatchObject(components);
      expect(edited.edited_timestamp).not.toBeNull();
      const event = await gateway.dispatch("MESSAGE_UPDATE", (d) => d.id === sent.id);
      expect(event.d).toMatchObject({
        content: "after",
        channel_id: channel.toString(),
        guild_id: env.world.guild.id.toString(),
        member: { roles: expect.any(Array) },
      });

      // Absent fields stay; flags only toggle SUPPRESS_EMBEDS.
      const again = (await (
        await env.bot.patch(`/channels/${channel}/messages/${sent.id}`, { flags: 4096 })
      ).json()) as Wire;
      expect(again).toMatchObject({ content: "after", flags: 0, embeds: [{ title: "E" }] });
    });

    it("recomputes mentions from the new content and allowed_mentions", async () => {
      const channel = await newChannel();
      const sent = await botMessage(channel, "nobody");
      const pinged = (await (
        await env.bot.patch(`/channels/${channel}/messages/${sent.id}`, { content: `hey <@${env.world.owner.id}>` })
      ).json()) as Wire;
      expect(pinged.mentions.map((u) => u.id)).toEqual([env.world.owner.id.toString()]);
      const quiet = (await (
        await env.bot.patch(`/channels/${channel}/messages/${sent.id}`, { allowed_mentions: { parse: [] } })
      ).json()) as Wire;
      expect(quiet.mentions).toEqual([]);
    });

    it("needs no Send Messages for one's own message, but refuses others' (50005), system messages (50021) and emptiness (50006)", async () => {
      const channel = await newChannel();
      const mine = await botMessage(channel);
      const theirs = await personMessage(channel);
      const system = await db().message.create({
        data: {
          channelId: channel,
          guildId: env.world.guild.id,
          authorId: env.world.botUserId,
          type: 18,
          content: "thread",
        },
      });
      await fixtures(env.t).overwrite(channel, env.world.botUserId, { deny: Permission.SendMessages }, 1);
      expect((await env.bot.patch(`/channels/${channel}/messages/${mine.id}`, { content: "still mine" })).status).toBe(
        200,
      );
      const others = await env.bot.patch(`/channels/${channel}/messages/${theirs.id}`, { content: "x" });
      expect(others.status).toBe(403);
      expect(await others.json()).toMatchObject({ code: 50005 });
      const sys = await env.bot.patch(`/channels/${channel}/messages/${system.id}`, { content: "x" });
      expect(sys.status).toBe(403);
      expect(await sys.json()).toMatchObject({ code: 50021 });
      const empty = await env.bot.patch(`/channels/${channel}/messages/${mine.id}`, { content: "" });
      expect(empty.status).toBe(400);
      expect(await empty.json()).toMatchObject({ code: 50006 });
    });

    it("answers unknown messages and hidden channels as unknown", async () => {
      const channel = await newChannel();
      const other = await newChannel();
      const mine = await botMessage(other);
      for (const path of [
        `/channels/${channel}/messages/99999999`,
        `/channels/${channel}/messages/${mine.id}`,
        `/channels/${channel}/messages/abc`,
      ]) {
        const res = await env.bot.patch(path, { content: "x" });
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject({ code: 10008 });
      }
      await fixtures(env.t).hideFromEveryone(other, env.world.guild.id);
      const hidden = await env.bot.patch(`/channels/${other}/messages/${mine.id}`, { content: "x" });
      expect(hidden.status).toBe(404);
      expect(await hidden.json()).toMatchObject({ code: 10003 });
    });
  });

  describe("DELETE", () => {
    it("deletes the bot's own message: 204, MESSAGE_DELETE, no audit entry", async () => {
      const channel = await newChannel();
      const mine = await botMessage(channel);
      const res = await env.bot.delete(`/channels/${channel}/messages/${mine.id}`);
      expect(res.status).toBe(204);
      expect(await res.text()).toBe("");
      const event = await gateway.dispatch("MESSAGE_DELETE", (d) => d.id === mine.id);
      expect(event.d).toEqual({ id: mine.id, channel_id: channel.toString(), guild_id: env.world.guild.id.toString() });
      expect((await env.bot.get(`/channels/${channel}/messages/${mine.id}`)).status).toBe(404);
      expect(
        await db().auditLogEntry.count({
          where: { guildId: env.world.guild.id, actionType: AuditLogEvent.MessageDelete },
        }),
      ).toBe(0);
    });

    it("deletes someone else's only with Manage Messages, recorded in the audit log", async () => {
      const channel = await newChannel();
      const theirs = await personMessage(channel);
      const refused = await env.bot.delete(`/channels/${channel}/messages/${theirs.id}`);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 50013 });
      await allowBot(channel, Permission.ManageMessages);
      const res = await env.bot.delete(`/channels/${channel}/messages/${theirs.id}`);
      expect(res.status).toBe(204);
      await gateway.dispatch("MESSAGE_DELETE", (d) => d.id === theirs.id);
      const entries = await db().auditLogEntry.findMany({
        where: { guildId: env.world.guild.id, actionType: AuditLogEvent.MessageDelete },
      });
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        userId: env.world.botUserId,
        targetId: env.world.owner.id,
        options: { channel_id: channel.toString() },
      });
      const again = await env.bot.delete(`/channels/${channel}/messages/${theirs.id}`);
      expect(again.status).toBe(404);
      expect(await again.json()).toMatchObject({ code: 10008 });
    });

    it("refuses system messages with 50021, even with Manage Messages", async () => {
      const channel = await newChannel();
      await allowBot(channel, Permission.ManageMessages);
      const system = await db().message.create({
        data: { channelId: channel, guildId: env.world.guild.id, authorId: env.world.owner.id, type: 18, content: "t" },
      });
      const res = await env.bot.delete(`/channels/${channel}/messages/${system.id}`);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 50021 });
    });
  });

  describe("bulk delete", () => {
    it("needs Manage Messages", async () => {
      const channel = await newChannel();
      const ids = [(await personMessage(channel)).id, (await personMessage(channel)).id];
      const res = await env.bot.post(`/channels/${channel}/messages/bulk-delete`, { messages: ids });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 50013 });
      expect(await db().message.count({ where: { channelId: channel } })).toBe(2);
    });

    it("takes 2–100 ids (else 50035)", async () => {
      const channel = await newChannel();
      await allowBot(channel, Permission.ManageMessages);
      for (const body of [
        {},
        { messages: ["1"] },
        { messages: Array.from({ length: 101 }, (_, i) => String(i + 1)) },
        { messages: ["1", "x"] },
      ]) {
        const res = await env.bot.post(`/channels/${channel}/messages/bulk-delete`, body);
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ code: 50035, errors: { messages: expect.anything() } });
      }
    });

    it("deletes messages of any age, skips ids not in the channel, one MESSAGE_DELETE each", async () => {
      const [channel, other] = [await newChannel(), await newChannel()];
      await allowBot(channel, Permission.ManageMessages);
      const old = await personMessage(channel, "old");
      await db().message.update({
        where: { id: BigInt(old.id) },
        data: { createdAt: new Date(Date.now() - 60 * 86_400_000) },
      });
      const recent = await botMessage(channel, "recent");
      const survivor = await personMessage(channel, "survivor");
      const elsewhere = await personMessage(other, "elsewhere");
      const res = await env.bot.post(`/channels/${channel}/messages/bulk-delete`, {
        messages: [old.id, recent.id, elsewhere.id, "99999999"],
      });
      expect(res.status).toBe(204);
      expect(await res.text()).toBe("");
      const frames = await gateway.until((f) => f.t === "MESSAGE_DELETE" && f.d.id === recent.id);
      const deletes = frames.filter((f) => f.t === "MESSAGE_DELETE").map((f) => f.d);
      expect(deletes).toEqual([
        { id: old.id, channel_id: channel.toString(), guild_id: env.world.guild.id.toString() },
        { id: recent.id, channel_id: channel.toString(), guild_id: env.world.guild.id.toString() },
      ]);
      const left = (await (await env.bot.get(`/channels/${channel}/messages`)).json()) as Wire[];
      expect(left.map((m) => m.id)).toEqual([survivor.id]);
      expect((await env.bot.get(`/channels/${other}/messages/${elsewhere.id}`)).status).toBe(200);
      const audit = await db().auditLogEntry.findFirst({
        where: { guildId: env.world.guild.id, actionType: AuditLogEvent.MessageBulkDelete, targetId: channel },
      });
      expect(audit).toMatchObject({ userId: env.world.botUserId, options: { count: "2" } });
    });
  });

  describe("typing", () => {
    it("needs Send Messages", async () => {
      const channel = await newChannel();
      await fixtures(env.t).overwrite(channel, env.world.botUserId, { deny: Permission.SendMessages }, 1);
      const res = await env.bot.post(`/channels/${channel}/typing`);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 50013 });
    });

    it("answers 204 and sends TYPING_START with the member", async () => {
      const channel = await newChannel();
      const before = Math.floor(Date.now() / 1000);
      const res = await env.bot.post(`/channels/${channel}/typing`);
      expect(res.status).toBe(204);
      expect(await res.text()).toBe("");
      const event = await gateway.dispatch("TYPING_START", (d) => d.channel_id === channel.toString());
      expect(event.d).toMatchObject({
        channel_id: channel.toString(),
        guild_id: env.world.guild.id.toString(),
        user_id: env.world.botUserId.toString(),
        member: { user: { id: env.world.botUserId.toString() }, roles: expect.any(Array) },
      });
      expect(event.d.timestamp).toBeGreaterThanOrEqual(before);
      expect(event.d.timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    });

    it("answers 50024 in a category", async () => {
      const category = (await fixtures(env.t).channel(env.world.guild.id, { name: "cat", type: 4 })).id;
      for (const [method, path] of [
        ["POST", `/channels/${category}/typing`],
        ["POST", `/channels/${category}/messages/bulk-delete`],
        ["DELETE", `/channels/${category}/messages/1`],
      ] as const) {
        const res = await env.bot.request(
          method,
          path,
          method === "POST" && path.endsWith("delete") ? { messages: ["1", "2"] } : undefined,
        );
        expect(res.status, path).toBe(400);
        expect(await res.json()).toMatchObject({ code: 50024 });
      }
    });
  });
});
