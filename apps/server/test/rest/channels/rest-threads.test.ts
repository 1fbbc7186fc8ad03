import { Permission } from "@chat/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../../support/gateway-client";
import { useTestServer } from "../../support/harness";
import { validateResponse } from "../../support/openapi";
import { type BotClient, botClient, expectError, fixtures } from "../../support/rest-fixtures";

type WireThread = {
  id: string;
  type: number;
  name: string;
  parent_id: string;
  owner_id: string;
  member_count: number;
  thread_metadata: { archived: boolean; auto_archive_duration: number };
};
type WireThreadMember = { id: string; user_id: string; join_timestamp: string; flags: number };
type WireMessage = { id: string; type: number; content: string; author: { id: string } };

/** The permissions @everyone has by default include thread creation and posting in threads. */
const BOT =
  Permission.ViewChannel |
  Permission.SendMessages |
  Permission.CreatePublicThreads |
  Permission.SendMessagesInThreads |
  Permission.ReadMessageHistory;

describe("threads over REST", () => {
  // These tests send faster than the bot's global 50 per second; the limits have their own block below.
  const env = useTestServer({ world: BOT, server: { rateLimits: false } });
  let bot: BotClient;
  let n = 0;
  const newChannel = async (type: 0 | 2 | 4 = 0) =>
    (await fixtures(env.t).channel(env.world.guild.id, { name: `threads-${++n}`, type })).id;
  const say = (channel: bigint | string, content: string, author = env.world.owner.id) =>
    fixtures(env.t).personMessage(BigInt(channel), author, content);
  /** A thread started by the guild's owner (a person), not by the bot. */
  const ownersThread = async (name = "owner's thread") =>
    (await env.t.server.ctx.domain.threads.create(await newChannel(), env.world.owner.id, {
      name,
    })) as unknown as WireThread;

  beforeAll(async () => {
    // @everyone's defaults would give the bot thread rights anyway: take them away so the role decides.
    await env.t.server.ctx.database.prisma.role.update({
      where: { id: env.world.guild.id },
      data: { permissions: Permission.ViewChannel },
    });
    bot = botClient(env.t, env.world.token);
  });

  describe("POST /channels/{channel}/messages/{message}/threads", () => {
    it("starts a thread from a message: the bot owns it and is its first member; THREAD_CREATE is sent", async () => {
      const gateway = await RawGatewayClient.identified(env.t, env.world.token, Intents.Guilds);
      await gateway.dispatch("GUILD_CREATE");
      const channel = await newChannel();
      const message = await say(channel, "let's discuss");
      const res = await bot.post(`/channels/${channel}/messages/${message.id}/threads`, {
        name: "Discussion",
        auto_archive_duration: 1440,
      });
      expect(res.status).toBe(201);
      const thread = (await res.json()) as WireThread;
      expect(validateResponse("post", "/channels/{channel_id}/messages/{message_id}/threads", 201, thread)).toEqual([]);
      expect(thread).toMatchObject({
        type: 11,
        name: "Discussion",
        parent_id: channel.toString(),
        owner_id: env.world.botUserId.toString(),
        member_count: 1,
      });
      expect(thread.id).toBe(message.id);
      expect(thread.thread_metadata).toMatchObject({ archived: false, auto_archive_duration: 1440 });
      const event = await gateway.dispatch("THREAD_CREATE", (d) => d.id === thread.id);
      expect(event.d).toMatchObject({
        newly_created: true,
        guild_id: env.world.guild.id.toString(),
        parent_id: channel.toString(),
      });
      const members = (await (await bot.get(`/channels/${thread.id}/thread-members`)).json()) as WireThreadMember[];
      expect(members.map((m) => m.user_id)).toEqual([env.world.botUserId.toString()]);
      await gateway.close();
    });

    it("allows one thread per message (160004)", async () => {
      const channel = await newChannel();
      const message = await say(channel, "once");
      expect((await bot.post(`/channels/${channel}/messages/${message.id}/threads`, { name: "first" })).status).toBe(
        201,
      );
      await expectError(
        await bot.post(`/channels/${channel}/messages/${message.id}/threads`, { name: "second" }),
        400,
        160004,
      );
    });

    it("answers Unknown Message (10008) for a message of another channel or none", async () => {
      const [channel, elsewhere] = [await newChannel(), await newChannel()];
      const message = await say(elsewhere, "not here");
      await expectError(
        await bot.post(`/channels/${channel}/messages/${message.id}/threads`, { name: "x" }),
        404,
        10008,
      );
      await expectError(await bot.post(`/channels/${channel}/messages/99999999/threads`, { name: "x" }), 404, 10008);
    });

    it("needs Create Public Threads (50013) and a name (50035)", async () => {
      const channel = await newChannel();
      const message = await say(channel, "hi");
      await fixtures(env.t).overwrite(channel, env.world.botUserId, { deny: Permission.CreatePublicThreads }, 1);
      await expectError(
        await bot.post(`/channels/${channel}/messages/${message.id}/threads`, { name: "x" }),
        403,
        50013,
      );
      const open = await newChannel();
      const other = await say(open, "hi");
      expect(
        (await expectError(await bot.post(`/channels/${open}/messages/${other.id}/threads`, {}), 400, 50035)).errors,
      ).toHaveProperty("name");
      expect(
        (
          await expectError(
            await bot.post(`/channels/${open}/messages/${other.id}/threads`, { name: "x".repeat(101) }),
            400,
            50035,
          )
        ).errors,
      ).toHaveProperty("name");
    });

    it("starts threads only in text channels (50024), never in a DM (50003)", async () => {
      const voice = await newChannel(2);
      const inVoice = await say(voice, "voice text");
      await expectError(await bot.post(`/channels/${voice}/messages/${inVoice.id}/threads`, { name: "x" }), 400, 50024);
      const thread = await ownersThread();
      const inThread = await say(thread.id, "nested?");
      await expectError(
        await bot.post(`/channels/${thread.id}/messages/${inThread.id}/threads`, { name: "x" }),
        400,
        50024,
      );
      await expectError(await bot.post(`/channels/${thread.id}/threads`, { name: "x" }), 400, 50024);
      const dm = await env.t.server.ctx.domain.directMessages.open(env.world.botUserId, {
        recipient_id: env.world.owner.id.toString(),
      });
      const dmMessage = await (await bot.post(`/channels/${dm.id}/messages`, { content: "hello" })).json();
      await expectError(
        await bot.post(`/channels/${dm.id}/messages/${(dmMessage as WireMessage).id}/threads`, { name: "x" }),
        403,
        50003,
      );
      await expectError(await bot.post(`/channels/${dm.id}/threads`, { name: "x" }), 403, 50003);
      await expectError(await bot.put(`/channels/${dm.id}/thread-members/@me`), 403, 50003);
      await expectError(await bot.get(`/channels/${dm.id}/thread-members`), 403, 50003);
      await expectError(await bot.get(`/channels/${dm.id}/threads/archived/public`), 403, 50003);
    });
  });

  describe("POST /channels/{channel}/threads", () => {
    it("starts a thread and announces it in the channel with a type 18 system message", async () => {
      const gateway = await RawGatewayClient.identified(env.t, env.world.token, Intents.Guilds | Intents.GuildMessages);
      await gateway.dispatch("GUILD_CREATE");
      const channel = await newChannel();
      const res = await bot.post(`/channels/${channel}/threads`, { name: "Planning", type: 11 });
      expect(res.status).toBe(201);
      const thread = (await res.json()) as WireThread;
      expect(validateResponse("post", "/channels/{channel_id}/threads", 201, thread)).toEqual([]);
      expect(thread).toMatchObject({ type: 11, name: "Planning", owner_id: env.world.botUserId.toString() });
      expect((await gateway.dispatch("THREAD_CREATE", (d) => d.id === thread.id)).d.name).toBe("Planning");
      const announced = (await gateway.dispatch("MESSAGE_CREATE", (d) => d.channel_id === channel.toString())).d;
      expect(announced).toMatchObject({
        type: 18,
        content: "Planning",
        author: { id: env.world.botUserId.toString() },
      });
      const history = (await (await bot.get(`/channels/${channel}/messages`)).json()) as WireMessage[];
      expect(history.map((m) => [m.type, m.content])).toEqual([[18, "Planning"]]);
      await gateway.close();
    });

    it("creates public threads only: another type answers 50035", async () => {
      const channel = await newChannel();
      for (const type of [10, 12, 0]) {
        expect(
          (await expectError(await bot.post(`/channels/${channel}/threads`, { name: "x", type }), 400, 50035)).errors,
        ).toHaveProperty("type");
      }
      expect(
        (
          await expectError(
            await bot.post(`/channels/${channel}/threads`, { name: "x", auto_archive_duration: 5 }),
            400,
            50035,
          )
        ).errors,
      ).toHaveProperty("auto_archive_duration");
    });

    it("needs Create Public Threads (50013); a hidden channel is unknown (10003)", async () => {
      const channel = await newChannel();
      await fixtures(env.t).overwrite(channel, env.world.botUserId, { deny: Permission.CreatePublicThreads }, 1);
      await expectError(await bot.post(`/channels/${channel}/threads`, { name: "x" }), 403, 50013);
      const hidden = await newChannel();
      await fixtures(env.t).overwrite(hidden, env.world.botUserId, { deny: Permission.ViewChannel }, 1);
      await expectError(await bot.post(`/channels/${hidden}/threads`, { name: "x" }), 404, 10003);
    });
  });

  describe("thread members", () => {
    it("joins and leaves (204 each) and lists members", async () => {
      const thread = await ownersThread();
      expect((await bot.put(`/channels/${thread.id}/thread-members/@me`)).status).toBe(204);
      expect((await bot.put(`/channels/${thread.id}/thread-members/@me`)).status).toBe(204);
      const res = await bot.get(`/channels/${thread.id}/thread-members`);
      expect(res.status).toBe(200);
      const members = (await res.json()) as WireThreadMember[];
      expect(validateResponse("get", "/channels/{channel_id}/thread-members", 200, members)).toEqual([]);
      expect(members.map((m) => m.user_id)).toEqual([env.world.owner.id.toString(), env.world.botUserId.toString()]);
      expect(members[1]).toEqual({
        id: thread.id,
        user_id: env.world.botUserId.toString(),
        join_timestamp: expect.any(String),
        flags: 0,
      });
      expect((await bot.delete(`/channels/${thread.id}/thread-members/@me`)).status).toBe(204);
      const after = (await (await bot.get(`/channels/${thread.id}/thread-members`)).json()) as WireThreadMember[];
      expect(after.map((m) => m.user_id)).toEqual([env.world.owner.id.toString()]);
    });

    it("answers 50024 on a channel that is not a thread, and 10003 for a thread of a hidden channel", async () => {
      const channel = await newChannel();
      await expectError(await bot.put(`/channels/${channel}/thread-members/@me`), 400, 50024);
      await expectError(await bot.delete(`/channels/${channel}/thread-members/@me`), 400, 50024);
      await expectError(await bot.get(`/channels/${channel}/thread-members`), 400, 50024);
      const thread = await ownersThread();
      await fixtures(env.t).overwrite(
        BigInt(thread.parent_id),
        env.world.botUserId,
        { deny: Permission.ViewChannel },
        1,
      );
      await expectError(await bot.put(`/channels/${thread.id}/thread-members/@me`), 404, 10003);
      await expectError(await bot.get(`/channels/${thread.id}/thread-members`), 404, 10003);
    });
  });

  describe("the thread state table", () => {
    it("lets the starter rename and archive, and anyone who can post unarchive (PATCH), with THREAD_UPDATE", async () => {
      const gateway = await RawGatewayClient.identified(env.t, env.world.token, Intents.Guilds);
      await gateway.dispatch("GUILD_CREATE");
      const created = (await (
        await bot.post(`/channels/${await newChannel()}/threads`, { name: "mine" })
      ).json()) as WireThread;
      const renamed = await bot.patch(`/channels/${created.id}`, { name: "Mine, renamed" });
      expect(renamed.status).toBe(200);
      const body = (await renamed.json()) as WireThread;
      expect(validateResponse("patch", "/channels/{channel_id}", 200, body)).toEqual([]);
      expect(body.name).toBe("Mine, renamed");
      expect((await gateway.dispatch("THREAD_UPDATE", (d) => d.id === created.id)).d.name).toBe("Mine, renamed");

      const archived = (await (await bot.patch(`/channels/${created.id}`, { archived: true })).json()) as WireThread;
      expect(archived.thread_metadata.archived).toBe(true);
      expect((await gateway.dispatch("THREAD_UPDATE", (d) => d.id === created.id)).d.thread_metadata.archived).toBe(
        true,
      );

      const reopened = (await (await bot.patch(`/channels/${created.id}`, { archived: false })).json()) as WireThread;
      expect(reopened.thread_metadata.archived).toBe(false);
      await gateway.close();
    });

    it("refuses rename and archive by someone who is neither starter nor holds Manage Messages (50013)", async () => {
      const thread = await ownersThread();
      await expectError(await bot.patch(`/channels/${thread.id}`, { name: "taken over" }), 403, 50013);
      await expectError(await bot.patch(`/channels/${thread.id}`, { archived: true }), 403, 50013);
      // With Manage Messages in the parent channel the bot may.
      await fixtures(env.t).overwrite(
        BigInt(thread.parent_id),
        env.world.botUserId,
        { allow: Permission.ManageMessages },
        1,
      );
      expect(
        ((await (await bot.patch(`/channels/${thread.id}`, { name: "moderated" })).json()) as WireThread).name,
      ).toBe("moderated");
      expect(
        ((await (await bot.patch(`/channels/${thread.id}`, { archived: true })).json()) as WireThread).thread_metadata
          .archived,
      ).toBe(true);
    });

    it("refuses unarchiving by someone who cannot post in threads (50013)", async () => {
      const thread = await ownersThread();
      await env.t.server.ctx.domain.channels.update(BigInt(thread.id), env.world.owner.id, { archived: true });
      await fixtures(env.t).overwrite(
        BigInt(thread.parent_id),
        env.world.botUserId,
        { deny: Permission.SendMessagesInThreads },
        1,
      );
      await expectError(await bot.patch(`/channels/${thread.id}`, { archived: false }), 403, 50013);
    });

    it("accepts only name and archived on a thread (50035 naming the field)", async () => {
      const created = (await (
        await bot.post(`/channels/${await newChannel()}/threads`, { name: "strict" })
      ).json()) as WireThread;
      const body = await expectError(
        await bot.patch(`/channels/${created.id}`, { topic: "no", locked: true }),
        400,
        50035,
      );
      expect(body.errors).toHaveProperty("topic");
      expect(body.errors).toHaveProperty("locked");
      expect(
        (await expectError(await bot.patch(`/channels/${created.id}`, { name: "" }), 400, 50035)).errors,
      ).toHaveProperty("name");
    });

    it("reopens an archived thread when a message is posted in it, making the poster a member", async () => {
      const gateway = await RawGatewayClient.identified(env.t, env.world.token, Intents.Guilds);
      await gateway.dispatch("GUILD_CREATE");
      const thread = await ownersThread();
      await env.t.server.ctx.domain.channels.update(BigInt(thread.id), env.world.owner.id, { archived: true });
      await gateway.dispatch("THREAD_UPDATE", (d) => d.id === thread.id && d.thread_metadata.archived === true);
      const sent = await bot.post(`/channels/${thread.id}/messages`, { content: "back again" });
      expect(sent.status).toBe(200);
      expect((await gateway.dispatch("THREAD_UPDATE", (d) => d.id === thread.id)).d.thread_metadata.archived).toBe(
        false,
      );
      const current = (await (await bot.get(`/channels/${thread.id}`)).json()) as WireThread;
      expect(current.thread_metadata.archived).toBe(false);
      const members = (await (await bot.get(`/channels/${thread.id}/thread-members`)).json()) as WireThreadMember[];
      expect(members.map((m) => m.user_id)).toContain(env.world.botUserId.toString());
      await gateway.close();
    });

    it("does not let a bot without Send Messages in Threads post in (and so reopen) a thread", async () => {
      const thread = await ownersThread();
      await env.t.server.ctx.domain.channels.update(BigInt(thread.id), env.world.owner.id, { archived: true });
      await fixtures(env.t).overwrite(
        BigInt(thread.parent_id),
        env.world.botUserId,
        { deny: Permission.SendMessagesInThreads },
        1,
      );
      await expectError(await bot.post(`/channels/${thread.id}/messages`, { content: "let me in" }), 403, 50013);
      expect(((await (await bot.get(`/channels/${thread.id}`)).json()) as WireThread).thread_metadata.archived).toBe(
        true,
      );
    });

    it("deletes a thread only with Manage Messages, even its starter; THREAD_DELETE is sent", async () => {
      const gateway = await RawGatewayClient.identified(env.t, env.world.token, Intents.Guilds);
      await gateway.dispatch("GUILD_CREATE");
      const channel = await newChannel();
      const thread = (await (
        await bot.post(`/channels/${channel}/threads`, { name: "short-lived" })
      ).json()) as WireThread;
      await expectError(await bot.delete(`/channels/${thread.id}`), 403, 50013);
      await fixtures(env.t).overwrite(channel, env.world.botUserId, { allow: Permission.ManageMessages }, 1);
      const res = await bot.delete(`/channels/${thread.id}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as WireThread;
      expect(validateResponse("delete", "/channels/{channel_id}", 200, body)).toEqual([]);
      expect(body.id).toBe(thread.id);
      expect((await gateway.dispatch("THREAD_DELETE", (d) => d.id === thread.id)).d).toMatchObject({
        parent_id: channel.toString(),
        type: 11,
      });
      await expectError(await bot.get(`/channels/${thread.id}`), 404, 10003);
      await gateway.close();
    });
  });

  describe("listings", () => {
    it("lists a channel's archived threads at once (has_more false) with the bot's memberships", async () => {
      const channel = await newChannel();
      const mine = (await (await bot.post(`/channels/${channel}/threads`, { name: "mine" })).json()) as WireThread;
      const theirs = await env.t.server.ctx.domain.threads.create(channel, env.world.owner.id, { name: "theirs" });
      const active = await env.t.server.ctx.domain.threads.create(channel, env.world.owner.id, {
        name: "still active",
      });
      await bot.patch(`/channels/${mine.id}`, { archived: true });
      await env.t.server.ctx.domain.channels.update(BigInt(theirs.id), env.world.owner.id, { archived: true });
      const res = await bot.get(`/channels/${channel}/threads/archived/public`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { threads: WireThread[]; members: WireThreadMember[]; has_more: boolean };
      expect(validateResponse("get", "/channels/{channel_id}/threads/archived/public", 200, body)).toEqual([]);
      expect(body.has_more).toBe(false);
      expect(body.threads.map((th) => th.id).sort()).toEqual([mine.id, theirs.id].sort());
      expect(body.threads.map((th) => th.id)).not.toContain(active.id);
      expect(body.members.map((m) => [m.id, m.user_id])).toEqual([[mine.id, env.world.botUserId.toString()]]);
      await expectError(await bot.get(`/channels/${mine.id}/threads/archived/public`), 400, 50024);
    });

    it("lists the guild's active threads in channels the bot can see", async () => {
      const seen = await ownersThread("visible one");
      const archivedThread = await ownersThread("archived one");
      await env.t.server.ctx.domain.channels.update(BigInt(archivedThread.id), env.world.owner.id, { archived: true });
      const hiddenThread = await ownersThread("hidden one");
      await fixtures(env.t).overwrite(
        BigInt(hiddenThread.parent_id),
        env.world.botUserId,
        { deny: Permission.ViewChannel },
        1,
      );
      await bot.put(`/channels/${seen.id}/thread-members/@me`);
      const res = await bot.get(`/guilds/${env.world.guild.id}/threads/active`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { threads: WireThread[]; members: WireThreadMember[] };
      expect(validateResponse("get", "/guilds/{guild_id}/threads/active", 200, body)).toEqual([]);
      const ids = body.threads.map((th) => th.id);
      expect(ids).toContain(seen.id);
      expect(ids).not.toContain(archivedThread.id);
      expect(ids).not.toContain(hiddenThread.id);
      expect(body.members).toContainEqual(
        expect.objectContaining({ id: seen.id, user_id: env.world.botUserId.toString() }),
      );
      const stranger = await env.t.seed.world();
      await expectError(await bot.get(`/guilds/${stranger.guild.id}/threads/active`), 404, 10004);
    });
  });
});

describe("thread limits over REST", () => {
  const env = useTestServer({ world: BOT });

  it("limits starting threads to 5 per 5 s per channel; another channel is unaffected", async () => {
    const newChannel = async (name: string) => (await fixtures(env.t).channel(env.world.guild.id, { name })).id;
    const [busy, quiet] = [await newChannel("busy"), await newChannel("quiet")];
    for (let i = 0; i < 5; i++)
      expect((await env.bot.post(`/channels/${busy}/threads`, { name: `t${i}` })).status).toBe(201);
    const limited = await env.bot.post(`/channels/${busy}/threads`, { name: "t5" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.get("x-ratelimit-scope")).toBe("user");
    expect(await limited.json()).toEqual({
      message: expect.any(String),
      retry_after: expect.any(Number),
      global: false,
      code: 0,
    });
    expect((await env.bot.post(`/channels/${quiet}/threads`, { name: "fine" })).status).toBe(201);
  });
});
