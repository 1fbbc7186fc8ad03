import { Permission } from "@chat/domain";
import { describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../support/gateway-client";
import { type TestServer, useTestServer } from "../support/harness";

type World = Awaited<ReturnType<TestServer["seed"]["world"]>>;

describe("gateway dispatch of bus events (audience and intents)", () => {
  const env = useTestServer();
  const all = Intents.Guilds | Intents.GuildMembers | Intents.GuildMessages | Intents.DirectMessages;

  const say = (channelId: bigint, content: string, authorId = env.world.owner.id) =>
    env.t.server.ctx.domain.messages.create(channelId, authorId, { content });
  const connect = async (w: World, intents: number) => {
    const client = await RawGatewayClient.identified(env.t, w.token, intents);
    if (intents & Intents.Guilds) await client.dispatch("GUILD_CREATE");
    return client;
  };
  const messageTexts = (frames: { t: string | null; d: any }[]) =>
    frames.filter((f) => f.t === "MESSAGE_CREATE").map((f) => f.d.content);

  it("delivers MESSAGE_CREATE to a bot that can see the channel and holds Guild Messages", async () => {
    const client = await connect(env.world, all);
    const sent = await say(env.world.text.id, "hello bots");
    const frame = await client.dispatch("MESSAGE_CREATE", (d) => d.id === sent.id);
    expect(frame.d).toMatchObject({
      content: "hello bots",
      channel_id: env.world.text.id.toString(),
      guild_id: env.world.guild.id.toString(),
      author: { id: env.world.owner.id.toString() },
      member: { roles: [] },
    });
    await client.close();
  });

  it("does not deliver MESSAGE_CREATE to a session without Guild Messages", async () => {
    const without = await connect(env.world, Intents.Guilds);
    const withIt = await connect(env.world, Intents.Guilds | Intents.GuildMessages);
    await say(env.world.text.id, "intent check");
    await withIt.dispatch("MESSAGE_CREATE", (d) => d.content === "intent check");
    // Barrier: a later event the intent-less session does receive (a new bot's role, Guilds intent).
    const other = await env.t.seed.app(env.world.owner.id);
    await env.t.server.ctx.domain.members.addBot(
      env.world.owner.id,
      env.world.guild.id,
      other.application.id,
      Permission.ViewChannel,
    );
    const seen = await without.until((f) => f.t === "GUILD_ROLE_CREATE");
    expect(messageTexts(seen)).toEqual([]);
    await Promise.all([without.close(), withIt.close()]);
  });

  it("does not deliver MESSAGE_CREATE for a channel hidden from the bot by an @everyone View Channel deny", async () => {
    const prisma = env.t.server.ctx.database.prisma;
    const secret = await prisma.channel.create({
      data: { guildId: env.world.guild.id, type: 0, name: "secret", position: 5 },
    });
    await prisma.permissionOverwrite.create({
      data: { channelId: secret.id, targetId: env.world.guild.id, type: 0, allow: 0n, deny: Permission.ViewChannel },
    });
    const client = await connect(env.world, all);
    await say(secret.id, "hidden words");
    await say(env.world.text.id, "visible words");
    const seen = await client.until((f) => f.t === "MESSAGE_CREATE" && f.d.content === "visible words");
    expect(messageTexts(seen)).toEqual(["visible words"]);

    // The same engine lets a member overwrite for the bot bring it back, set as every client
    // sets one (the change is announced on the bus, which is when the gateway reads viewers anew).
    await env.t.server.ctx.domain.channelOverwrites.put(secret.id, env.world.botUserId, env.world.owner.id, {
      type: 1,
      allow: Permission.ViewChannel.toString(),
      deny: "0",
    });
    await say(secret.id, "now you see it");
    expect((await client.dispatch("MESSAGE_CREATE")).d.content).toBe("now you see it");
    await client.close();
  });

  it("stops a channel's messages at the first one after a change hides the channel, though its viewers were just read", async () => {
    const channel = await env.t.server.ctx.domain.channels.create(env.world.guild.id, env.world.owner.id, {
      name: "soon-hidden",
      type: 0,
    });
    const client = await connect(env.world, all);
    await say(BigInt(channel.id), "seen before");
    await client.dispatch("MESSAGE_CREATE", (d) => d.content === "seen before");
    await env.t.server.ctx.domain.channelOverwrites.put(BigInt(channel.id), env.world.guild.id, env.world.owner.id, {
      type: 0,
      allow: "0",
      deny: Permission.ViewChannel.toString(),
    });
    await say(BigInt(channel.id), "hidden after");
    await say(env.world.text.id, "barrier");
    const seen = await client.until((f) => f.t === "MESSAGE_CREATE" && f.d.content === "barrier");
    expect(messageTexts(seen)).toEqual(["barrier"]);
    await client.close();
  });

  it("delivers a guild's events only to bots that are members of it", async () => {
    const stranger = await env.t.seed.world();
    const client = await connect(stranger, all);
    await say(env.world.text.id, "not for strangers");
    const person = await env.t.seed.person();
    await env.t.server.ctx.domain.members.addPerson(env.world.guild.id, person.id);
    await say(stranger.text.id, "for the stranger", stranger.owner.id);
    const seen = await client.until((f) => f.t === "MESSAGE_CREATE" && f.d.content === "for the stranger");
    expect(seen.map((f) => f.t)).toEqual(["MESSAGE_CREATE"]);
    expect(messageTexts(seen)).toEqual(["for the stranger"]);
    await client.close();
  });

  it("delivers a DM's MESSAGE_CREATE without guild_id to holders of Direct Messages only", async () => {
    const prisma = env.t.server.ctx.database.prisma;
    const dm = await prisma.channel.create({
      data: { type: 1, recipients: { create: [{ userId: env.world.owner.id }, { userId: env.world.botUserId }] } },
    });
    const withDm = await connect(env.world, Intents.DirectMessages);
    const guildOnly = await connect(env.world, Intents.Guilds | Intents.GuildMessages);
    await say(dm.id, "psst");
    const frame = await withDm.dispatch("MESSAGE_CREATE", (d) => d.content === "psst");
    expect(frame.d).not.toHaveProperty("guild_id");
    expect(frame.d).toMatchObject({ channel_id: dm.id.toString(), channel_type: 1 });

    await say(env.world.text.id, "barrier");
    const seen = await guildOnly.until((f) => f.t === "MESSAGE_CREATE" && f.d.content === "barrier");
    expect(messageTexts(seen)).toEqual(["barrier"]);
    await Promise.all([withDm.close(), guildOnly.close()]);
  });

  it("delivers GUILD_MEMBER_ADD to holders of Guild Members only", async () => {
    const members = await connect(env.world, Intents.Guilds | Intents.GuildMembers);
    const noMembers = await connect(env.world, Intents.Guilds | Intents.GuildMessages);
    const person = await env.t.seed.person();
    await env.t.server.ctx.domain.members.addPerson(env.world.guild.id, person.id);
    const added = await members.dispatch("GUILD_MEMBER_ADD", (d) => d.user.id === person.id.toString());
    expect(added.d).toMatchObject({ guild_id: env.world.guild.id.toString(), roles: [] });

    await say(env.world.text.id, "members barrier");
    const seen = await noMembers.until((f) => f.t === "MESSAGE_CREATE" && f.d.content === "members barrier");
    expect(seen.map((f) => f.t)).toEqual(["MESSAGE_CREATE"]);
    await Promise.all([members.close(), noMembers.close()]);
  });

  it("delivers GUILD_ROLE_CREATE to holders of Guilds only", async () => {
    const guilds = await connect(env.world, Intents.Guilds);
    const noGuilds = await connect(env.world, Intents.GuildMessages);
    const other = await env.t.seed.app(env.world.owner.id);
    await env.t.server.ctx.domain.members.addBot(
      env.world.owner.id,
      env.world.guild.id,
      other.application.id,
      Permission.SendMessages,
    );
    const role = await guilds.dispatch("GUILD_ROLE_CREATE");
    expect(role.d).toMatchObject({
      guild_id: env.world.guild.id.toString(),
      role: { managed: true, permissions: Permission.SendMessages.toString() },
    });

    await say(env.world.text.id, "roles barrier");
    const seen = await noGuilds.until((f) => f.t === "MESSAGE_CREATE" && f.d.content === "roles barrier");
    expect(seen.map((f) => f.t)).toEqual(["MESSAGE_CREATE"]);
    await Promise.all([guilds.close(), noGuilds.close()]);
  });

  it("sends every receiving session the same serialized event data", async () => {
    const a = await connect(env.world, all);
    const b = await connect(env.world, Intents.GuildMessages);
    const sent = await say(env.world.text.id, "same bytes");
    await a.dispatch("MESSAGE_CREATE", (d) => d.id === sent.id);
    await b.dispatch("MESSAGE_CREATE", (d) => d.id === sent.id);
    const dataOf = (texts: string[]) => {
      const text = texts.find((x) => x.includes(`"id":"${sent.id}"`) && x.includes('"t":"MESSAGE_CREATE"'))!;
      return text.slice(text.indexOf(',"d":'));
    };
    expect(dataOf(a.texts)).toBe(dataOf(b.texts));
    await Promise.all([a.close(), b.close()]);
  });
});
