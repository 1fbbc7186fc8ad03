import { Permission } from "@chat/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../support/harness";
import { botClient, fixtures } from "../support/rest-fixtures";
import { type BotLibrary, eventually, type LibraryConnection, type LibraryFactory } from "./bot-library";
import { GatewayRelay } from "./gateway-relay";

export const CONFORMANCE_PERMISSIONS =
  Permission.ViewChannel |
  Permission.SendMessages |
  Permission.ReadMessageHistory |
  Permission.AttachFiles |
  Permission.EmbedLinks |
  Permission.AddReactions |
  Permission.ManageMessages;

/** Guilds, Guild Members, Guild Messages, Guild Message Reactions, Message Content. */
export const CONFORMANCE_INTENTS = (1 << 0) | (1 << 1) | (1 << 9) | (1 << 10) | (1 << 15);

export interface LibraryUnderTest {
  name: string;
  create: LibraryFactory;
}

/**
 * The bot scenario every library runs, written once. `library` is the one under test; `peer`
 * (another library) receives its message and replies to it. The gateway is reached through
 * a TCP relay so the scenario can cut the connection as a network would.
 */
export function describeConformance(library: LibraryUnderTest, peer: LibraryUnderTest): void {
  describe(`${library.name} works unmodified against the server`, () => {
    const env = useTestServer({ world: CONFORMANCE_PERMISSIONS });
    let relay: GatewayRelay;
    let bot: BotLibrary;
    let other: BotLibrary;
    let peerUserId: string;
    let sentId: string;
    const text = () => env.world.text.id.toString();

    const connection = (token: string): LibraryConnection => ({
      api: env.t.api,
      base: env.t.base,
      token,
      intents: CONFORMANCE_INTENTS,
    });

    beforeAll(async () => {
      relay = await GatewayRelay.start(env.t.server.port);
      env.t.server.ctx.urls.gatewayUrl = `ws://127.0.0.1:${relay.port}/gateway`;
      const peerApp = await env.t.seed.bot(env.world, CONFORMANCE_PERMISSIONS);
      peerUserId = peerApp.botUser.id.toString();
      bot = library.create(connection(env.world.token));
      other = peer.create(connection(peerApp.botToken));
    });
    afterAll(async () => {
      await Promise.allSettled([bot?.destroy(), other?.destroy()]);
      await relay?.close();
    });

    it("logs in: READY and GUILD_CREATE land in its cache (guild, channels, roles, members)", async () => {
      await bot.login();
      expect(bot.selfId()).toBe(env.world.botUserId.toString());
      expect(bot.applicationId()).toBe(env.world.app.application.id.toString());
      const guild = bot.cachedGuild(env.world.guild.id.toString());
      expect(guild).toBeDefined();
      expect(guild?.name).toBe(env.world.guild.name);
      expect(guild?.channelIds).toEqual(expect.arrayContaining([text(), env.world.voice.id.toString()]));
      const roles = await env.t.server.ctx.database.prisma.role.findMany({
        where: { guildId: env.world.guild.id },
        select: { id: true },
      });
      expect([...(guild?.roleIds ?? [])].sort()).toEqual(roles.map((r) => r.id.toString()).sort());
      expect(guild?.memberIds).toEqual(
        expect.arrayContaining([env.world.owner.id.toString(), env.world.botUserId.toString(), peerUserId]),
      );
    });

    it(`sends a message with an embed and a file; a ${peer.name} bot receives it and replies to it`, async () => {
      await other.login();
      const sent = await bot.send(text(), {
        content: `hello from ${library.name}`,
        embed: { title: "Conformance", description: "an embed" },
        file: { name: "hello.txt", data: Buffer.from("file bytes") },
      });
      sentId = sent.id;
      expect(sent).toMatchObject({
        channelId: text(),
        authorId: env.world.botUserId.toString(),
        content: `hello from ${library.name}`,
        embedTitles: ["Conformance"],
        attachmentNames: ["hello.txt"],
      });
      const received = await other.received.waitFor((m) => m.id === sent.id, "the sent message");
      expect(received).toMatchObject({
        authorId: env.world.botUserId.toString(),
        content: sent.content,
        embedTitles: ["Conformance"],
        attachmentNames: ["hello.txt"],
      });

      const reply = await other.reply(text(), sent.id, "a reply");
      expect(reply.referencedMessageId).toBe(sent.id);
      const replyHere = await bot.received.waitFor((m) => m.id === reply.id, "the peer's reply");
      expect(replyHere).toMatchObject({ authorId: peerUserId, content: "a reply", referencedMessageId: sent.id });
    });

    it("reacts and lists who reacted", async () => {
      await bot.react(text(), sentId, "👍");
      await other.react(text(), sentId, "👍");
      expect((await bot.reactionUserIds(text(), sentId, "👍")).sort()).toEqual(
        [env.world.botUserId.toString(), peerUserId].sort(),
      );
    });

    it("edits and deletes its message", async () => {
      const edited = await bot.edit(text(), sentId, "edited text");
      expect(edited).toMatchObject({ id: sentId, content: "edited text" });
      await bot.delete(text(), sentId);
      expect((await env.bot.get(`/channels/${text()}/messages/${sentId}`)).status).toBe(404);
    });

    it("pages history newest first", async () => {
      const channel = await fixtures(env.t).channel(env.world.guild.id, { name: "history" });
      const ids: string[] = [];
      for (let i = 0; i < 25; i++)
        ids.push((await fixtures(env.t).personMessage(channel.id, env.world.owner.id, `m${i}`)).id);
      const newestFirst = [...ids].reverse();
      const first = await bot.history(channel.id.toString(), { limit: 10 });
      expect(first).toEqual(newestFirst.slice(0, 10));
      const second = await bot.history(channel.id.toString(), { limit: 10, before: first[9] });
      expect(second).toEqual(newestFirst.slice(10, 20));
    });

    it("registers global commands under its application id and lists them", async () => {
      const applicationId = env.world.app.application.id.toString();
      const set = await bot.setGlobalCommands([
        { name: "ping", description: "Replies with pong" },
        { name: "echo", description: "Says it back" },
      ]);
      expect(set.map((c) => [c.name, c.applicationId]).sort()).toEqual([
        ["echo", applicationId],
        ["ping", applicationId],
      ]);
      const again = await bot.setGlobalCommands([{ name: "ping", description: "Replies with pong, again" }]);
      expect(again).toEqual([expect.objectContaining({ name: "ping", id: set.find((c) => c.name === "ping")?.id })]);
      expect((await bot.globalCommands()).map((c) => c.name)).toEqual(["ping"]);
    });

    it("gets a refusal as its own error type carrying the spec's code", async () => {
      expect(await bot.fetchChannelExpectingError("999999999")).toEqual({
        isLibraryError: true,
        code: 10003,
        status: 404,
      });
    });

    it("waits out a 429 and then succeeds", async () => {
      const channel = (await fixtures(env.t).channel(env.world.guild.id, { name: "limits" })).id.toString();
      const message = await fixtures(env.t).personMessage(BigInt(channel), env.world.owner.id, "react to this");
      const raw = botClient(env.t, env.world.token);
      const reaction = (emoji: string) =>
        raw.put(`/channels/${channel}/messages/${message.id}/reactions/${encodeURIComponent(emoji)}/@me`);
      // The reactions limit (4 per second per channel) is spent, so the library's first try is refused.
      // Spent until a 429 comes: on a loaded machine four requests can straddle a window's end.
      let refused = false;
      for (const emoji of ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]) {
        refused = (await reaction(emoji)).status === 429;
        if (refused) break;
      }
      expect(refused).toBe(true);
      await bot.react(channel, message.id, "🎉");
      expect(await bot.reactionUserIds(channel, message.id, "🎉")).toEqual([env.world.botUserId.toString()]);
    });

    it("resumes after its connection drops, without losing an event", async () => {
      await other.destroy();
      const resumesBefore = bot.resumes();
      relay.dropAll();
      const missed = await fixtures(env.t).personMessage(
        env.world.text.id,
        env.world.owner.id,
        "sent while the bot was cut off",
      );
      const seen = await bot.received.waitFor((m) => m.id === missed.id, "the message sent during the outage", 30_000);
      expect(seen.content).toBe("sent while the bot was cut off");
      await eventually(() => bot.resumes() > resumesBefore, "the library to report a resumed session");
      const after = await fixtures(env.t).personMessage(env.world.text.id, env.world.owner.id, "after the resume");
      await bot.received.waitFor((m) => m.id === after.id, "a message after the resume");
      expect(bot.received.all().filter((m) => m.id === missed.id)).toHaveLength(1);
    });

    it("reported no warning or error of its own along the way", () => {
      expect(bot.problems()).toEqual([]);
      expect(other.problems()).toEqual([]);
    });
  });
}
