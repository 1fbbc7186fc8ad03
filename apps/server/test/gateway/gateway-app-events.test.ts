import { READ_STATE_UPDATE } from "@chat/events";
import { describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../support/gateway-client";
import { useTestServer } from "../support/harness";

/**
 * Issue 4: events caused by people in the web app reach bots exactly like events caused through
 * REST. The web app calls these same domain services (packages/api), so they are driven here.
 */
describe("gateway events for changes people make in the app", () => {
  const env = useTestServer({ world: false });

  const connect = async (token: string, intents = Intents.Guilds | Intents.GuildMessages) => {
    const client = await RawGatewayClient.identified(env.t, token, intents);
    await client.dispatch("GUILD_CREATE");
    return client;
  };

  it("sends GUILD_UPDATE with the new name when a person renames the guild", async () => {
    const world = await env.t.seed.world();
    const client = await connect(world.token);
    await env.t.server.ctx.domain.guildSettings.update(world.owner.id, world.guild.id, { name: "Renamed in the app" });
    const frame = await client.dispatch("GUILD_UPDATE");
    expect(frame.d).toMatchObject({ id: world.guild.id.toString(), name: "Renamed in the app" });
    await client.close();
  });

  it("refuses a rename by a member without Manage Guild and sends nothing", async () => {
    const world = await env.t.seed.world();
    const person = await env.t.seed.person();
    await env.t.server.ctx.domain.members.addPerson(world.guild.id, person.id);
    await expect(
      env.t.server.ctx.domain.guildSettings.update(person.id, world.guild.id, { name: "Hijacked" }),
    ).rejects.toMatchObject({ code: 50013 });
    await expect(
      env.t.server.ctx.domain.guildSettings.update(world.owner.id, world.guild.id, { name: "x" }),
    ).rejects.toMatchObject({ code: 50035 });
    const guild = await env.t.server.ctx.database.prisma.guild.findUniqueOrThrow({ where: { id: world.guild.id } });
    expect(guild.name).toBe("Test Guild");
  });

  it("sends GUILD_DELETE when the owner deletes the guild, and nothing of that guild afterwards", async () => {
    const world = await env.t.seed.world();
    const other = await env.t.seed.guild(world.owner.id, "Still here");
    await env.t.server.ctx.domain.members.addBot(world.owner.id, other.id, world.app.application.id, 0n);
    const client = await RawGatewayClient.identified(env.t, world.token, Intents.Guilds | Intents.GuildMessages);
    await client.until((f) => f.t === "GUILD_CREATE" && f.d.id === other.id.toString());
    await env.t.server.ctx.domain.guildSettings.remove(world.owner.id, world.guild.id);
    const frame = await client.dispatch("GUILD_DELETE");
    expect(frame.d).toEqual({ id: world.guild.id.toString() });
    expect(await env.t.server.ctx.database.prisma.guild.findUnique({ where: { id: world.guild.id } })).toBeNull();
    // The bot is still in the other guild and keeps receiving it.
    const otherText = other.channels.find((c) => c.type === 0)!;
    await env.t.server.ctx.domain.messages.create(otherText.id, world.owner.id, { content: "after the delete" });
    const message = await client.dispatch("MESSAGE_CREATE");
    expect(message.d.guild_id).toBe(other.id.toString());
    await client.close();
  });

  it("never dispatches a person's READ_STATE_UPDATE to a bot, not even one addressed to the bot's own user", async () => {
    const world = await env.t.seed.world();
    const client = await connect(world.token);
    const { domain, bus } = env.t.server.ctx;
    // The owner's own message and an ack each move the owner's read state (READ_STATE_UPDATE on the bus).
    const own = await domain.messages.create(world.text.id, world.owner.id, { content: "read by its author" });
    await domain.readStates.ack(world.owner.id, world.text.id, BigInt(own.id));
    await bus.publish({
      t: READ_STATE_UPDATE,
      d: {
        channel_id: world.text.id.toString(),
        guild_id: world.guild.id.toString(),
        last_read_id: own.id,
        mention_count: 0,
      },
      personId: world.botUserId.toString(),
    });
    // A barrier: an ordinary event after them reaches the bot, and no person event came before it.
    const barrier = await domain.messages.create(world.text.id, world.owner.id, { content: "barrier" });
    const frames = await client.until((f) => f.t === "MESSAGE_CREATE" && f.d.id === barrier.id);
    expect(frames.map((f) => f.t)).not.toContain(READ_STATE_UPDATE);
    expect(await env.t.server.ctx.database.prisma.readState.count({ where: { userId: world.botUserId } })).toBe(0);
    await client.close();
  });

  it("lets only the owner delete a guild", async () => {
    const world = await env.t.seed.world();
    const person = await env.t.seed.person();
    await env.t.server.ctx.domain.members.addPerson(world.guild.id, person.id);
    await expect(env.t.server.ctx.domain.guildSettings.remove(person.id, world.guild.id)).rejects.toMatchObject({
      code: 50013,
    });
    await expect(env.t.server.ctx.domain.guildSettings.remove(person.id, 999999n)).rejects.toMatchObject({
      code: 10004,
    });
    expect(await env.t.server.ctx.database.prisma.guild.findUnique({ where: { id: world.guild.id } })).not.toBeNull();
  });
});
