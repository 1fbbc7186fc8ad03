import { Client, type Message, type TextChannel } from "discord.js";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";
import { fixtures } from "../../support/rest-fixtures";

type WireMessage = {
  id: string;
  content: string;
  type: number;
  nonce?: unknown;
  mentions: { id: string }[];
  message_reference?: { message_id: string };
};

describe("messages over REST", () => {
  const env = useTestServer();
  let n = 0;
  const newChannel = async (type: 0 | 4 = 0) =>
    (await fixtures(env.t).channel(env.world.guild.id, { name: `messages-${++n}`, type })).id;

  describe("listing", () => {
    let channel: bigint;
    let ids: string[]; // oldest first
    const page = async (query: string) =>
      ((await (await env.bot.get(`/channels/${channel}/messages${query}`)).json()) as WireMessage[]).map((m) => m.id);

    beforeAll(async () => {
      channel = await newChannel();
      ids = [];
      // Written through the domain (as the web app does), so the send limit does not pace the set-up.
      for (let i = 0; i < 60; i++)
        ids.push((await fixtures(env.t).personMessage(channel, env.world.owner.id, `m${i}`)).id);
    });

    it("answers newest first, 50 by default", async () => {
      expect(await page("")).toEqual(ids.slice(-50).reverse());
    });

    it("honours limit, before and after", async () => {
      expect(await page("?limit=3")).toEqual(ids.slice(-3).reverse());
      expect(await page(`?limit=2&before=${ids[10]}`)).toEqual([ids[9], ids[8]]);
      expect(await page(`?limit=2&after=${ids[10]}`)).toEqual([ids[12], ids[11]]);
      expect(await page(`?after=${ids[57]}`)).toEqual([ids[59], ids[58]]);
    });

    it("answers the messages around one, the one itself included", async () => {
      expect(await page(`?limit=4&around=${ids[30]}`)).toEqual([ids[31], ids[30], ids[29], ids[28]]);
    });

    it("answers one message by id", async () => {
      const res = await env.bot.get(`/channels/${channel}/messages/${ids[5]}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ id: ids[5], content: "m5", channel_id: channel.toString() });
    });
  });

  describe("sending", () => {
    it("returns the message with the nonce unchanged, string or integer", async () => {
      const channel = await newChannel();
      const a = (await (
        await env.bot.post(`/channels/${channel}/messages`, { content: "one", nonce: "abc-123" })
      ).json()) as WireMessage;
      expect(a).toMatchObject({ content: "one", nonce: "abc-123", type: 0 });
      const b = (await (
        await env.bot.post(`/channels/${channel}/messages`, { content: "two", nonce: 987654321 })
      ).json()) as WireMessage;
      expect(b.nonce).toBe(987654321);
      const stored = (await (await env.bot.get(`/channels/${channel}/messages/${a.id}`)).json()) as WireMessage;
      expect(stored).not.toHaveProperty("nonce");
    });

    it("accepts discord.js message.reply and answers a reply that mentions the replied-to person", async () => {
      const channelId = await newChannel();
      const original = await fixtures(env.t).personMessage(channelId, env.world.owner.id, "question?");
      const client = new Client({ intents: [], rest: { api: env.t.api, version: "10" } });
      client.rest.setToken(env.world.token);
      try {
        await client.guilds.fetch(env.world.guild.id.toString());
        const channel = (await client.channels.fetch(channelId.toString())) as TextChannel;
        const message: Message = await channel.messages.fetch(original.id);
        const reply = await message.reply("answer!");
        expect(reply.content).toBe("answer!");
        expect(reply.reference?.messageId).toBe(original.id);
        const wire = (await (
          await env.bot.get(`/channels/${channelId}/messages/${reply.id}`)
        ).json()) as WireMessage & { referenced_message: { id: string } };
        expect(wire).toMatchObject({
          type: 19,
          message_reference: { message_id: original.id },
          referenced_message: { id: original.id },
        });
        expect(wire.mentions.map((u) => u.id)).toEqual([env.world.owner.id.toString()]);
      } finally {
        await client.destroy();
      }
    });

    it("does not mention the replied-to person when allowed_mentions.replied_user is false", async () => {
      const channel = await newChannel();
      const original = await fixtures(env.t).personMessage(channel, env.world.owner.id, "ping me not");
      const res = await env.bot.post(`/channels/${channel}/messages`, {
        content: "ok",
        message_reference: { message_id: original.id },
        allowed_mentions: { parse: [], replied_user: false },
      });
      expect(((await res.json()) as WireMessage).mentions).toEqual([]);
    });

    it("refuses a reply to a missing message, unless fail_if_not_exists is false", async () => {
      const channel = await newChannel();
      const refused = await env.bot.post(`/channels/${channel}/messages`, {
        content: "re",
        message_reference: { message_id: "9000000000" },
      });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        code: 50035,
        errors: { message_reference: { _errors: [expect.anything()] } },
      });
      const sent = await env.bot.post(`/channels/${channel}/messages`, {
        content: "re",
        message_reference: { message_id: "9000000000", fail_if_not_exists: false },
      });
      expect(sent.status).toBe(200);
      const body = (await sent.json()) as WireMessage;
      expect(body.type).toBe(0);
      expect(body).not.toHaveProperty("message_reference");
    });

    it("answers 50024 for messages in a category", async () => {
      const category = await newChannel(4);
      for (const res of [
        await env.bot.post(`/channels/${category}/messages`, { content: "x" }),
        await env.bot.get(`/channels/${category}/messages`),
      ]) {
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ code: 50024 });
      }
    });
  });
});
