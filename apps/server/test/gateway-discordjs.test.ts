import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChannelType, Client, Events, GatewayIntentBits, type Message } from "discord.js";
import { startTestServer, type TestServer } from "./harness";

describe("an unmodified discord.js 14 client on the gateway", () => {
  let t: TestServer;
  let world: Awaited<ReturnType<TestServer["seed"]["world"]>>;
  let client: Client;
  beforeAll(async () => {
    t = await startTestServer();
    world = await t.seed.world();
  });
  afterAll(async () => {
    await client?.destroy();
    await t?.close();
  });

  it("logs in and reaches ready with the guild, its channels and members cached", async () => {
    client = new Client({
      intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent],
      rest: { api: t.api, version: "10" },
    });
    const ready = new Promise<Client<true>>((resolve) => client.once(Events.ClientReady, resolve));
    await client.login(world.token);
    const c = await ready;

    expect(c.user.id).toBe(world.botUserId.toString());
    expect(c.application.id).toBe(world.app.application.id.toString());
    const guild = c.guilds.cache.get(world.guild.id.toString());
    expect(guild?.available).toBe(true);
    expect(guild?.name).toBe(world.guild.name);
    expect(guild?.channels.cache.get(world.text.id.toString())?.type).toBe(ChannelType.GuildText);
    expect(guild?.channels.cache.get(world.voice.id.toString())?.type).toBe(ChannelType.GuildVoice);
    expect(guild?.members.cache.has(world.owner.id.toString())).toBe(true);
    expect(guild?.members.me?.id).toBe(world.botUserId.toString());
    expect(guild?.roles.everyone.id).toBe(world.guild.id.toString());
    expect(guild?.members.me?.permissionsIn(world.text.id.toString()).has("SendMessages")).toBe(true);
  });

  it("emits messageCreate for a message in a channel the bot can see", async () => {
    const received = new Promise<Message>((resolve) => client.on(Events.MessageCreate, (m) => m.content === "hi discord.js" && resolve(m)));
    await t.server.ctx.domain.messages.create(world.text.id, world.owner.id, { content: "hi discord.js" });
    const message = await received;
    expect(message.channelId).toBe(world.text.id.toString());
    expect(message.guild?.id).toBe(world.guild.id.toString());
    expect(message.author.id).toBe(world.owner.id.toString());
    expect(message.member?.id).toBe(world.owner.id.toString());
  });
});
