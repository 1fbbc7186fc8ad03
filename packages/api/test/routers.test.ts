import { verifyPassword } from "@chat/auth";
import { attachmentUrlSecondsLeft, Permission, UNSTORABLE_TEXT_MESSAGE } from "@chat/domain";
import { TRPCError } from "@trpc/server";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainErrorData } from "../src/errors";
import { content, openLiveTab } from "./live-tab";
import { createTestWorld, STRONG_PASSWORD, type TestWorld } from "./world";

let w: TestWorld;
beforeAll(async () => {
  w = await createTestWorld();
});
afterAll(() => w?.close());

const person = (name: string) => w.signUp(name);

const guildOfTwo = (ownerName: string, memberName: string) => w.guildOfTwo(ownerName, memberName);

/** One browser tab of the person's, reading `live.stream`. */
const openTab = (userId: bigint, lastEventId: string | null = null) =>
  openLiveTab((signal) => w.caller(userId, signal), lastEventId);

describe("account", () => {
  it("signs up with a username and hashed password and refuses bad usernames", async () => {
    const id = await person("alice");
    expect(await w.caller(id).account.me()).toEqual({ id: id.toString(), username: "alice", displayName: "alice" });
    const stored = await w.domain.users.findByUsername("alice");
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(stored?.passwordHash as string, STRONG_PASSWORD)).toBe(true);
    const bad = await w
      .caller(null)
      .account.signUp({ username: "Bad Name!", password: STRONG_PASSWORD })
      .catch((e) => e);
    expect(bad).toBeInstanceOf(TRPCError);
    expect(bad.code).toBe("BAD_REQUEST");
    const taken = await w
      .caller(null)
      .account.signUp({ username: "alice", password: STRONG_PASSWORD })
      .catch((e) => e);
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
    expect(channels.map((c) => [c.name, c.kind])).toEqual([
      ["general", "text"],
      ["General", "voice"],
    ]);
    expect(firstChannelId).toBe(channels[0]?.id);
    // Four, not more: the fifth send below is the last the channel's limit (5 per 5 s) allows.
    for (let i = 0; i < 4; i++) await api.messages.send({ channelId: firstChannelId as string, content: `hello ${i}` });
    const page = await api.messages.list({ channelId: firstChannelId as string, limit: 3 });
    expect(page.messages.map((m) => m.content)).toEqual(["hello 1", "hello 2", "hello 3"]);
    expect(page.hasMore).toBe(true);
    expect(page.historyHidden).toBe(false);
    const older = await api.messages.list({
      channelId: firstChannelId as string,
      before: page.messages[0]?.id,
      limit: 3,
    });
    expect(older.messages.map((m) => m.content)).toEqual(["hello 0"]);
    expect(older.hasMore).toBe(false);
    await expect(api.messages.send({ channelId: firstChannelId as string, content: "   " })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    const outsider = await person("outsider");
    await expect(w.caller(outsider).messages.list({ channelId: firstChannelId as string })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("shows a message's files with signed URLs in history and in messages.get, which gives new ones to those who can see it", async () => {
    const me = await person("fay");
    const api = w.caller(me);
    const { firstChannelId } = await api.guilds.create({ name: "Fay's" });
    const channelId = firstChannelId as string;
    const sent = await w.domain.messages.create(
      BigInt(channelId),
      me,
      { content: "look" },
      {
        files: [
          { index: 0, filename: "photo.png", contentType: "image/png", data: new Uint8Array([1, 2, 3]) },
          { index: 1, filename: "notes.txt", contentType: null, data: new Uint8Array([4]) },
          { index: 2, filename: "clip.webm", contentType: null, data: new Uint8Array([5, 6]) },
          { index: 3, filename: "clip.mov", contentType: null, data: new Uint8Array([7]) },
        ],
      },
    );
    const page = await api.messages.list({ channelId });
    const shown = page.messages.find((m) => m.id === sent.id);
    // Pictures and videos the browser shows inline are marked; a QuickTime video is a file to download.
    expect(shown?.attachments.map((a) => [a.filename, a.contentType, a.size, a.image, a.video])).toEqual([
      ["photo.png", "image/png", 3, true, false],
      ["notes.txt", "text/plain; charset=utf-8", 1, false, false],
      ["clip.webm", "video/webm", 2, false, true],
      ["clip.mov", "video/quicktime", 1, false, false],
    ]);
    // Each URL carries a signature the server accepts for that file only, for 24 hours.
    for (const attachment of shown?.attachments ?? []) {
      const url = new URL(attachment.url);
      expect(url.pathname).toBe(
        `/cdn/attachments/${channelId}/${attachment.id}/${encodeURIComponent(attachment.filename)}`,
      );
      const query = Object.fromEntries(url.searchParams);
      expect(
        attachmentUrlSecondsLeft(w.domain.ctx, BigInt(channelId), BigInt(attachment.id), attachment.filename, query),
      ).toBeGreaterThan(24 * 60 * 60 - 60);
      expect(
        attachmentUrlSecondsLeft(w.domain.ctx, BigInt(channelId), BigInt(attachment.id), "other.png", query),
      ).toBeNull();
    }
    const again = await api.messages.get({ channelId, messageId: sent.id });
    expect(again.attachments.map((a) => a.id)).toEqual(shown?.attachments.map((a) => a.id));
    const outsider = await person("outsider_fay");
    await expect(w.caller(outsider).messages.get({ channelId, messageId: sent.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("delivers nothing of a channel hidden from the person, and new messages of the others live until their access is revoked", async () => {
    const { owner, member: friend, guildId: guildKey, channelId } = await guildOfTwo("carol", "dave");
    const guildId = BigInt(guildKey);
    const hidden = await w.database.prisma.channel.create({ data: { guildId, type: 0, name: "secret", position: 5 } });
    await w.database.prisma.permissionOverwrite.create({
      data: { channelId: hidden.id, targetId: guildId, type: 0, deny: Permission.ViewChannel },
    });
    const other = await w.database.prisma.channel.create({
      data: { guildId, type: 0, name: "elsewhere", position: 6 },
    });

    await expect(w.caller(friend).guilds.channels({ guildId: guildKey })).resolves.not.toContainEqual(
      expect.objectContaining({ name: "secret" }),
    );
    await expect(w.caller(friend).messages.list({ channelId: hidden.id.toString() })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    const tab = await openTab(friend);
    await tab.ready();
    const secret = await w.caller(owner).messages.send({ channelId: hidden.id.toString(), content: "not for dave" });
    await w.caller(owner).messages.typing({ channelId: hidden.id.toString() });
    await w.domain.messages.edit(hidden.id, BigInt(secret.id), owner, { content: "still not for dave" });
    await w.domain.messages.delete(hidden.id, BigInt(secret.id), owner);
    await w.caller(owner).messages.send({ channelId, content: "hi dave" });
    const received = await tab.until((f) => content(f) === "hi dave");
    expect(received).toMatchObject({
      t: GatewayDispatchEvents.MessageCreate,
      d: { channel_id: channelId, author: { username: "carol", bot: false } },
    });
    expect(tab.events().filter((f) => (f.d as { channel_id?: string }).channel_id === hidden.id.toString())).toEqual(
      [],
    );

    // Access revoked: later messages of the channel are not delivered (events keep bus order, so the barrier comes after them).
    await w.domain.channelOverwrites.put(BigInt(channelId), friend, owner, {
      type: 1,
      allow: "0",
      deny: Permission.ViewChannel.toString(),
    });
    await w.caller(owner).messages.send({ channelId, content: "secret now" });
    await w.caller(owner).messages.send({ channelId: other.id.toString(), content: "barrier" });
    await tab.until((f) => content(f) === "barrier");
    expect(tab.events().map(content)).not.toContain("secret now");
    tab.close();
  });

  it("resumes after a gap: what was missed while away comes first, in order, then what is new, and nothing twice", async () => {
    const owner = await person("erin");
    const api = w.caller(owner);
    const { firstChannelId } = await api.guilds.create({ name: "Erin's" });
    const channelId = firstChannelId as string;
    const away = await openTab(owner);
    await away.ready();
    const seen = await api.messages.send({ channelId, content: "seen" });
    await away.until((f) => content(f) === "seen");
    const cursor = away.lastCursor();
    away.close();

    await api.messages.send({ channelId, content: "missed 1" });
    await api.messages.send({ channelId, content: "missed 2" });
    await w.domain.messages.edit(BigInt(channelId), BigInt(seen.id), owner, { content: "seen, edited" });

    const back = await openTab(owner, cursor);
    expect(await back.ready()).toMatchObject({ resumed: true });
    await api.messages.send({ channelId, content: "live again" });
    await back.until((f) => content(f) === "live again");
    const messageEvents = back.events().filter((f) => f.t.startsWith("MESSAGE_"));
    expect(messageEvents.map((f) => [f.t, content(f)])).toEqual([
      [GatewayDispatchEvents.MessageCreate, "missed 1"],
      [GatewayDispatchEvents.MessageCreate, "missed 2"],
      [GatewayDispatchEvents.MessageUpdate, "seen, edited"],
      [GatewayDispatchEvents.MessageCreate, "live again"],
    ]);
    const lastCursor = back.lastCursor();
    back.close();

    // Back again from the newest cursor: nothing replayed a second time.
    const again = await openTab(owner, lastCursor);
    expect(await again.ready()).toMatchObject({ resumed: true });
    await api.messages.send({ channelId, content: "once more" });
    await again.until((f) => content(f) === "once more");
    expect(
      again
        .events()
        .filter((f) => f.t.startsWith("MESSAGE_"))
        .map(content),
    ).toEqual(["once more"]);
    again.close();
  });

  it("streams edits and deletions, one MESSAGE_DELETE per message of a bulk delete, only while the person can view the channel", async () => {
    const { owner, member: reader, guildId, channelId } = await guildOfTwo("heidi", "ivan");
    const other = await w.database.prisma.channel.create({
      data: { guildId: BigInt(guildId), type: 0, name: "elsewhere", position: 5 },
    });
    const a = await w.caller(owner).messages.send({ channelId, content: "first" });
    const b = await w.caller(owner).messages.send({ channelId, content: "second" });
    const c = await w.caller(owner).messages.send({ channelId, content: "third" });

    const tab = await openTab(reader);
    await tab.ready();
    await w.domain.messages.edit(BigInt(channelId), BigInt(a.id), owner, { content: "first, edited" });
    const update = await tab.until((f) => f.t === GatewayDispatchEvents.MessageUpdate);
    expect(update.d).toMatchObject({ id: a.id, content: "first, edited", author: { username: "heidi" } });
    expect((update.d as { edited_timestamp: string | null }).edited_timestamp).not.toBeNull();

    await w.domain.messages.delete(BigInt(channelId), BigInt(a.id), owner);
    await w.domain.messages.bulkDelete(BigInt(channelId), owner, { messages: [b.id, c.id] });
    await tab.until((f) => f.t === GatewayDispatchEvents.MessageDelete && (f.d as { id: string }).id === c.id);
    expect(
      tab
        .events()
        .filter((f) => f.t === GatewayDispatchEvents.MessageDelete)
        .map((f) => f.d),
    ).toEqual([
      { id: a.id, channel_id: channelId, guild_id: guildId },
      { id: b.id, channel_id: channelId, guild_id: guildId },
      { id: c.id, channel_id: channelId, guild_id: guildId },
    ]);

    // After access is revoked, neither edits nor deletions of the channel come (the barrier follows them in bus order).
    const later = await w.caller(owner).messages.send({ channelId, content: "fourth" });
    await tab.until((f) => content(f) === "fourth");
    await w.domain.channelOverwrites.put(BigInt(channelId), reader, owner, {
      type: 1,
      allow: "0",
      deny: Permission.ViewChannel.toString(),
    });
    await w.domain.messages.edit(BigInt(channelId), BigInt(later.id), owner, { content: "fourth, edited" });
    await w.domain.messages.delete(BigInt(channelId), BigInt(later.id), owner);
    await w.caller(owner).messages.send({ channelId: other.id.toString(), content: "barrier" });
    await tab.until((f) => content(f) === "barrier");
    expect(
      tab
        .events()
        .filter((f) => (f.d as { id?: string }).id === later.id)
        .map((f) => f.t),
    ).toEqual([GatewayDispatchEvents.MessageCreate]);
    tab.close();
  });

  it("gives a person with View Channel but not Read Message History no history (historyHidden, not an error) and new messages live", async () => {
    const { owner, member: reader, channelId } = await guildOfTwo("judy", "karl");
    const earlier = await w.caller(owner).messages.send({ channelId, content: "said before" });
    await w.database.prisma.permissionOverwrite.create({
      data: { channelId: BigInt(channelId), targetId: reader, type: 1, deny: Permission.ReadMessageHistory },
    });

    expect(await w.caller(reader).messages.list({ channelId })).toEqual({
      messages: [],
      hasMore: false,
      historyHidden: true,
    });
    expect(await w.caller(reader).messages.list({ channelId, before: earlier.id, limit: 1 })).toEqual({
      messages: [],
      hasMore: false,
      historyHidden: true,
    });
    expect(await w.caller(owner).messages.list({ channelId })).toMatchObject({
      messages: [{ id: earlier.id }],
      historyHidden: false,
    });
    // Bots read history with View Channel alone (spec: Messages): the domain's list is unchanged for them.
    expect((await w.domain.messages.list(BigInt(channelId), reader, {})).map((m) => m.id)).toEqual([earlier.id]);

    const tab = await openTab(reader);
    await tab.ready();
    const fresh = await w.caller(owner).messages.send({ channelId, content: "said now" });
    expect((await tab.until((f) => content(f) === "said now")).d).toMatchObject({
      id: fresh.id,
      channel_id: channelId,
    });
    tab.close();
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
    expect((await api.applications.get({ applicationId: created.application.id })).authorizeUrl).toBe(
      "http://app.test/oauth2/authorize",
    );

    const { guild } = await api.guilds.create({ name: "Frank's" });
    const bits = Permission.ViewChannel | Permission.SendMessages | Permission.Listen;
    const stranger = await person("grace");
    await expect(
      w
        .caller(stranger)
        .oauth2.authorizeBot({ clientId: created.application.id, guildId: guild.id, permissions: bits.toString() }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await w.caller(stranger).oauth2.application({ clientId: created.application.id })).toMatchObject({
      name: "Helper Bot",
      bot: { bot: true },
    });
    await expect(w.caller(stranger).oauth2.application({ clientId: "999999" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    await api.oauth2.authorizeBot({
      clientId: created.application.id,
      guildId: guild.id,
      permissions: bits.toString(),
    });
    const members = await api.guilds.members({ guildId: guild.id });
    expect(members.map((m) => [m.user.username, m.user.bot])).toContainEqual([created.application.bot.username, true]);
    const role = await w.database.prisma.role.findFirst({
      where: { guildId: BigInt(guild.id), botApplicationId: BigInt(created.application.id) },
    });
    expect(role?.permissions).toBe(bits);
  });

  it('a private bot (the "Public bot" switch off) is added by its owner only; others are told why and refused', async () => {
    const developer = await person("private_dev");
    const manager = await person("private_guild_owner");
    const created = await w.caller(developer).applications.create({ name: "Private Bot" });
    const clientId = created.application.id;
    expect(await w.caller(developer).applications.get({ applicationId: clientId })).toMatchObject({ botPublic: true });
    expect(await w.caller(developer).applications.setBotPublic({ applicationId: clientId, botPublic: false })).toEqual({
      botPublic: false,
    });
    expect(await w.caller(developer).applications.get({ applicationId: clientId })).toMatchObject({ botPublic: false });
    // Only the owner switches it.
    await expect(
      w.caller(manager).applications.setBotPublic({ applicationId: clientId, botPublic: true }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });

    const { guild } = await w.caller(manager).guilds.create({ name: "Someone else's" });
    expect(await w.caller(manager).oauth2.application({ clientId })).toMatchObject({
      name: "Private Bot",
      addable: false,
    });
    const refused = await w
      .caller(manager)
      .oauth2.authorizeBot({ clientId, guildId: guild.id, permissions: "0" })
      .catch((e) => e);
    expect(refused).toMatchObject({ code: "FORBIDDEN", message: "This bot is private: only its owner can add it." });
    expect(
      await w.database.prisma.member.count({ where: { guildId: BigInt(guild.id), userId: BigInt(clientId) } }),
    ).toBe(0);
    expect(
      await w.database.prisma.role.count({ where: { guildId: BigInt(guild.id), botApplicationId: BigInt(clientId) } }),
    ).toBe(0);

    const own = await w.caller(developer).guilds.create({ name: "The developer's" });
    expect(await w.caller(developer).oauth2.application({ clientId })).toMatchObject({ addable: true });
    await w
      .caller(developer)
      .oauth2.authorizeBot({ clientId, guildId: own.guild.id, permissions: Permission.ViewChannel.toString() });
    expect(
      await w.database.prisma.member.count({ where: { guildId: BigInt(own.guild.id), userId: BigInt(clientId) } }),
    ).toBe(1);

    await w.caller(developer).applications.setBotPublic({ applicationId: clientId, botPublic: true });
    expect(await w.caller(manager).oauth2.application({ clientId })).toMatchObject({ addable: true });
    await w.caller(manager).oauth2.authorizeBot({ clientId, guildId: guild.id, permissions: "0" });
    expect(
      await w.database.prisma.member.count({ where: { guildId: BigInt(guild.id), userId: BigInt(clientId) } }),
    ).toBe(1);
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
      [
        "account.signUp",
        "username",
        () => w.caller(null).account.signUp({ username: "nul\u0000name", password: STRONG_PASSWORD }),
      ],
    ];
    for (const [name, field, call] of calls) {
      const error = (await call().catch((e: unknown) => e)) as TRPCError;
      expect(error, name).toBeInstanceOf(TRPCError);
      expect(error.code, name).toBe("BAD_REQUEST");
      expect(domainErrorData(error), name).toEqual({
        apiCode: 50035,
        fieldErrors: { [field]: [UNSTORABLE_TEXT_MESSAGE] },
      });
    }
    expect(await count()).toEqual(before);
  });

  it("names a field called constructor or __proto__ holding NUL like any other field (not an internal error)", async () => {
    const me = await person("proto_tester");
    for (const field of ["constructor", "__proto__", "toString"]) {
      const input = JSON.parse(`{"name":"fine",${JSON.stringify(field)}:"bad\\u0000"}`);
      const error = (await w
        .caller(me)
        .applications.create(input)
        .catch((e: unknown) => e)) as TRPCError;
      expect(error.code, field).toBe("BAD_REQUEST");
      expect(JSON.parse(JSON.stringify(domainErrorData(error))), field).toEqual(
        JSON.parse(
          `{"apiCode":50035,"fieldErrors":{${JSON.stringify(field)}:[${JSON.stringify(UNSTORABLE_TEXT_MESSAGE)}]}}`,
        ),
      );
    }
  });
});

describe("ids the database cannot hold", () => {
  it("refuses an id past PostgreSQL's bigint range, or spelled with leading zeros, as BAD_REQUEST naming the field", async () => {
    const me = await person("id_tester");
    const api = w.caller(me);
    const { id: applicationId } = (await api.applications.create({ name: "Mine" })).application;
    const calls: [string, string, () => Promise<unknown>][] = [
      [
        "applications.resetClientSecret",
        "applicationId",
        () => api.applications.resetClientSecret({ applicationId: "9223372036854775808" }),
      ],
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
