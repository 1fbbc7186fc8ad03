import { Permission } from "@chat/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../../support/gateway-client";
import { useTestServer } from "../../support/harness";
import { validateResponse } from "../../support/openapi";
import { type BotClient, botClient, expectError, fixtures } from "../../support/rest-fixtures";

type WireReaction = { emoji: { id: string | null; name: string | null }; count: number; me: boolean };
type WireMessage = { id: string; reactions?: WireReaction[] };

const GUILD_MESSAGE_REACTIONS = 1 << 10;
const BOT_PERMISSIONS =
  Permission.ViewChannel | Permission.SendMessages | Permission.ReadMessageHistory | Permission.AddReactions;

const enc = encodeURIComponent;

describe("reactions over REST", () => {
  /** env.bot is the world's bot: Add Reactions, no Manage Messages. */
  const env = useTestServer({ world: BOT_PERMISSIONS });
  /** A second bot in the same guild holding Manage Messages. */
  let mod: BotClient;
  let n = 0;
  const newChannel = async () => (await fixtures(env.t).channel(env.world.guild.id, { name: `reactions-${++n}` })).id;
  const say = async (channelId: bigint, content = "react to me") =>
    BigInt((await fixtures(env.t).personMessage(channelId, env.world.owner.id, content)).id);
  /** A reaction put through the domain service (as the web app does), so set-up does not spend the route limit. */
  const react = (channelId: bigint, messageId: bigint, emoji: string, userId: bigint) =>
    env.t.server.ctx.domain.reactions.add(channelId, messageId, emoji, userId);
  const path = (channelId: bigint, messageId: bigint, rest = "") =>
    `/channels/${channelId}/messages/${messageId}/reactions${rest}`;
  const message = async (channelId: bigint, messageId: bigint) => {
    const res = await env.bot.get(`/channels/${channelId}/messages/${messageId}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as WireMessage;
    expect(validateResponse("get", "/channels/{channel_id}/messages/{message_id}", 200, body)).toEqual([]);
    return body;
  };
  const newPerson = async () => {
    const person = await env.t.seed.person();
    await env.t.server.ctx.domain.members.addPerson(env.world.guild.id, person.id);
    return person;
  };
  const guildEmoji = (name: string, options: { animated?: boolean; guildId?: bigint } = {}) =>
    env.t.server.ctx.database.prisma.emoji.create({
      data: {
        guildId: options.guildId ?? env.world.guild.id,
        name,
        animated: options.animated ?? false,
        image: new Uint8Array([137, 80, 78, 71]),
      },
    });

  beforeAll(async () => {
    const app = await env.t.seed.bot(env.world, BOT_PERMISSIONS | Permission.ManageMessages);
    mod = botClient(env.t, app.botToken);
  });

  describe("adding", () => {
    it("adds a URL-encoded Unicode emoji, answers 204 again for the same one, and the message shows it", async () => {
      const channel = await newChannel();
      const id = await say(channel);
      expect(await message(channel, id)).not.toHaveProperty("reactions");

      const first = await env.bot.put(path(channel, id, `/${enc("👍")}/@me`));
      expect(first.status).toBe(204);
      expect(await first.text()).toBe("");
      expect((await env.bot.put(path(channel, id, `/${enc("👍")}/@me`))).status).toBe(204);
      await react(channel, id, "👍", env.world.owner.id);

      const body = await message(channel, id);
      expect(body.reactions).toEqual([
        {
          emoji: { id: null, name: "👍" },
          count: 2,
          count_details: { burst: 0, normal: 2 },
          me: true,
          me_burst: false,
          burst_colors: [],
        },
      ]);
      // Seen by the other bot, which did not react: `me` is false.
      const seenByMod = (await (await mod.get(`/channels/${channel}/messages/${id}`)).json()) as WireMessage;
      expect(seenByMod.reactions?.[0]).toMatchObject({ count: 2, me: false });
    });

    it("accepts keycaps, flags, skin tones, ZWJ sequences and guild emoji written name:id or a:name:id", async () => {
      const channel = await newChannel();
      const id = await say(channel);
      const still = await guildEmoji("blobwave");
      const animated = await guildEmoji("partyblob", { animated: true });
      for (const emoji of ["1️⃣", "🇫🇷", "👍🏽", "👨‍👩‍👧"]) await react(channel, id, emoji, env.world.botUserId);
      expect((await env.bot.put(path(channel, id, `/${enc(`blobwave:${still.id}`)}/@me`))).status).toBe(204);
      // The colon may also come unencoded, and the animated form names the same emoji.
      expect((await env.bot.put(path(channel, id, `/a:partyblob:${animated.id}/@me`))).status).toBe(204);

      const body = await message(channel, id);
      expect(body.reactions?.map((r) => r.emoji)).toEqual([
        { id: null, name: "1️⃣" },
        { id: null, name: "🇫🇷" },
        { id: null, name: "👍🏽" },
        { id: null, name: "👨‍👩‍👧" },
        { id: still.id.toString(), name: "blobwave" },
        { id: animated.id.toString(), name: "partyblob" },
      ]);
      expect(body.reactions?.every((r) => r.me && r.count === 1)).toBe(true);
    });

    it("answers 10014 for text that is no emoji, several emoji, an unknown custom id or an emoji of a guild the bot is not in", async () => {
      const channel = await newChannel();
      const id = await say(channel);
      const stranger = await env.t.seed.world();
      const foreign = await guildEmoji("faraway", { guildId: stranger.guild.id });
      const refused = ["abc", "1", enc("👍👍"), enc("<:blob:1>"), "blob:99999999", `faraway:${foreign.id}`];
      for (const [i, emoji] of refused.entries()) {
        // Spread over two channels' worth of time: four writes per second per channel are allowed.
        if (i === 4) await new Promise((r) => setTimeout(r, 1000));
        await expectError(await env.bot.put(path(channel, id, `/${emoji}/@me`)), 404, 10014);
      }
      await expectError(await env.bot.get(path(channel, id, "/blob:99999999")), 404, 10014);
      await expectError(await mod.delete(path(channel, id, "/notanemoji")), 404, 10014);
    });

    it("needs Add Reactions", async () => {
      const channel = await newChannel();
      const id = await say(channel);
      await fixtures(env.t).overwrite(channel, env.world.guild.id, { deny: Permission.AddReactions });
      await expectError(await env.bot.put(path(channel, id, `/${enc("🎉")}/@me`)), 403, 50013);

      await fixtures(env.t).overwrite(channel, env.world.botUserId, { allow: Permission.AddReactions }, 1);
      expect((await env.bot.put(path(channel, id, `/${enc("🎉")}/@me`))).status).toBe(204);
    });

    it("allows 20 different emoji on a message: a 21st new one answers 30010, an existing one is still accepted", async () => {
      const channel = await newChannel();
      const id = await say(channel);
      const twenty = [
        "😀",
        "😁",
        "😂",
        "🤣",
        "😃",
        "😄",
        "😅",
        "😆",
        "😉",
        "😊",
        "😋",
        "😎",
        "😍",
        "😘",
        "🥰",
        "😗",
        "😙",
        "🥲",
        "😚",
        "🙂",
      ];
      for (const emoji of twenty) await react(channel, id, emoji, env.world.owner.id);

      const res = await env.bot.put(path(channel, id, `/${enc("🙃")}/@me`));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 30010 });
      expect((await env.bot.put(path(channel, id, `/${enc("😀")}/@me`))).status).toBe(204);
      expect((await message(channel, id)).reactions).toHaveLength(20);
    });

    it("allows one bot 20 reactions on a message: its 21st answers 30010", async () => {
      const channel = await newChannel();
      const id = await say(channel);
      const twenty = [
        "🍏",
        "🍎",
        "🍐",
        "🍊",
        "🍋",
        "🍌",
        "🍉",
        "🍇",
        "🍓",
        "🫐",
        "🍈",
        "🍒",
        "🍑",
        "🥭",
        "🍍",
        "🥥",
        "🥝",
        "🍅",
        "🍆",
        "🥑",
      ];
      for (const emoji of twenty) await react(channel, id, emoji, env.world.botUserId);
      const res = await env.bot.put(path(channel, id, `/${enc("🥦")}/@me`));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 30010, message: expect.stringContaining("reactions") });
      const body = await message(channel, id);
      expect(body.reactions?.filter((r) => r.me)).toHaveLength(20);
    });

    it("keeps the 20-emoji limit when two new emoji arrive at once", async () => {
      const channel = await newChannel();
      const id = await say(channel);
      const nineteen = [
        "🐶",
        "🐱",
        "🐭",
        "🐹",
        "🐰",
        "🦊",
        "🐻",
        "🐼",
        "🐨",
        "🐯",
        "🦁",
        "🐮",
        "🐷",
        "🐸",
        "🐵",
        "🐔",
        "🐧",
        "🐦",
        "🐤",
      ];
      for (const emoji of nineteen) await react(channel, id, emoji, env.world.owner.id);
      const outcomes = await Promise.allSettled([
        react(channel, id, "🦆", env.world.owner.id),
        react(channel, id, "🦅", env.world.botUserId),
      ]);
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      expect(outcomes.find((o) => o.status === "rejected")).toMatchObject({ reason: { code: 30010 } });
      expect((await message(channel, id)).reactions).toHaveLength(20);
    });
  });

  describe("removing", () => {
    it("removes the bot's own reaction without any permission, and answers 204 when there is none", async () => {
      const channel = await newChannel();
      const id = await say(channel);
      await react(channel, id, "🔥", env.world.botUserId);
      await react(channel, id, "🔥", env.world.owner.id);
      // Taking Add Reactions away afterwards: removing one's own reaction needs no permission.
      await fixtures(env.t).overwrite(channel, env.world.guild.id, { deny: Permission.AddReactions });
      expect((await env.bot.delete(path(channel, id, `/${enc("🔥")}/@me`))).status).toBe(204);
      expect((await message(channel, id)).reactions).toEqual([expect.objectContaining({ count: 1, me: false })]);
      expect((await env.bot.delete(path(channel, id, `/${enc("🔥")}/@me`))).status).toBe(204);
    });

    it("removes someone else's reaction with Manage Messages only, and the bot's own by its id without it", async () => {
      const channel = await newChannel();
      const id = await say(channel);
      await react(channel, id, "👀", env.world.owner.id);
      await react(channel, id, "👀", env.world.botUserId);

      await expectError(await env.bot.delete(path(channel, id, `/${enc("👀")}/${env.world.owner.id}`)), 403, 50013);
      expect((await env.bot.delete(path(channel, id, `/${enc("👀")}/${env.world.botUserId}`))).status).toBe(204);
      expect((await mod.delete(path(channel, id, `/${enc("👀")}/${env.world.owner.id}`))).status).toBe(204);
      expect(await message(channel, id)).not.toHaveProperty("reactions");
    });

    it("removes everyone's reaction with one emoji with Manage Messages, leaving the other emoji", async () => {
      const channel = await newChannel();
      const id = await say(channel);
      const person = await newPerson();
      for (const userId of [env.world.owner.id, person.id, env.world.botUserId]) await react(channel, id, "✅", userId);
      await react(channel, id, "❌", person.id);

      await expectError(await env.bot.delete(path(channel, id, `/${enc("✅")}`)), 403, 50013);
      expect((await mod.delete(path(channel, id, `/${enc("✅")}`))).status).toBe(204);
      expect((await message(channel, id)).reactions).toEqual([
        expect.objectContaining({ emoji: { id: null, name: "❌" }, count: 1 }),
      ]);
    });

    it("removes all reactions with Manage Messages", async () => {
      const channel = await newChannel();
      const id = await say(channel);
      await react(channel, id, "🍕", env.world.owner.id);
      await react(channel, id, "🍔", env.world.botUserId);

      await expectError(await env.bot.delete(path(channel, id)), 403, 50013);
      expect((await mod.delete(path(channel, id))).status).toBe(204);
      expect(await message(channel, id)).not.toHaveProperty("reactions");
    });

    it("removes a deleted guild emoji's reactions by its id", async () => {
      const channel = await newChannel();
      const id = await say(channel);
      const emoji = await guildEmoji("gone");
      await react(channel, id, `gone:${emoji.id}`, env.world.botUserId);
      await env.t.server.ctx.database.prisma.emoji.delete({ where: { id: emoji.id } });
      expect((await env.bot.delete(path(channel, id, `/gone:${emoji.id}/@me`))).status).toBe(204);
      expect(await message(channel, id)).not.toHaveProperty("reactions");
    });
  });

  describe("listing who reacted", () => {
    it("answers the users ordered by id, 25 by default, with limit and after", async () => {
      const channel = await newChannel();
      const id = await say(channel);
      const people: { id: bigint; username: string }[] = [];
      for (let i = 0; i < 27; i++) people.push(await newPerson());
      for (const person of [...people].reverse()) await react(channel, id, "🐙", person.id);
      const ids = people
        .map((p) => p.id)
        .sort((a, b) => (a < b ? -1 : 1))
        .map(String);

      const all = await env.bot.get(path(channel, id, `/${enc("🐙")}`));
      expect(all.status).toBe(200);
      const users = (await all.json()) as { id: string; username: string }[];
      expect(
        validateResponse("get", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji_name}", 200, users),
      ).toEqual([]);
      expect(users.map((u) => u.id)).toEqual(ids.slice(0, 25));
      expect(users[0]).toMatchObject({
        username: people.find((p) => p.id.toString() === ids[0])?.username,
        bot: false,
      });

      const page = (await (await env.bot.get(path(channel, id, `/${enc("🐙")}?limit=3&after=${ids[10]}`))).json()) as {
        id: string;
      }[];
      expect(page.map((u) => u.id)).toEqual(ids.slice(11, 14));
      const rest = (await (
        await env.bot.get(path(channel, id, `/${enc("🐙")}?limit=100&after=${ids[20]}`))
      ).json()) as { id: string }[];
      expect(rest.map((u) => u.id)).toEqual(ids.slice(21));
      expect(await (await env.bot.get(path(channel, id, `/${enc("🦑")}`))).json()).toEqual([]);
    });

    it("answers 50035 for a limit outside 1–100", async () => {
      const channel = await newChannel();
      const id = await say(channel);
      for (const limit of [0, 101]) {
        const res = await env.bot.get(path(channel, id, `/${enc("🐙")}?limit=${limit}`));
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({
          code: 50035,
          errors: { limit: { _errors: [expect.objectContaining({ code: expect.any(String) })] } },
        });
      }
    });
  });

  describe("where reactions are refused", () => {
    it("answers 50003 for every reaction route in a DM", async () => {
      const prisma = env.t.server.ctx.database.prisma;
      const dm = await prisma.channel.create({
        data: { type: 1, recipients: { create: [{ userId: env.world.owner.id }, { userId: env.world.botUserId }] } },
      });
      const id = BigInt(
        (await env.t.server.ctx.domain.messages.create(dm.id, env.world.owner.id, { content: "dm" })).id,
      );
      const thumbs = enc("👍");
      const answers = [
        await env.bot.put(path(dm.id, id, `/${thumbs}/@me`)),
        await env.bot.delete(path(dm.id, id, `/${thumbs}/@me`)),
        await env.bot.delete(path(dm.id, id, `/${thumbs}/${env.world.owner.id}`)),
        await env.bot.delete(path(dm.id, id, `/${thumbs}`)),
      ];
      await new Promise((r) => setTimeout(r, 1000));
      answers.push(await env.bot.delete(path(dm.id, id)), await env.bot.get(path(dm.id, id, `/${thumbs}`)));
      for (const res of answers) await expectError(res, 403, 50003);
    });

    it("answers 10008 for a message of another channel and 10003 for a hidden channel", async () => {
      const [channel, other, hidden] = [await newChannel(), await newChannel(), await newChannel()];
      const elsewhere = await say(other);
      await expectError(await env.bot.put(path(channel, elsewhere, `/${enc("👍")}/@me`)), 404, 10008);
      await expectError(await env.bot.get(path(channel, elsewhere, `/${enc("👍")}`)), 404, 10008);
      await expectError(await env.bot.put(path(channel, 99999999n, `/${enc("👍")}/@me`)), 404, 10008);

      const secret = await say(hidden);
      await fixtures(env.t).hideFromEveryone(hidden, env.world.guild.id);
      await expectError(await env.bot.put(path(hidden, secret, `/${enc("👍")}/@me`)), 404, 10003);
      await expectError(await env.bot.get(path(hidden, secret, `/${enc("👍")}`)), 404, 10003);
    });
  });

  describe("events", () => {
    it("sends MESSAGE_REACTION_ADD, and one MESSAGE_REACTION_REMOVE per reaction removed", async () => {
      const channel = await newChannel();
      const id = await say(channel);
      const person = await newPerson();
      const client = await RawGatewayClient.identified(
        env.t,
        env.world.token,
        Intents.Guilds | GUILD_MESSAGE_REACTIONS,
      );
      await client.dispatch("GUILD_CREATE");
      try {
        expect((await env.bot.put(path(channel, id, `/${enc("🌟")}/@me`))).status).toBe(204);
        const added = await client.dispatch("MESSAGE_REACTION_ADD");
        expect(added.d).toEqual({
          user_id: env.world.botUserId.toString(),
          channel_id: channel.toString(),
          message_id: id.toString(),
          guild_id: env.world.guild.id.toString(),
          member: expect.objectContaining({
            user: expect.objectContaining({ id: env.world.botUserId.toString(), bot: true }),
            roles: expect.any(Array),
          }),
          emoji: { id: null, name: "🌟" },
          message_author_id: env.world.owner.id.toString(),
          burst: false,
          type: 0,
        });

        await react(channel, id, "🌟", person.id);
        await react(channel, id, "🌙", person.id);
        await client.dispatch("MESSAGE_REACTION_ADD", (d) => d.emoji.name === "🌙");

        // One emoji: both of its reactions, one event each.
        expect((await mod.delete(path(channel, id, `/${enc("🌟")}`))).status).toBe(204);
        const starRemovals = [
          await client.dispatch("MESSAGE_REACTION_REMOVE"),
          await client.dispatch("MESSAGE_REACTION_REMOVE"),
        ];
        expect(starRemovals.map((f) => f.d.user_id).sort()).toEqual(
          [env.world.botUserId.toString(), person.id.toString()].sort(),
        );
        expect(starRemovals[0]?.d).toEqual({
          user_id: expect.any(String),
          channel_id: channel.toString(),
          message_id: id.toString(),
          guild_id: env.world.guild.id.toString(),
          emoji: { id: null, name: "🌟" },
          burst: false,
          type: 0,
        });

        // All: the remaining reaction, and a custom one.
        const emoji = await guildEmoji("moonblob");
        await react(channel, id, `moonblob:${emoji.id}`, env.world.owner.id);
        await client.dispatch("MESSAGE_REACTION_ADD", (d) => d.emoji.id === emoji.id.toString());
        expect((await mod.delete(path(channel, id))).status).toBe(204);
        const removed = [
          await client.dispatch("MESSAGE_REACTION_REMOVE"),
          await client.dispatch("MESSAGE_REACTION_REMOVE"),
        ];
        expect(removed.map((f) => f.d.emoji)).toEqual([
          { id: null, name: "🌙" },
          { id: emoji.id.toString(), name: "moonblob" },
        ]);
        expect(removed.map((f) => f.d.user_id)).toEqual([person.id.toString(), env.world.owner.id.toString()]);
      } finally {
        await client.close();
      }
    });

    it("does not send reaction events to a session without Guild Message Reactions", async () => {
      const channel = await newChannel();
      const id = await say(channel);
      const client = await RawGatewayClient.identified(env.t, env.world.token, Intents.Guilds | Intents.GuildMessages);
      await client.dispatch("GUILD_CREATE");
      try {
        expect((await env.bot.put(path(channel, id, `/${enc("🌈")}/@me`))).status).toBe(204);
        await say(channel, "barrier");
        const seen = await client.until((f) => f.t === "MESSAGE_CREATE" && f.d.content === "barrier");
        expect(seen.map((f) => f.t)).toEqual(["MESSAGE_CREATE"]);
      } finally {
        await client.close();
      }
    });
  });

  it("limits adding and removing together to 4 per second per channel: the fifth answers 429 while another channel is unaffected", async () => {
    const [busy, quiet] = [await newChannel(), await newChannel()];
    const [id, other] = [await say(busy), await say(quiet)];
    const answers = [
      await env.bot.put(path(busy, id, `/${enc("1️⃣")}/@me`)),
      await env.bot.delete(path(busy, id, `/${enc("1️⃣")}/@me`)),
      await env.bot.put(path(busy, id, `/${enc("2️⃣")}/@me`)),
      await env.bot.delete(path(busy, id, `/${enc("2️⃣")}/${env.world.botUserId}`)),
    ];
    expect(answers.map((r) => r.status)).toEqual([204, 204, 204, 204]);
    expect(answers.map((r) => r.headers.get("x-ratelimit-remaining"))).toEqual(["3", "2", "1", "0"]);

    const limited = await env.bot.put(path(busy, id, `/${enc("3️⃣")}/@me`));
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(1);
    expect(limited.headers.get("x-ratelimit-scope")).toBe("user");
    expect(limited.headers.get("x-ratelimit-limit")).toBe("4");
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(limited.headers.get("x-ratelimit-bucket")).toBe(answers[0]?.headers.get("x-ratelimit-bucket"));
    expect(await limited.json()).toEqual({
      message: "You are being rate limited.",
      retry_after: expect.any(Number),
      global: false,
      code: 0,
    });

    const elsewhere = await env.bot.put(path(quiet, other, `/${enc("3️⃣")}/@me`));
    expect(elsewhere.status).toBe(204);
    expect(elsewhere.headers.get("x-ratelimit-remaining")).toBe("3");
  });
});
