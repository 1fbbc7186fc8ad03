import { Permission } from "@chat/domain";
import { describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../support/gateway-client";
import { useTestServer } from "../support/harness";

describe("gateway READY and GUILD_CREATE after Identify", () => {
  const env = useTestServer();

  it("sends READY as dispatch s=1 with the bot user, unavailable guilds, session and application", async () => {
    const client = await RawGatewayClient.identified(env.t, env.world.token, Intents.Guilds);
    const { ready } = client;
    expect(ready).toMatchObject({ op: 0, t: "READY", s: 1 });
    expect(client.frames[0]?.op).toBe(10);
    expect(client.frames[1]).toBe(ready);
    const d = ready.d;
    expect(d.v).toBe(10);
    expect(d.user).toMatchObject({
      id: env.world.botUserId.toString(),
      username: env.world.app.botUser.username,
      bot: true,
      discriminator: expect.any(String),
      avatar: null,
    });
    expect(d.guilds).toEqual([{ id: env.world.guild.id.toString(), unavailable: true }]);
    expect(d.session_id).toMatch(/^[0-9a-f]{32}$/);
    expect(d.resume_gateway_url).toBe(env.t.server.ctx.urls.gatewayUrl);
    expect(d.application).toMatchObject({ id: env.world.app.application.id.toString(), flags: expect.any(Number) });
    expect(d).not.toHaveProperty("shard");
    expect(env.t.server.gateway.sessions.get(d.session_id)).toBeDefined();
    await client.close();
  });

  it("echoes the shard in READY and lists only the guilds of that shard", async () => {
    // Small ids: (id >> 22) % 2 is 0, so every guild is on shard 0.
    const zero = await RawGatewayClient.identified(env.t, env.world.token, Intents.Guilds, { shard: [0, 2] });
    const one = await RawGatewayClient.identified(env.t, env.world.token, Intents.Guilds, { shard: [1, 2] });
    expect(zero.ready.d.shard).toEqual([0, 2]);
    expect(zero.ready.d.guilds).toHaveLength(1);
    expect(one.ready.d.shard).toEqual([1, 2]);
    expect(one.ready.d.guilds).toEqual([]);
    await Promise.all([zero.close(), one.close()]);
  });

  it("follows READY with one complete GUILD_CREATE per guild (s=2)", async () => {
    const client = await RawGatewayClient.identified(env.t, env.world.token, Intents.Guilds);
    const created = await client.dispatch("GUILD_CREATE");
    expect(created.s).toBe(2);
    const g = created.d;
    const guildId = env.world.guild.id.toString();
    expect(g).toMatchObject({
      id: guildId,
      name: env.world.guild.name,
      unavailable: false,
      large: false,
      owner_id: env.world.owner.id.toString(),
    });
    expect(typeof g.joined_at).toBe("string");
    expect(g.member_count).toBe(2);

    const memberIds = g.members.map((m: any) => m.user.id).sort();
    expect(memberIds).toEqual([env.world.owner.id.toString(), env.world.botUserId.toString()].sort());
    for (const member of g.members)
      expect(member.user).toMatchObject({ id: expect.any(String), username: expect.any(String) });

    const everyone = g.roles.find((r: any) => r.name === "@everyone");
    expect(everyone.id).toBe(guildId);
    for (const role of g.roles) {
      expect(typeof role.permissions).toBe("string");
      expect(role.colors).toMatchObject({ primary_color: expect.any(Number) });
    }
    const managed = g.roles.find((r: any) => r.managed);
    expect(managed.tags).toEqual({ bot_id: env.world.botUserId.toString() });

    expect(g.channels.map((c: any) => [c.name, c.type])).toEqual([
      ["general", 0],
      ["General", 2],
    ]);
    for (const channel of g.channels) expect(Number.isInteger(channel.type)).toBe(true);
    for (const key of ["threads", "voice_states", "presences", "emojis", "stickers", "guild_scheduled_events"])
      expect(Array.isArray(g[key]), key).toBe(true);
    await client.close();
  });

  it("leaves channels the bot cannot view out of GUILD_CREATE", async () => {
    const hidden = await env.t.seed.world();
    await env.t.server.ctx.database.prisma.permissionOverwrite.create({
      data: { channelId: hidden.voice.id, targetId: hidden.guild.id, type: 0, allow: 0n, deny: Permission.ViewChannel },
    });
    const client = await RawGatewayClient.identified(env.t, hidden.token, Intents.Guilds);
    const created = await client.dispatch("GUILD_CREATE");
    expect(created.d.channels.map((c: any) => c.name)).toEqual(["general"]);
    await client.close();
  });

  it("sends no GUILD_CREATE without the Guilds intent", async () => {
    const client = await RawGatewayClient.identified(env.t, env.world.token, Intents.GuildMembers);
    // Events after Identify are held until the GUILD_CREATEs are out, so this join is a barrier.
    const person = await env.t.seed.person();
    await env.t.server.ctx.domain.members.addPerson(env.world.guild.id, person.id);
    const seen = await client.until((f) => f.t === "GUILD_MEMBER_ADD" && f.d.user.id === person.id.toString());
    expect(seen.map((f) => f.t)).toEqual(["GUILD_MEMBER_ADD"]);
    expect(seen[0]?.s).toBe(2);
    await client.close();
  });

  it("delivers GUILD_CREATE for a guild the bot is added to while connected, then that guild's events", async () => {
    const client = await RawGatewayClient.identified(
      env.t,
      env.world.token,
      Intents.Guilds | Intents.GuildMembers | Intents.GuildMessages,
    );
    await client.dispatch("GUILD_CREATE");
    const second = await env.t.seed.guild(env.world.owner.id, "Second Guild");
    await env.t.server.ctx.domain.members.addBot(
      env.world.owner.id,
      second.id,
      env.world.app.application.id,
      Permission.ViewChannel,
    );
    const created = await client.dispatch("GUILD_CREATE", (d) => d.id === second.id.toString());
    expect(created.d).toMatchObject({ name: "Second Guild", unavailable: false });
    expect(created.d.members.map((m: any) => m.user.id)).toContain(env.world.botUserId.toString());

    const channel = second.channels.find((c) => c.type === 0)!;
    await env.t.server.ctx.domain.messages.create(channel.id, env.world.owner.id, { content: "welcome" });
    const message = await client.dispatch("MESSAGE_CREATE", (d) => d.channel_id === channel.id.toString());
    expect(message.d).toMatchObject({ content: "welcome", guild_id: second.id.toString() });
    expect(message.s).toBe((created.s ?? 0) + 2); // the bot's own GUILD_MEMBER_ADD sits between
    await client.close();
  });

  it("numbers dispatches per session, one apart, starting at 1", async () => {
    const a = await RawGatewayClient.identified(env.t, env.world.token, Intents.Guilds | Intents.GuildMessages);
    await a.dispatch("GUILD_CREATE", (d) => d.id === env.world.guild.id.toString());
    await env.t.server.ctx.domain.messages.create(env.world.text.id, env.world.owner.id, { content: "one" });
    const b = await RawGatewayClient.identified(env.t, env.world.token, Intents.Guilds | Intents.GuildMessages);
    await env.t.server.ctx.domain.messages.create(env.world.text.id, env.world.owner.id, { content: "two" });
    await a.dispatch("MESSAGE_CREATE", (d) => d.content === "two");
    await b.dispatch("MESSAGE_CREATE", (d) => d.content === "two");
    for (const client of [a, b]) {
      const sequences = client.frames.filter((f) => f.op === 0).map((f) => f.s);
      expect(sequences).toEqual(sequences.map((_, i) => i + 1));
    }
    await Promise.all([a.close(), b.close()]);
  });
});
