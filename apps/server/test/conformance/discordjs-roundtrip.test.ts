import { Client, Events, GatewayIntentBits, type Message } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../support/harness";

/** An unmodified discord.js 14 client against our REST API and gateway. */
describe("discord.js round trip", () => {
  const env = useTestServer();
  let client: Client;

  beforeAll(async () => {
    client = new Client({
      intents: [
        GatewayIntentBits.Guilds,
        GatewayIntentBits.GuildMembers,
        GatewayIntentBits.GuildMessages,
        GatewayIntentBits.MessageContent,
      ],
      rest: { api: env.t.api, version: "10" },
    });
    const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
    await client.login(env.world.token);
    await ready;
  });
  afterAll(async () => {
    await client?.destroy();
  });

  it("logs in with the guild, its channels and members cached", async () => {
    const guild = client.guilds.cache.get(env.world.guild.id.toString());
    expect(guild?.available).toBe(true);
    expect(guild?.name).toBe("Test Guild");
    expect(guild?.channels.cache.get(env.world.text.id.toString())?.name).toBe("general");
    expect(guild?.members.cache.has(env.world.owner.id.toString())).toBe(true);
    expect(guild?.members.cache.has(env.world.botUserId.toString())).toBe(true);
    expect(guild?.roles.everyone.id).toBe(env.world.guild.id.toString());
  });

  it("receives a person's message as MESSAGE_CREATE and answers with message.reply", async () => {
    const received = new Promise<Message>((resolve) => client.once(Events.MessageCreate, resolve));
    await env.t.server.ctx.domain.messages.create(env.world.text.id, env.world.owner.id, {
      content: "ping from a person",
    });
    const message = await received;
    expect(message.content).toBe("ping from a person");
    expect(message.author.id).toBe(env.world.owner.id.toString());

    const reply = await message.reply("pong from the bot");
    expect(reply.reference?.messageId).toBe(message.id);

    const history = await env.t.server.ctx.domain.messages.list(env.world.text.id, env.world.owner.id, { limit: 2 });
    expect(history[0]).toMatchObject({
      id: reply.id,
      content: "pong from the bot",
      author: { id: env.world.botUserId.toString(), bot: true },
    });
    expect(history[0]?.referenced_message?.id).toBe(message.id);
  });

  it("reads history and single messages through the REST API", async () => {
    const channel = await client.channels.fetch(env.world.text.id.toString());
    if (!channel?.isTextBased()) throw new Error("text channel expected");
    const messages = await channel.messages.fetch({ limit: 10 });
    expect(messages.size).toBeGreaterThanOrEqual(2);
    const newest = messages.first()!;
    const again = await channel.messages.fetch({ message: newest.id, force: true });
    expect(again.content).toBe(newest.content);
  });
});
