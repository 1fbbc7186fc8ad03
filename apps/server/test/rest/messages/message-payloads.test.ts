import { Permission } from "@chat/domain";
import { Client as OceanicClient, type Message as OceanicMessage, Util } from "oceanic.js";
import { afterEach, describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../../support/gateway-client";
import { useTestServer } from "../../support/harness";
import { validateResponse } from "../../support/openapi";
import { fixtures } from "../../support/rest-fixtures";

/** The parts of a message (REST answer or event data) these tests read. */
type Wire = {
  id: string;
  flags: number;
  embeds: Record<string, unknown>[];
  mentions: { id: string; member?: Record<string, unknown> }[];
  member?: Record<string, unknown>;
  reactions?: { emoji: { name: string | null }; count: number; me: boolean }[];
  message_reference?: { message_id: string };
  referenced_message?: Wire | null;
  thread?: { id: string; type: number; name: string; parent_id: string };
};

/**
 * Message payloads as the community libraries read them: what a key's absence, or its null,
 * means to Oceanic.js and discord.js when they fill their caches from REST answers and events.
 */
describe("message payloads the bot libraries read", () => {
  const env = useTestServer({
    world:
      Permission.ViewChannel |
      Permission.SendMessages |
      Permission.ReadMessageHistory |
      Permission.AddReactions |
      Permission.CreatePublicThreads |
      Permission.SendMessagesInThreads |
      Permission.ManageMessages,
  });
  const open: RawGatewayClient[] = [];
  let n = 0;
  const newChannel = async () => (await fixtures(env.t).channel(env.world.guild.id, { name: `payloads-${++n}` })).id;
  const gateway = async () => {
    const client = await RawGatewayClient.identified(env.t, env.world.token, Intents.Guilds | Intents.GuildMessages);
    await client.dispatch("GUILD_CREATE");
    open.push(client);
    return client;
  };
  const send = async (channel: bigint, body: unknown) => {
    const res = await env.bot.post(`/channels/${channel}/messages`, body);
    expect(res.status).toBe(200);
    return (await res.json()) as Wire;
  };

  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
  });

  it("leaves out embed keys sent as null, so Oceanic.js can parse the embed", async () => {
    const client = await gateway();
    const channel = await newChannel();
    const embed = {
      title: "Report",
      description: null,
      color: null,
      author: null,
      footer: null,
      image: null,
      thumbnail: { url: "https://example.org/t.png", width: null },
      fields: [{ name: "a", value: "b" }],
    };
    const answer = await send(channel, { embeds: [embed] });
    const event = (await client.dispatch("MESSAGE_CREATE", (d) => d.id === answer.id)).d;
    const fetched = (await (await env.bot.get(`/channels/${channel}/messages/${answer.id}`)).json()) as Wire;
    expect(validateResponse("get", "/channels/{channel_id}/messages/{message_id}", 200, fetched)).toEqual([]);
    for (const message of [answer, event as Wire, fetched]) {
      expect(message.embeds).toEqual([
        {
          type: "rich",
          title: "Report",
          thumbnail: { url: "https://example.org/t.png" },
          fields: [{ name: "a", value: "b", inline: false }],
        },
      ]);
      // Oceanic.js's own embed parser (it runs on every MESSAGE_CREATE and REST message).
      expect(Util.rawEmbeds(message.embeds[0] as never)).toMatchObject({
        title: "Report",
        author: undefined,
        footer: undefined,
      });
    }
  });

  it("gives each mentioned guild member a partial member in MESSAGE_CREATE and MESSAGE_UPDATE, not in the REST answer", async () => {
    const client = await gateway();
    const channel = await newChannel();
    const owner = env.world.owner.id.toString();
    const outsider = await env.t.seed.person();
    const answer = await send(channel, { content: `<@${owner}> and <@${env.world.botUserId}>, not <@${outsider.id}>` });
    expect(answer.mentions.map((u) => u.id)).toEqual([owner, env.world.botUserId.toString()]);
    expect(answer.mentions.every((u) => !("member" in u))).toBe(true);

    const created = (await client.dispatch("MESSAGE_CREATE", (d) => d.id === answer.id)).d as Wire;
    const edited = await env.bot.patch(`/channels/${channel}/messages/${answer.id}`, { content: `<@${owner}> again` });
    expect(edited.status).toBe(200);
    const updated = (await client.dispatch("MESSAGE_UPDATE", (d) => d.id === answer.id)).d as Wire;
    for (const event of [created, updated]) {
      const ownerMention = event.mentions.find((u) => u.id === owner);
      expect(ownerMention?.member).toMatchObject({
        roles: [],
        joined_at: expect.any(String),
        deaf: false,
        mute: false,
      });
      expect(ownerMention?.member).not.toHaveProperty("user");
      // The author's own member object, as before.
      expect(event.member).toMatchObject({ roles: expect.any(Array) });
    }
    expect(created.mentions.find((u) => u.id === env.world.botUserId.toString())?.member).toMatchObject({
      roles: expect.any(Array),
    });
  });

  it("lets Oceanic.js fill message.mentions.members from a MESSAGE_CREATE", async () => {
    const channel = await newChannel();
    const bot = new OceanicClient({
      auth: `Bot ${env.world.token}`,
      rest: { baseURL: env.t.base },
      gateway: { intents: ["GUILDS", "GUILD_MESSAGES"], autoReconnect: false },
    });
    try {
      const ready = new Promise<void>((resolve) => bot.once("ready", () => resolve()));
      await bot.connect();
      await ready;
      const received = new Promise<OceanicMessage>((resolve) =>
        bot.on("messageCreate", (m) => m.channelID === channel.toString() && resolve(m)),
      );
      await fixtures(env.t).personMessage(channel, env.world.owner.id, `hello <@${env.world.botUserId}>`);
      const message = await received;
      expect(message.mentions.users.map((u) => u.id)).toEqual([env.world.botUserId.toString()]);
      expect(message.mentions.members.map((m) => m.id)).toEqual([env.world.botUserId.toString()]);
    } finally {
      bot.disconnect(false);
    }
  });

  it("sends MESSAGE_UPDATE and a reply's referenced_message without reactions, whose `me` is only true for some receivers", async () => {
    const other = await env.t.seed.bot(env.world, Permission.ViewChannel | Permission.ReadMessageHistory);
    const watcher = await RawGatewayClient.identified(env.t, other.botToken, Intents.Guilds | Intents.GuildMessages);
    await watcher.dispatch("GUILD_CREATE");
    open.push(watcher);
    const channel = await newChannel();
    const message = await send(channel, { content: "react to me" });
    expect(
      (await env.bot.put(`/channels/${channel}/messages/${message.id}/reactions/${encodeURIComponent("👍")}/@me`))
        .status,
    ).toBe(204);

    // The editor's REST answer keeps its own view of the reactions.
    const edited = (await (
      await env.bot.patch(`/channels/${channel}/messages/${message.id}`, { content: "edited" })
    ).json()) as Wire;
    expect(edited.reactions).toEqual([
      expect.objectContaining({ emoji: { id: null, name: "👍" }, count: 1, me: true }),
    ]);
    const update = (await watcher.dispatch("MESSAGE_UPDATE", (d) => d.id === message.id)).d as Wire;
    expect(update).not.toHaveProperty("reactions");

    const reply = await send(channel, { content: "a reply", message_reference: { message_id: message.id } });
    expect(reply.referenced_message?.reactions).toEqual([expect.objectContaining({ count: 1, me: true })]);
    const created = (await watcher.dispatch("MESSAGE_CREATE", (d) => d.id === reply.id)).d as Wire;
    expect(created.referenced_message).toMatchObject({ id: message.id, content: "edited" });
    expect(created.referenced_message).not.toHaveProperty("reactions");

    // Read over REST, each viewer sees its own `me`.
    const seenByOther = (await (
      await fetch(`${env.t.base}/channels/${channel}/messages/${message.id}`, {
        headers: { authorization: `Bot ${other.botToken}` },
      })
    ).json()) as Wire;
    expect(seenByOther.reactions).toEqual([expect.objectContaining({ count: 1, me: false })]);
  });

  it("sends a nested replied-to message without referenced_message, and null only once the replied-to message is gone", async () => {
    const client = await gateway();
    const channel = await newChannel();
    const first = await send(channel, { content: "first" });
    const second = await send(channel, { content: "second", message_reference: { message_id: first.id } });
    const third = await send(channel, { content: "third", message_reference: { message_id: second.id } });
    const created = (await client.dispatch("MESSAGE_CREATE", (d) => d.id === third.id)).d as Wire;
    const fetched = (await (await env.bot.get(`/channels/${channel}/messages/${third.id}`)).json()) as Wire;
    expect(validateResponse("get", "/channels/{channel_id}/messages/{message_id}", 200, fetched)).toEqual([]);
    for (const message of [third, created, fetched]) {
      expect(message.referenced_message).toMatchObject({ id: second.id, message_reference: { message_id: first.id } });
      // Null would tell Oceanic.js that `first` was deleted: the nested message leaves the key out.
      expect(message.referenced_message).not.toHaveProperty("referenced_message");
    }
    expect(first).not.toHaveProperty("referenced_message");

    expect((await env.bot.delete(`/channels/${channel}/messages/${first.id}`)).status).toBe(204);
    const orphan = (await (await env.bot.get(`/channels/${channel}/messages/${second.id}`)).json()) as Wire;
    expect(orphan.message_reference).toMatchObject({ message_id: first.id });
    expect(orphan.referenced_message).toBeNull();
  });

  it("starts a thread from a message under the message's id; the message then has HAS_THREAD and carries its thread, until the thread is deleted", async () => {
    const HAS_THREAD = 1 << 5;
    const client = await gateway();
    const channel = await newChannel();
    const message = await send(channel, { content: "let's discuss" });
    const res = await env.bot.post(`/channels/${channel}/messages/${message.id}/threads`, { name: "Discussion" });
    expect(res.status).toBe(201);
    const thread = (await res.json()) as { id: string };
    expect(thread.id).toBe(message.id);
    await client.dispatch("THREAD_CREATE", (d) => d.id === thread.id);
    // The starter message changed: MESSAGE_UPDATE with the flag and the thread, as the reference platform sends.
    const update = (await client.dispatch("MESSAGE_UPDATE", (d) => d.id === message.id)).d as Wire;
    // discord.js' ThreadChannel.fetchStarterMessage(): GET the parent's message under the thread's id.
    const fetched = (await (await env.bot.get(`/channels/${channel}/messages/${thread.id}`)).json()) as Wire;
    const listed = ((await (await env.bot.get(`/channels/${channel}/messages`)).json()) as Wire[]).find(
      (m) => m.id === message.id,
    )!;
    expect(validateResponse("get", "/channels/{channel_id}/messages/{message_id}", 200, fetched)).toEqual([]);
    const reply = await send(channel, { content: "a reply", message_reference: { message_id: message.id } });
    for (const shown of [update, fetched, listed, reply.referenced_message as Wire]) {
      expect(shown.flags & HAS_THREAD).toBe(HAS_THREAD);
      expect(shown.thread).toMatchObject({
        id: thread.id,
        type: 11,
        name: "Discussion",
        parent_id: channel.toString(),
      });
    }
    expect(reply.flags & HAS_THREAD).toBe(0);
    expect(reply).not.toHaveProperty("thread");

    expect((await env.bot.delete(`/channels/${thread.id}`)).status).toBe(200);
    const after = (await (await env.bot.get(`/channels/${channel}/messages/${message.id}`)).json()) as Wire;
    expect(after.flags & HAS_THREAD).toBe(0);
    expect(after).not.toHaveProperty("thread");
    // The message may start a thread again, under its id again.
    const again = await env.bot.post(`/channels/${channel}/messages/${message.id}/threads`, { name: "Second try" });
    expect(again.status).toBe(201);
    expect(((await again.json()) as { id: string }).id).toBe(message.id);
  });

  it("gives a thread started without a message an id of its own, not its announcement's", async () => {
    const channel = await newChannel();
    const res = await env.bot.post(`/channels/${channel}/threads`, { name: "Standalone" });
    expect(res.status).toBe(201);
    const thread = (await res.json()) as { id: string };
    const [announcement] = (await (await env.bot.get(`/channels/${channel}/messages`)).json()) as Wire[];
    expect(announcement).toMatchObject({ type: 18, flags: 0 });
    expect(announcement).not.toHaveProperty("thread");
    expect(BigInt(thread.id)).toBeLessThan(BigInt(announcement!.id));
  });
});
