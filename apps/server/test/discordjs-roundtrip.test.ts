import { Client, Events, GatewayIntentBits, type Message } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness";

/** An unmodified discord.js 14 client against our REST API and gateway. */
describe("discord.js round trip", () => {
  let t: TestServer;
  let client: Client;
  let world: Awaited<ReturnType<TestServer["seed"]["world"]>>;

  beforeAll(async () => {
    t = await startTestServer();
    world = await t.seed.world();
    client = new Client({
      intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent],
      rest: { api: t.api, version: "10" },
    });
    const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
    await client.login(world.token);
    await ready;
  });
  afterAll(async () => {
    await client?.destroy();
    await t?.close();
  });

  it("logs in with the guild, its channels and members cached", async () => {
    const guild = client.guilds.cache.get(world.guild.id.toString());
    expect(guild?.available).toBe(true);
    expect(guild?.name).toBe("Test Guild");
    expect(guild?.channels.cache.get(world.text.id.toString())?.name).toBe("general");
    expect(guild?.members.cache.has(world.owner.id.toString())).toBe(true);
    expect(guild?.members.cache.has(world.botUserId.toString())).toBe(true);
    expect(guild?.roles.everyone.id).toBe(world.guild.id.toString());
  });

  it("receives a person's message as MESSAGE_CREATE and answers with message.reply", async () => {
    const received = new Promise<Message>((resolve) => client.once(Events.MessageCreate, resolve));
    await t.server.ctx.domain.messages.create(world.text.id, world.owner.id, { content: "ping from a person" });
    const message = await received;
    expect(message.content).toBe("ping from a person");
    expect(message.author.id).toBe(world.owner.id.toString());

    const reply = await message.reply("pong from the bot");
    expect(reply.reference?.messageId).toBe(message.id);

    const history = await t.server.ctx.domain.messages.list(world.text.id, world.owner.id, { limit: 2 });
    expect(history[0]).toMatchObject({ id: reply.id, content: "pong from the bot", author: { id: world.botUserId.toString(), bot: true } });
    expect(history[0]?.referenced_message?.id).toBe(message.id);
  });

  it("reads history and single messages through the REST API", async () => {
    const channel = await client.channels.fetch(world.text.id.toString());
    if (!channel?.isTextBased()) throw new Error("text channel expected");
    const messages = await channel.messages.fetch({ limit: 10 });
    expect(messages.size).toBeGreaterThanOrEqual(2);
    const newest = messages.first()!;
    const again = await channel.messages.fetch({ message: newest.id, force: true });
    expect(again.content).toBe(newest.content);
  });
});
