import { Permission } from "@chat/domain";
import { ChannelType, Client, Events, GatewayIntentBits, type Message, type Presence } from "discord.js";
import { afterAll, describe, expect, it } from "vitest";
import { useTestServer } from "../support/harness";

describe("an unmodified discord.js 14 client on the gateway", () => {
  const env = useTestServer();
  let client: Client;
  afterAll(async () => {
    await client?.destroy();
  });

  it("logs in and reaches ready with the guild, its channels and members cached", async () => {
    client = new Client({
      intents: [
        GatewayIntentBits.Guilds,
        GatewayIntentBits.GuildMembers,
        GatewayIntentBits.GuildPresences,
        GatewayIntentBits.GuildMessages,
        GatewayIntentBits.MessageContent,
      ],
      rest: { api: env.t.api, version: "10" },
    });
    const ready = new Promise<Client<true>>((resolve) => client.once(Events.ClientReady, resolve));
    await client.login(env.world.token);
    const c = await ready;

    expect(c.user.id).toBe(env.world.botUserId.toString());
    expect(c.application.id).toBe(env.world.app.application.id.toString());
    const guild = c.guilds.cache.get(env.world.guild.id.toString());
    expect(guild?.available).toBe(true);
    expect(guild?.name).toBe(env.world.guild.name);
    expect(guild?.channels.cache.get(env.world.text.id.toString())?.type).toBe(ChannelType.GuildText);
    expect(guild?.channels.cache.get(env.world.voice.id.toString())?.type).toBe(ChannelType.GuildVoice);
    expect(guild?.members.cache.has(env.world.owner.id.toString())).toBe(true);
    expect(guild?.members.me?.id).toBe(env.world.botUserId.toString());
    expect(guild?.roles.everyone.id).toBe(env.world.guild.id.toString());
    expect(guild?.members.me?.permissionsIn(env.world.text.id.toString()).has("SendMessages")).toBe(true);
  });

  it("emits messageCreate for a message in a channel the bot can see", async () => {
    const received = new Promise<Message>((resolve) =>
      client.on(Events.MessageCreate, (m) => m.content === "hi discord.js" && resolve(m)),
    );
    await env.t.server.ctx.domain.messages.create(env.world.text.id, env.world.owner.id, { content: "hi discord.js" });
    const message = await received;
    expect(message.channelId).toBe(env.world.text.id.toString());
    expect(message.guild?.id).toBe(env.world.guild.id.toString());
    expect(message.author.id).toBe(env.world.owner.id.toString());
    expect(message.member?.id).toBe(env.world.owner.id.toString());
  });

  it("fetches members over the gateway with guild.members.fetch (Request Guild Members)", async () => {
    const guild = client.guilds.cache.get(env.world.guild.id.toString())!;
    const person = await env.t.seed.person(`fetchme_${Date.now()}`);
    await env.t.server.ctx.domain.members.addPerson(env.world.guild.id, person.id);
    const everyone = await guild.members.fetch();
    expect(everyone.has(person.id.toString())).toBe(true);
    expect(everyone.size).toBe(3);
    const byQuery = await guild.members.fetch({ query: "fetchme_", limit: 5 });
    expect([...byQuery.keys()]).toEqual([person.id.toString()]);
    const byId = await guild.members.fetch({ user: [env.world.owner.id.toString()] });
    expect([...byId.keys()]).toEqual([env.world.owner.id.toString()]);
  });

  it("sees another bot's presence through presenceUpdate, dnd shown as online and activities hidden", async () => {
    const app = await env.t.seed.app(env.world.owner.id);
    await env.t.server.ctx.domain.members.addBot(
      env.world.owner.id,
      env.world.guild.id,
      app.application.id,
      Permission.ViewChannel,
    );
    const other = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: env.t.api, version: "10" } });
    try {
      const online = new Promise<Presence>((resolve) =>
        client.on(
          Events.PresenceUpdate,
          (_, p) => p.userId === app.botUser.id.toString() && p.status === "online" && resolve(p),
        ),
      );
      await other.login(app.botToken);
      await online;
      const idle = new Promise<Presence>((resolve) =>
        client.on(
          Events.PresenceUpdate,
          (_, p) => p.userId === app.botUser.id.toString() && p.status === "idle" && resolve(p),
        ),
      );
      other.user?.setPresence({ status: "idle", activities: [{ name: "hidden game" }] });
      expect((await idle).activities).toEqual([]);
      const dnd = new Promise<Presence>((resolve) =>
        client.on(
          Events.PresenceUpdate,
          (_, p) => p.userId === app.botUser.id.toString() && p.status === "online" && resolve(p),
        ),
      );
      other.user?.setPresence({ status: "dnd" });
      await dnd;
      expect(
        client.guilds.cache.get(env.world.guild.id.toString())?.presences.cache.get(app.botUser.id.toString())?.status,
      ).toBe("online");
    } finally {
      await other.destroy();
    }
  });
});
