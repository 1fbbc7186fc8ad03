import { verifyPassword } from "@chat/auth";
import { attachmentUrlSecondsLeft, Permission, UNSTORABLE_TEXT_MESSAGE } from "@chat/domain";
import { domainErrorData } from "../src/errors";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWorld, STRONG_PASSWORD, type TestWorld, trackedData } from "./world";

let w: TestWorld;
beforeAll(async () => {
  w = await createTestWorld();
});
afterAll(() => w?.close());

async function person(name: string) {
  const created = await w.caller(null).account.signUp({ username: name, password: STRONG_PASSWORD });
  return BigInt(created.id);
}

describe("account", () => {
  it("signs up with a username and hashed password and refuses bad usernames", async () => {
    const id = await person("alice");
    expect(await w.caller(id).account.me()).toEqual({ id: id.toString(), username: "alice", displayName: "alice" });
    const stored = await w.domain.users.findByUsername("alice");
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(stored?.passwordHash as string, STRONG_PASSWORD)).toBe(true);
    const bad = await w.caller(null).account.signUp({ username: "Bad Name!", password: STRONG_PASSWORD }).catch((e) => e);
    expect(bad).toBeInstanceOf(TRPCError);
    expect(bad.code).toBe("BAD_REQUEST");
    const taken = await w.caller(null).account.signUp({ username: "alice", password: STRONG_PASSWORD }).catch((e) => e);
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
    // Four, not more: the fifth send below is the last the channel's limit (5 per 5 s) allows.
    for (let i = 0; i < 4; i++) await api.messages.send({ channelId: firstChannelId as string, content: `hello ${i}` });
    const page = await api.messages.list({ channelId: firstChannelId as string, limit: 3 });
    expect(page.messages.map((m) => m.content)).toEqual(["hello 1", "hello 2", "hello 3"]);
    expect(page.hasMore).toBe(true);
    const older = await api.messages.list({ channelId: firstChannelId as string, before: page.messages[0]?.id, limit: 3 });
    expect(older.messages.map((m) => m.content)).toEqual(["hello 0"]);
    expect(older.hasMore).toBe(false);
    await expect(api.messages.send({ channelId: firstChannelId as string, content: "   " })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const outsider = await person("outsider");
    await expect(w.caller(outsider).messages.list({ channelId: firstChannelId as string })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("shows a message's files with signed URLs in history and in messages.get, which gives new ones to those who can see it", async () => {
    const me = await person("fay");
    const api = w.caller(me);
    const { firstChannelId } = await api.guilds.create({ name: "Fay's" });
    const channelId = firstChannelId as string;
    const sent = await w.domain.messages.create(BigInt(channelId), me, { content: "look" }, {
      files: [
        { index: 0, filename: "photo.png", contentType: "image/png", data: new Uint8Array([1, 2, 3]) },
        { index: 1, filename: "notes.txt", contentType: null, data: new Uint8Array([4]) },
      ],
    });
    const page = await api.messages.list({ channelId });
    const shown = page.messages.find((m) => m.id === sent.id);
    expect(shown?.attachments.map((a) => [a.filename, a.contentType, a.size, a.image])).toEqual([
      ["photo.png", "image/png", 3, true],
      ["notes.txt", "text/plain; charset=utf-8", 1, false],
    ]);
    // Each URL carries a signature the server accepts for that file only, for 24 hours.
    for (const attachment of shown?.attachments ?? []) {
      const url = new URL(attachment.url);
      expect(url.pathname).toBe(`/cdn/attachments/${channelId}/${attachment.id}/${encodeURIComponent(attachment.filename)}`);
      const query = Object.fromEntries(url.searchParams);
      expect(attachmentUrlSecondsLeft(w.domain.ctx, BigInt(channelId), BigInt(attachment.id), attachment.filename, query)).toBeGreaterThan(24 * 60 * 60 - 60);
      expect(attachmentUrlSecondsLeft(w.domain.ctx, BigInt(channelId), BigInt(attachment.id), "other.png", query)).toBeNull();
    }
    const again = await api.messages.get({ channelId, messageId: sent.id });
    expect(again.attachments.map((a) => a.id)).toEqual(shown?.attachments.map((a) => a.id));
    const outsider = await person("outsider_fay");
    await expect(w.caller(outsider).messages.get({ channelId, messageId: sent.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
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
    await expect(w.caller(friend).messages.onChange({ channelId: hidden.id.toString() })).rejects.toMatchObject({ code: "NOT_FOUND" });

    const controller = new AbortController();
    const stream = await w.caller(friend, controller.signal).messages.onChange({ channelId: firstChannelId as string });
    const iterator = stream[Symbol.asyncIterator]();
    const first = iterator.next();
    await new Promise((r) => setTimeout(r, 50));
    await w.caller(owner).messages.send({ channelId: hidden.id.toString(), content: "not for dave" });
    await w.caller(owner).messages.send({ channelId: firstChannelId as string, content: "hi dave" });
    const received = await first;
    expect(trackedData(received.value)).toMatchObject({ kind: "create", message: { content: "hi dave", author: { username: "carol", bot: false } } });

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
    const stream = await w.caller(owner, controller.signal).messages.onChange({ channelId, lastEventId: seen.id });
    const iterator = stream[Symbol.asyncIterator]();
    expect(trackedData((await iterator.next()).value)).toMatchObject({ kind: "create", message: { content: "missed 1" } });
    const missed2 = (await iterator.next()).value as unknown as [string, unknown];
    expect(missed2[1]).toMatchObject({ kind: "create", message: { content: "missed 2" } });

    // An edit of an older message keeps the cursor at the newest message, so a later reconnect back-fills nothing twice.
    const next = iterator.next();
    await w.domain.messages.edit(BigInt(channelId), BigInt(seen.id), owner, { content: "seen, edited" });
    const edited = (await next).value as unknown as [string, unknown];
    expect(edited[1]).toMatchObject({ kind: "update", message: { id: seen.id, content: "seen, edited" } });
    expect(edited[0]).toBe(missed2[0]);
    controller.abort();
  });

  it("streams edits and deletions, also of a bulk delete, only while the person can view the channel", async () => {
    const owner = await person("heidi");
    const reader = await person("ivan");
    const { guild, firstChannelId } = await w.caller(owner).guilds.create({ name: "Heidi's" });
    const channelId = firstChannelId as string;
    await w.domain.members.addPerson(BigInt(guild.id), reader);
    const other = await w.database.prisma.channel.create({ data: { guildId: BigInt(guild.id), type: 0, name: "elsewhere", position: 5 } });
    const a = await w.caller(owner).messages.send({ channelId, content: "first" });
    const b = await w.caller(owner).messages.send({ channelId, content: "second" });
    const c = await w.caller(owner).messages.send({ channelId, content: "third" });

    const controller = new AbortController();
    const stream = await w.caller(reader, controller.signal).messages.onChange({ channelId, lastEventId: c.id });
    const iterator = stream[Symbol.asyncIterator]();
    const next = () => iterator.next().then((r) => trackedData<Record<string, unknown>>(r.value));

    const first = next();
    await new Promise((r) => setTimeout(r, 50));
    await w.domain.messages.edit(BigInt(channelId), BigInt(a.id), owner, { content: "first, edited" });
    const update = (await first) as { kind: string; message: { id: string; content: string; editedAt: string | null } };
    expect(update).toMatchObject({ kind: "update", message: { id: a.id, content: "first, edited", author: { username: "heidi" } } });
    expect(update.message.editedAt).not.toBeNull();

    await w.domain.messages.delete(BigInt(channelId), BigInt(a.id), owner);
    expect(await next()).toEqual({ kind: "delete", id: a.id, channelId });

    await w.domain.messages.bulkDelete(BigInt(channelId), owner, { messages: [b.id, c.id] });
    const deleted = [await next(), await next()];
    expect(deleted).toEqual([
      { kind: "delete", id: b.id, channelId },
      { kind: "delete", id: c.id, channelId },
    ]);

    // Events of another channel never come (they would arrive first); after access is revoked, neither do this channel's.
    const elsewhere = await w.caller(owner).messages.send({ channelId: other.id.toString(), content: "elsewhere" });
    await w.domain.messages.edit(other.id, BigInt(elsewhere.id), owner, { content: "elsewhere, edited" });
    await w.domain.messages.delete(other.id, BigInt(elsewhere.id), owner);
    const later = await w.caller(owner).messages.send({ channelId, content: "fourth" });
    expect(await next()).toMatchObject({ kind: "create", message: { id: later.id } });
    await w.database.prisma.permissionOverwrite.create({ data: { channelId: BigInt(channelId), targetId: reader, type: 1, deny: Permission.ViewChannel } });
    const hidden = iterator.next();
    await w.domain.messages.edit(BigInt(channelId), BigInt(later.id), owner, { content: "fourth, edited" });
    await w.domain.messages.delete(BigInt(channelId), BigInt(later.id), owner);
    const outcome = await Promise.race([hidden.then(() => "delivered"), new Promise((r) => setTimeout(() => r("withheld"), 300))]);
    expect(outcome).toBe("withheld");
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

describe("text PostgreSQL cannot store", () => {
  it("answers NUL and unpaired surrogates in any string input with BAD_REQUEST 50035 naming the field, and writes nothing", async () => {
    const me = await person("nul_tester");
    const api = w.caller(me);
    const { guild, firstChannelId } = await api.guilds.create({ name: "Clean place" });
    const channelId = firstChannelId as string;
    const count = async () => ({
      users: await w.database.prisma.user.count(),
      guilds: await w.database.prisma.guild.count(),
      messages: await w.database.prisma.message.count(),
      applications: await w.database.prisma.application.count(),
    });
    const before = await count();
    const calls: [string, string, () => Promise<unknown>][] = [
      ["guilds.create", "name", () => api.guilds.create({ name: "bad\u0000guild" })],
      ["guilds.update", "name", () => api.guilds.update({ guildId: guild.id, name: "lone \ud800 surrogate" })],
      ["messages.send", "content", () => api.messages.send({ channelId, content: "hello\u0000" })],
      ["applications.create", "name", () => api.applications.create({ name: "app\u0000" })],
      ["invites.preview", "code", () => api.invites.preview({ code: "abc\u0000" })],
      ["account.signUp", "username", () => w.caller(null).account.signUp({ username: "nul\u0000name", password: STRONG_PASSWORD })],
    ];
    for (const [name, field, call] of calls) {
      const error = (await call().catch((e: unknown) => e)) as TRPCError;
      expect(error, name).toBeInstanceOf(TRPCError);
      expect(error.code, name).toBe("BAD_REQUEST");
      expect(domainErrorData(error), name).toEqual({ apiCode: 50035, fieldErrors: { [field]: [UNSTORABLE_TEXT_MESSAGE] } });
    }
    expect(await count()).toEqual(before);
  });

  it("names a field called constructor or __proto__ holding NUL like any other field (not an internal error)", async () => {
    const me = await person("proto_tester");
    for (const field of ["constructor", "__proto__", "toString"]) {
      const input = JSON.parse(`{"name":"fine",${JSON.stringify(field)}:"bad\\u0000"}`);
      const error = (await w.caller(me).applications.create(input).catch((e: unknown) => e)) as TRPCError;
      expect(error.code, field).toBe("BAD_REQUEST");
      expect(JSON.parse(JSON.stringify(domainErrorData(error))), field).toEqual(JSON.parse(`{"apiCode":50035,"fieldErrors":{${JSON.stringify(field)}:[${JSON.stringify(UNSTORABLE_TEXT_MESSAGE)}]}}`));
    }
  });
});

describe("ids the database cannot hold", () => {
  it("refuses an id past PostgreSQL's bigint range, or spelled with leading zeros, as BAD_REQUEST naming the field", async () => {
    const me = await person("id_tester");
    const api = w.caller(me);
    const { id: applicationId } = (await api.applications.create({ name: "Mine" })).application;
    const calls: [string, string, () => Promise<unknown>][] = [
      ["applications.resetClientSecret", "applicationId", () => api.applications.resetClientSecret({ applicationId: "9223372036854775808" })],
      ["applications.get", "applicationId", () => api.applications.get({ applicationId: "9999999999999999999" })],
      ["guilds.channels", "guildId", () => api.guilds.channels({ guildId: "9223372036854775808" })],
      ["messages.list", "before", () => api.messages.list({ channelId: "1", before: "9999999999999999999" })],
      ["applications.get", "applicationId", () => api.applications.get({ applicationId: `00${applicationId}` })],
    ];
    for (const [name, field, call] of calls) {
      const error = (await call().catch((e: unknown) => e)) as TRPCError;
      expect(error, name).toBeInstanceOf(TRPCError);
      expect(error.code, name).toBe("BAD_REQUEST");
      expect(domainErrorData(error).fieldErrors, name).toEqual({ [field]: ["Not an id."] });
    }
    expect((await api.applications.get({ applicationId })).id).toBe(applicationId);
  });
});
