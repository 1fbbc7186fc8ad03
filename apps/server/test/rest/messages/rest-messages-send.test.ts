import { Permission } from "@chat/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";
import { validateResponse } from "../../support/openapi";
import { fixtures } from "../../support/rest-fixtures";

type Wire = {
  id: string;
  content: string;
  type: number;
  flags: number;
  tts: boolean;
  nonce?: unknown;
  mention_everyone: boolean;
  mentions: { id: string }[];
  mention_roles: string[];
  embeds: Record<string, unknown>[];
  components: unknown[];
  message_reference?: { message_id: string };
};

const POST = "/channels/{channel_id}/messages";

describe("sending messages over REST", () => {
  const env = useTestServer();
  let n = 0;
  const newChannel = async () => (await fixtures(env.t).channel(env.world.guild.id, { name: `send-${++n}` })).id;
  const send = async (channel: bigint, body: unknown) => {
    const res = await env.bot.post(`/channels/${channel}/messages`, body);
    const json = await res.json();
    if (res.status === 200) expect(validateResponse("post", POST, 200, json)).toEqual([]);
    return { status: res.status, body: json as Wire & { code?: number; errors?: unknown } };
  };
  const db = () => env.t.server.ctx.database.prisma;

  describe("permissions", () => {
    it("needs Send Messages: a member overwrite denying it answers 50013, allowing it sends", async () => {
      const channel = await newChannel();
      await fixtures(env.t).overwrite(channel, env.world.botUserId, { deny: Permission.SendMessages }, 1);
      expect(await send(channel, { content: "no" })).toMatchObject({ status: 403, body: { code: 50013 } });
      await fixtures(env.t).overwrite(channel, env.world.botUserId, { allow: Permission.SendMessages }, 1);
      expect(await send(channel, { content: "yes" })).toMatchObject({ status: 200, body: { content: "yes" } });
    });

    it("answers a hidden channel and an unknown one as Unknown Channel", async () => {
      const hidden = await newChannel();
      await fixtures(env.t).hideFromEveryone(hidden, env.world.guild.id);
      expect(await send(hidden, { content: "x" })).toMatchObject({ status: 404, body: { code: 10003 } });
      expect(await send(99999999n, { content: "x" })).toMatchObject({ status: 404, body: { code: 10003 } });
      const bad = await env.bot.post("/channels/abc/messages", { content: "x" });
      expect(bad.status).toBe(404);
      expect(await bad.json()).toMatchObject({ code: 10003 });
    });
  });

  describe("the channel moved on", () => {
    it("sets the channel's last message, count and activity, and never moves them back: a newer send that reached the row first stays", async () => {
      const channel = await newChannel();
      const sent = await send(channel, { content: "first" });
      const row = () => db().channel.findUniqueOrThrow({ where: { id: channel } });
      expect((await row()).lastMessageId).toBe(BigInt(sent.body.id));
      // As if a send with a newer id had committed its channel update before this one.
      const newer = BigInt(sent.body.id) + 1_000_000n;
      const later = new Date(Date.now() + 60_000);
      await db().channel.update({ where: { id: channel }, data: { lastMessageId: newer, lastActivityAt: later } });
      const before = (await row()).messageCount;
      expect((await send(channel, { content: "older id, later to the row" })).status).toBe(200);
      expect(await row()).toMatchObject({ lastMessageId: newer, lastActivityAt: later, messageCount: before + 1 });
    });
  });

  describe("what a message holds", () => {
    it("refuses a message with nothing in it (50006), also whitespace only", async () => {
      const channel = await newChannel();
      for (const body of [{}, { content: "" }, { content: "   " }, { embeds: [], components: [] }]) {
        expect(await send(channel, body)).toMatchObject({ status: 400, body: { code: 50006 } });
      }
    });

    it("sends an embed alone, with the answer's defaults", async () => {
      const channel = await newChannel();
      const { status, body } = await send(channel, {
        embeds: [{ title: "T", description: "D", fields: [{ name: "a", value: "b" }] }],
      });
      expect(status).toBe(200);
      expect(body.content).toBe("");
      expect(body.embeds).toEqual([
        { type: "rich", title: "T", description: "D", fields: [{ name: "a", value: "b", inline: false }] },
      ]);
    });

    it("a bot's own message names no application_id (only interaction replies and application webhooks do)", async () => {
      const channel = await newChannel();
      const { status, body } = await send(channel, { content: "plain" });
      expect(status).toBe(200);
      expect(body).not.toHaveProperty("application_id");
    });

    it("stores and returns components, also as the whole message", async () => {
      const channel = await newChannel();
      const components = [{ type: 1, components: [{ type: 2, style: 1, label: "Press", custom_id: "press" }] }];
      const { status, body } = await send(channel, { components });
      expect(status).toBe(200);
      // Returned as sent, numbered as the reference platform numbers them.
      const numbered = [
        { type: 1, id: 1, components: [{ type: 2, id: 2, style: 1, label: "Press", custom_id: "press" }] },
      ];
      expect(body.components).toEqual(numbered);
      const stored = (await (await env.bot.get(`/channels/${channel}/messages/${body.id}`)).json()) as Wire;
      expect(stored.components).toEqual(numbered);
    });

    it("checks embed limits with 50035 naming the field", async () => {
      const channel = await newChannel();
      const long = await send(channel, { embeds: [{ title: "x".repeat(257) }] });
      expect(long).toMatchObject({
        status: 400,
        body: { code: 50035, errors: { embeds: { 0: { title: { _errors: [expect.anything()] } } } } },
      });
      const many = await send(channel, { embeds: Array.from({ length: 11 }, () => ({ title: "t" })) });
      expect(many).toMatchObject({ status: 400, body: { code: 50035, errors: { embeds: expect.anything() } } });
      const total = await send(channel, {
        embeds: [{ description: "x".repeat(4000) }, { description: "y".repeat(2001) }],
      });
      expect(total).toMatchObject({ status: 400, body: { code: 50035 } });
    });

    it("keeps only SUPPRESS_EMBEDS and SUPPRESS_NOTIFICATIONS of flags", async () => {
      const channel = await newChannel();
      const { body } = await send(channel, { content: "f", flags: 4 | 4096 | 64 | 2 });
      expect(body.flags).toBe(4 | 4096);
      const { body: plain } = await send(channel, { content: "g", flags: 64 });
      expect(plain.flags).toBe(0);
    });

    it("accepts and ignores tts, sticker_ids, poll and enforce_nonce", async () => {
      const channel = await newChannel();
      const { status, body } = await send(channel, {
        content: "ignored extras",
        tts: true,
        sticker_ids: ["1"],
        poll: { question: { text: "?" }, answers: [] },
        enforce_nonce: true,
        nonce: "n-1",
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({ content: "ignored extras", tts: false, nonce: "n-1" });
      expect(body).not.toHaveProperty("poll");
      expect(body).not.toHaveProperty("sticker_items");
    });

    it("refuses forwarding (message_reference type 1) with 50035", async () => {
      const channel = await newChannel();
      const original = await fixtures(env.t).personMessage(channel, env.world.owner.id, "fwd me");
      const res = await send(channel, {
        message_reference: { type: 1, message_id: original.id, channel_id: channel.toString() },
      });
      expect(res).toMatchObject({
        status: 400,
        body: { code: 50035, errors: { message_reference: { type: expect.anything() } } },
      });
    });

    it("sends a reply in the same channel only: a message of another channel counts as missing", async () => {
      const [here, there] = [await newChannel(), await newChannel()];
      const elsewhere = await fixtures(env.t).personMessage(there, env.world.owner.id, "elsewhere");
      const refused = await send(here, { content: "re", message_reference: { message_id: elsewhere.id } });
      expect(refused).toMatchObject({ status: 400, body: { code: 50035 } });
      const loose = await send(here, {
        content: "re",
        message_reference: { message_id: elsewhere.id, fail_if_not_exists: false },
      });
      expect(loose.status).toBe(200);
      expect(loose.body).not.toHaveProperty("message_reference");
      const original = await fixtures(env.t).personMessage(here, env.world.owner.id, "here");
      const reply = await send(here, { content: "re", message_reference: { message_id: original.id } });
      expect(reply.body).toMatchObject({ type: 19, message_reference: { message_id: original.id } });
    });
  });

  describe("mentions", () => {
    let person: { id: bigint };
    let stranger: { id: bigint };
    let mentionable: { id: bigint };
    let quiet: { id: bigint };
    let other: bigint;

    beforeAll(async () => {
      other = await newChannel();
      person = await env.t.seed.person();
      stranger = await env.t.seed.person();
      await env.t.server.ctx.domain.members.addPerson(env.world.guild.id, person.id);
      mentionable = await db().role.create({
        data: { guildId: env.world.guild.id, name: "pingable", mentionable: true, position: 1 },
      });
      quiet = await db().role.create({
        data: { guildId: env.world.guild.id, name: "quiet", mentionable: false, position: 1 },
      });
    });

    const text = () =>
      `hi <@${person.id}> <@!${env.world.owner.id}> <@${stranger.id}> <@&${mentionable.id}> <@&${quiet.id}> <#${other}> @everyone`;

    it("mentions members and mentionable roles by default; strangers, unmentionable roles and @everyone need more", async () => {
      const channel = await newChannel();
      const { body } = await send(channel, { content: text() });
      expect(body.mentions.map((u) => u.id).sort()).toEqual(
        [person.id.toString(), env.world.owner.id.toString()].sort(),
      );
      expect(body.mention_roles).toEqual([mentionable.id.toString()]);
      expect(body.mention_everyone).toBe(false);
      const stored = await db().message.findUniqueOrThrow({ where: { id: BigInt(body.id) } });
      expect(stored.mentionChannelIds).toEqual([other]);
    });

    it("with Mention Everyone: @everyone / @here and any role are mentioned", async () => {
      const allowed = await newChannel();
      await fixtures(env.t).overwrite(allowed, env.world.botUserId, { allow: Permission.MentionEveryone }, 1);
      const { body } = await send(allowed, { content: text() });
      expect(body.mention_everyone).toBe(true);
      expect(body.mention_roles.sort()).toEqual([mentionable.id.toString(), quiet.id.toString()].sort());
      const here = await send(allowed, { content: "@here look" });
      expect(here.body.mention_everyone).toBe(true);
      const filtered = await send(allowed, { content: "@everyone", allowed_mentions: { parse: ["users"] } });
      expect(filtered.body.mention_everyone).toBe(false);
    });

    it("mentions only what allowed_mentions allows", async () => {
      const channel = await newChannel();
      const none = await send(channel, { content: text(), allowed_mentions: { parse: [] } });
      expect(none.body).toMatchObject({ mentions: [], mention_roles: [], mention_everyone: false });
      const users = await send(channel, { content: text(), allowed_mentions: { parse: ["users"] } });
      expect(users.body.mentions).toHaveLength(2);
      expect(users.body.mention_roles).toEqual([]);
      const listed = await send(channel, {
        content: text(),
        allowed_mentions: { users: [person.id.toString()], roles: [mentionable.id.toString()] },
      });
      expect(listed.body.mentions.map((u) => u.id)).toEqual([person.id.toString()]);
      expect(listed.body.mention_roles).toEqual([mentionable.id.toString()]);
      // A listed user not written in the content is not mentioned.
      const absent = await send(channel, {
        content: "nobody here",
        allowed_mentions: { users: [person.id.toString()] },
      });
      expect(absent.body.mentions).toEqual([]);
    });

    it("refuses parse together with an explicit list of the same kind (50035)", async () => {
      const channel = await newChannel();
      for (const allowed of [
        { parse: ["users"], users: [person.id.toString()] },
        { parse: ["roles"], roles: [mentionable.id.toString()] },
      ]) {
        const res = await send(channel, { content: "x", allowed_mentions: allowed });
        expect(res).toMatchObject({
          status: 400,
          body: {
            code: 50035,
            errors: { allowed_mentions: { _errors: [{ code: "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE" }] } },
          },
        });
      }
    });

    it("pings the replied-to author unless allowed_mentions leaves replied_user out", async () => {
      const channel = await newChannel();
      const original = await fixtures(env.t).personMessage(channel, person.id, "ask");
      const pinged = await send(channel, { content: "re", message_reference: { message_id: original.id } });
      expect(pinged.body.mentions.map((u) => u.id)).toEqual([person.id.toString()]);
      const silent = await send(channel, {
        content: "re",
        message_reference: { message_id: original.id },
        allowed_mentions: { parse: ["users"] },
      });
      expect(silent.body.mentions).toEqual([]);
      const explicit = await send(channel, {
        content: "re",
        message_reference: { message_id: original.id },
        allowed_mentions: { parse: [], replied_user: true },
      });
      expect(explicit.body.mentions.map((u) => u.id)).toEqual([person.id.toString()]);
    });
  });

  describe("listing queries", () => {
    it("refuses limit outside 1–100 and malformed before/after/around with 50035", async () => {
      const channel = await newChannel();
      for (const query of ["limit=0", "limit=101", "limit=abc", "before=x", "after=-1", "around=1.5"]) {
        const res = await env.bot.get(`/channels/${channel}/messages?${query}`);
        expect(res.status, query).toBe(400);
        const body = (await res.json()) as { code: number; errors: Record<string, unknown> };
        expect(body.code).toBe(50035);
        expect(Object.keys(body.errors)).toEqual([query.split("=")[0]]);
      }
      const ok = await env.bot.get(`/channels/${channel}/messages?limit=100`);
      expect(ok.status).toBe(200);
      expect(validateResponse("get", POST, 200, await ok.json())).toEqual([]);
    });

    it("lists and gets with View Channel only; a hidden channel is Unknown Channel", async () => {
      const channel = await newChannel();
      const sent = await fixtures(env.t).personMessage(channel, env.world.owner.id, "readable");
      await fixtures(env.t).overwrite(channel, env.world.botUserId, { deny: Permission.SendMessages }, 1);
      const one = await env.bot.get(`/channels/${channel}/messages/${sent.id}`);
      expect(one.status).toBe(200);
      expect(validateResponse("get", "/channels/{channel_id}/messages/{message_id}", 200, await one.json())).toEqual(
        [],
      );
      const unknown = await env.bot.get(`/channels/${channel}/messages/99999999`);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ code: 10008 });
      await fixtures(env.t).hideFromEveryone(channel, env.world.guild.id);
      await fixtures(env.t).overwrite(channel, env.world.botUserId, { deny: Permission.ViewChannel }, 1);
      const hidden = await env.bot.get(`/channels/${channel}/messages`);
      expect(hidden.status).toBe(404);
      expect(await hidden.json()).toMatchObject({ code: 10003 });
    });
  });
});
