import { Permission } from "@chat/domain";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestWorld, createTestWorld, trackedData } from "./world";

let w: TestWorld;
beforeAll(async () => {
  w = await createTestWorld();
});
afterAll(() => w?.close());

async function person(name: string) {
  const created = await w.caller(null).account.signUp({ username: name, password: "long enough" });
  return BigInt(created.id);
}

describe("account", () => {
  it("signs up with a username and hashed password and refuses bad usernames", async () => {
    const id = await person("alice");
    expect(await w.caller(id).account.me()).toEqual({ id: id.toString(), username: "alice", displayName: "alice" });
    const stored = await w.domain.users.findByUsername("alice");
    expect(stored?.passwordHash).toBe("plain:long enough");
    const bad = await w.caller(null).account.signUp({ username: "Bad Name!", password: "long enough" }).catch((e) => e);
    expect(bad).toBeInstanceOf(TRPCError);
    expect(bad.code).toBe("BAD_REQUEST");
    const taken = await w.caller(null).account.signUp({ username: "alice", password: "long enough" }).catch((e) => e);
    expect(taken.message).toBe("Username is already taken.");
  });

  it("refuses protected calls without a session and for a suspended account", async () => {
    await expect(w.caller(null).guilds.list()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const id = await person("suspended_one");
    await w.database.prisma.user.update({ where: { id }, data: { suspendedAt: new Date() } });
    await expect(w.caller(id).guilds.list()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("chat", () => {
  it("creates a guild with general and General, sends and pages messages", async () => {
    const me = await person("bob");
    const api = w.caller(me);
    const { guild, firstChannelId } = await api.guilds.create({ name: "Bob's place" });
    expect(guild.canManage).toBe(true);
    const channels = await api.guilds.channels({ guildId: guild.id });
    expect(channels.map((c) => [c.name, c.kind])).toEqual([["general", "text"], ["General", "voice"]]);
    expect(firstChannelId).toBe(channels[0]?.id);
    for (let i = 0; i < 5; i++) await api.messages.send({ channelId: firstChannelId as string, content: `hello ${i}` });
    const page = await api.messages.list({ channelId: firstChannelId as string, limit: 3 });
    expect(page.messages.map((m) => m.content)).toEqual(["hello 2", "hello 3", "hello 4"]);
    expect(page.hasMore).toBe(true);
    const older = await api.messages.list({ channelId: firstChannelId as string, before: page.messages[0]?.id, limit: 3 });
    expect(older.messages.map((m) => m.content)).toEqual(["hello 0", "hello 1"]);
    expect(older.hasMore).toBe(false);
    await expect(api.messages.send({ channelId: firstChannelId as string, content: "   " })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const outsider = await person("outsider");
    await expect(w.caller(outsider).messages.list({ channelId: firstChannelId as string })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("streams new messages live only while the person can view the channel", async () => {
    const owner = await person("carol");
    const friend = await person("dave");
    const { guild, firstChannelId } = await w.caller(owner).guilds.create({ name: "Carol's" });
    const guildId = BigInt(guild.id);
    await w.domain.members.addPerson(guildId, friend);
    const hidden = await w.database.prisma.channel.create({ data: { guildId, type: 0, name: "secret", position: 5 } });
    await w.database.prisma.permissionOverwrite.create({ data: { channelId: hidden.id, targetId: guildId, type: 0, deny: Permission.ViewChannel } });

    await expect(w.caller(friend).guilds.channels({ guildId: guild.id })).resolves.not.toContainEqual(expect.objectContaining({ name: "secret" }));
    await expect(w.caller(friend).messages.onCreate({ channelId: hidden.id.toString() })).rejects.toMatchObject({ code: "NOT_FOUND" });

    const controller = new AbortController();
    const stream = await w.caller(friend, controller.signal).messages.onCreate({ channelId: firstChannelId as string });
    const iterator = stream[Symbol.asyncIterator]();
    const first = iterator.next();
    await new Promise((r) => setTimeout(r, 50));
    await w.caller(owner).messages.send({ channelId: hidden.id.toString(), content: "not for dave" });
    await w.caller(owner).messages.send({ channelId: firstChannelId as string, content: "hi dave" });
    const received = await first;
    expect(trackedData(received.value)).toMatchObject({ content: "hi dave", author: { username: "carol", bot: false } });

    // Access revoked: later messages of the channel are not delivered.
    await w.database.prisma.permissionOverwrite.create({ data: { channelId: BigInt(firstChannelId as string), targetId: friend, type: 1, deny: Permission.ViewChannel } });
    const second = iterator.next();
    await w.caller(owner).messages.send({ channelId: firstChannelId as string, content: "secret now" });
    const outcome = await Promise.race([second.then(() => "delivered"), new Promise((r) => setTimeout(() => r("withheld"), 300))]);
    expect(outcome).toBe("withheld");
    controller.abort();
  });

  it("back-fills what was missed when the client reconnects with lastEventId", async () => {
    const owner = await person("erin");
    const api = w.caller(owner);
    const { firstChannelId } = await api.guilds.create({ name: "Erin's" });
    const channelId = firstChannelId as string;
    const seen = await api.messages.send({ channelId, content: "seen" });
    await api.messages.send({ channelId, content: "missed 1" });
    await api.messages.send({ channelId, content: "missed 2" });
    const controller = new AbortController();
    const stream = await w.caller(owner, controller.signal).messages.onCreate({ channelId, lastEventId: seen.id });
    const iterator = stream[Symbol.asyncIterator]();
    expect(trackedData((await iterator.next()).value)).toMatchObject({ content: "missed 1" });
    expect(trackedData((await iterator.next()).value)).toMatchObject({ content: "missed 2" });
    controller.abort();
  });
});

describe("developer portal and bot consent", () => {
  it("creates an application, resets its token and adds its bot with the chosen permissions", async () => {
    const owner = await person("frank");
    const api = w.caller(owner);
    const created = await api.applications.create({ name: "Helper Bot" });
    expect(created.botToken.split(".")).toHaveLength(3);
    expect(created.clientSecret.length).toBeGreaterThan(20);
    expect(await w.domain.applications.authenticateBot(created.botToken)).not.toBeNull();
    const { botToken } = await api.applications.resetBotToken({ applicationId: created.application.id });
    expect(await w.domain.applications.authenticateBot(created.botToken)).toBeNull();
    expect(await w.domain.applications.authenticateBot(botToken)).not.toBeNull();
    expect(await api.applications.list()).toHaveLength(1);
    expect((await api.applications.get({ applicationId: created.application.id })).authorizeUrl).toBe("http://app.test/oauth2/authorize");

    const { guild } = await api.guilds.create({ name: "Frank's" });
    const bits = Permission.ViewChannel | Permission.SendMessages | Permission.Listen;
    const stranger = await person("grace");
    await expect(w.caller(stranger).oauth2.authorizeBot({ clientId: created.application.id, guildId: guild.id, permissions: bits.toString() })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await w.caller(stranger).oauth2.application({ clientId: created.application.id })).toMatchObject({ name: "Helper Bot", bot: { bot: true } });
    await expect(w.caller(stranger).oauth2.application({ clientId: "999999" })).rejects.toMatchObject({ code: "NOT_FOUND" });

    await api.oauth2.authorizeBot({ clientId: created.application.id, guildId: guild.id, permissions: bits.toString() });
    const members = await api.guilds.members({ guildId: guild.id });
    expect(members.map((m) => [m.user.username, m.user.bot])).toContainEqual([created.application.bot.username, true]);
    const role = await w.database.prisma.role.findFirst({ where: { guildId: BigInt(guild.id), botApplicationId: BigInt(created.application.id) } });
    expect(role?.permissions).toBe(bits);
  });
});
