import { Permission } from "@chat/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";
import { validateResponse } from "../../support/openapi";
import { botClient, fixtures, type World } from "../../support/rest-fixtures";

type WireInvite = {
  code: string;
  max_age: number;
  max_uses: number;
  uses: number;
  temporary: boolean;
  created_at: string;
  expires_at: string | null;
};

describe("invites and the vanity code", () => {
  const env = useTestServer({ world: Permission.ViewChannel });
  let manager: World;
  let n = 0;
  const newChannel = async (type: 0 | 2 | 4 = 0) =>
    (await fixtures(env.t).channel(env.world.guild.id, { name: `invites-${++n}`, type })).id;
  const db = () => env.t.server.ctx.database.prisma;

  beforeAll(async () => {
    manager = await env.t.seed.world(Permission.ViewChannel | Permission.ManageGuild);
  });

  describe("POST /channels/{channel}/invites", () => {
    it("makes an invite to the guild lasting one day by default, echoing the channel", async () => {
      const before = Date.now();
      const res = await env.bot.post(`/channels/${env.world.text.id}/invites`, {});
      expect(res.status).toBe(200);
      const invite = await res.json();
      expect(validateResponse("post", "/channels/{channel_id}/invites", 200, invite)).toEqual([]);
      expect(invite).toMatchObject({
        type: 0,
        code: expect.stringMatching(/^[A-Za-z0-9]{8}$/),
        guild_id: env.world.guild.id.toString(),
        guild: { id: env.world.guild.id.toString(), name: env.world.guild.name },
        channel: { id: env.world.text.id.toString(), name: "general", type: 0 },
        inviter: { id: env.world.botUserId.toString(), bot: true },
        max_age: 86400,
        max_uses: 0,
        uses: 0,
        temporary: false,
      });
      const expires = Date.parse(invite.expires_at) - Date.parse(invite.created_at);
      expect(expires).toBe(86_400_000);
      expect(Date.parse(invite.created_at)).toBeGreaterThanOrEqual(before - 1000);
      expect(await db().invite.findUnique({ where: { code: invite.code } })).toMatchObject({
        guildId: env.world.guild.id,
        channelId: env.world.text.id,
      });
    });

    it("takes max_age (0 = never expires, up to 30 days), max_uses (up to 1000), temporary and unique; works in a voice channel", async () => {
      const channel = await newChannel();
      const never = (await (
        await env.bot.post(`/channels/${channel}/invites`, {
          max_age: 0,
          max_uses: 1000,
          temporary: true,
          unique: true,
        })
      ).json()) as WireInvite;
      expect(never).toMatchObject({ max_age: 0, expires_at: null, max_uses: 1000, temporary: true });
      const month = (await (
        await env.bot.post(`/channels/${channel}/invites`, { max_age: 2_592_000, max_uses: 5 })
      ).json()) as WireInvite;
      expect(Date.parse(month.expires_at as string) - Date.parse(month.created_at)).toBe(2_592_000_000);
      const voice = await env.bot.post(`/channels/${env.world.voice.id}/invites`, { max_age: 60 });
      expect(voice.status).toBe(200);
      expect(await voice.json()).toMatchObject({
        channel: { id: env.world.voice.id.toString(), type: 2 },
        max_age: 60,
      });
      // discord.js sends no body at all for defaults.
      const empty = await env.bot.post(`/channels/${channel}/invites`);
      expect(empty.status).toBe(200);
    });

    it("refuses max_age over 30 days, max_uses over 1000, negative or non-number values with 50035 naming the field", async () => {
      const channel = await newChannel();
      for (const [body, field, code] of [
        [{ max_age: 2_592_001 }, "max_age", "NUMBER_TYPE_MAX"],
        [{ max_uses: 1001 }, "max_uses", "NUMBER_TYPE_MAX"],
        [{ max_uses: -1 }, "max_uses", "NUMBER_TYPE_MIN"],
        [{ max_age: "soon" }, "max_age", "NUMBER_TYPE_COERCE"],
        [{ temporary: "yes" }, "temporary", "BASE_TYPE_INVALID"],
      ] as const) {
        const res = await env.bot.post(`/channels/${channel}/invites`, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(await res.json()).toMatchObject({ code: 50035, errors: { [field]: { _errors: [{ code }] } } });
      }
      expect(await db().invite.count({ where: { channelId: channel } })).toBe(0);
    });

    it("needs Create Invite in the channel", async () => {
      const channel = await newChannel();
      await fixtures(env.t).overwrite(channel, env.world.guild.id, { deny: Permission.CreateInstantInvite });
      const res = await env.bot.post(`/channels/${channel}/invites`, {});
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: "Missing Permissions", code: 50013 });
      // Given back to the bot's role by an overwrite, it works again.
      const role = await db().role.findFirstOrThrow({
        where: { guildId: env.world.guild.id, botApplicationId: env.world.app.application.id },
      });
      await fixtures(env.t).overwrite(channel, role.id, { allow: Permission.CreateInstantInvite });
      expect((await env.bot.post(`/channels/${channel}/invites`, {})).status).toBe(200);
    });

    it("answers Unknown Channel for a hidden, unknown or malformed channel", async () => {
      const hidden = await newChannel();
      await fixtures(env.t).hideFromEveryone(hidden, env.world.guild.id);
      for (const id of [hidden.toString(), "77777777", "abc"]) {
        const res = await env.bot.post(`/channels/${id}/invites`, {});
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ message: "Unknown Channel", code: 10003 });
      }
    });

    it("refuses categories and threads with 50024, and DMs with 50003", async () => {
      const category = await newChannel(4);
      const thread = await db().channel.create({
        data: {
          guildId: env.world.guild.id,
          type: 11,
          name: "a thread",
          parentId: env.world.text.id,
          ownerId: env.world.owner.id,
        },
      });
      for (const id of [category, thread.id]) {
        const res = await env.bot.post(`/channels/${id}/invites`, {});
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ message: "Cannot execute action on this channel type", code: 50024 });
      }
      const dm = await db().channel.create({
        data: { type: 1, recipients: { create: [{ userId: env.world.botUserId }, { userId: env.world.owner.id }] } },
      });
      const res = await env.bot.post(`/channels/${dm.id}/invites`, {});
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: "Cannot execute action on a DM channel", code: 50003 });
    });

    it("allows 5 invites per 5 s per channel: the sixth is 429 while another channel is unaffected", async () => {
      const channel = await newChannel();
      for (let i = 0; i < 5; i++) expect((await env.bot.post(`/channels/${channel}/invites`, {})).status).toBe(200);
      const limited = await env.bot.post(`/channels/${channel}/invites`, {});
      expect(limited.status).toBe(429);
      expect(limited.headers.get("x-ratelimit-scope")).toBe("user");
      const retryAfter = Number(limited.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(5);
      expect(await limited.json()).toMatchObject({
        message: expect.any(String),
        retry_after: expect.any(Number),
        global: false,
        code: 0,
      });
      expect(await db().invite.count({ where: { channelId: channel } })).toBe(5);
      expect((await env.bot.post(`/channels/${await newChannel()}/invites`, {})).status).toBe(200);
    });
  });

  describe("GET /guilds/{guild}/invites", () => {
    it("needs Manage Guild", async () => {
      const res = await env.bot.get(`/guilds/${env.world.guild.id}/invites`);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: "Missing Permissions", code: 50013 });
      const other = await env.bot.get(`/guilds/${manager.guild.id}/invites`);
      expect(other.status).toBe(404);
      expect(await other.json()).toEqual({ message: "Unknown Guild", code: 10004 });
    });

    it("lists the invites still valid: not expired, not used up, and never the vanity code", async () => {
      const m = botClient(env.t, manager.token);
      const valid = (await (
        await m.post(`/channels/${manager.text.id}/invites`, { max_uses: 2 })
      ).json()) as WireInvite;
      const forever = (await (
        await m.post(`/channels/${manager.text.id}/invites`, { max_age: 0 })
      ).json()) as WireInvite;
      const guildId = manager.guild.id;
      const channelId = manager.text.id;
      await db().invite.create({
        data: { code: `expired${n++}`, guildId, channelId, maxAge: 60, expiresAt: new Date(Date.now() - 1000) },
      });
      await db().invite.create({ data: { code: `usedup${n++}`, guildId, channelId, maxUses: 1, uses: 1 } });
      await env.t.server.ctx.domain.guilds.setVanityCode(manager.owner.id, guildId, `vanity-${guildId}`);

      const res = await m.get(`/guilds/${guildId}/invites`);
      expect(res.status).toBe(200);
      const list = await res.json();
      expect(validateResponse("get", "/guilds/{guild_id}/invites", 200, list)).toEqual([]);
      expect(list.map((i: WireInvite) => i.code)).toEqual([valid.code, forever.code]);
      expect(list[0]).toMatchObject({
        max_uses: 2,
        uses: 0,
        inviter: { id: manager.botUserId.toString() },
        channel: { id: channelId.toString() },
      });
    });

    it("lists only invites of channels the bot can see, never a hidden channel's", async () => {
      const world = await env.t.seed.world(Permission.ViewChannel | Permission.ManageGuild);
      const hidden = (await fixtures(env.t).channel(world.guild.id, { name: "hidden-room" })).id;
      await fixtures(env.t).overwrite(hidden, world.botUserId, { deny: Permission.ViewChannel }, 1);
      const invite = (channelId: bigint, code: string) =>
        db().invite.create({
          data: { code, guildId: world.guild.id, channelId, inviterId: world.owner.id, maxAge: 0 },
        });
      await invite(hidden, `hid${++n}x${Date.now() % 100000}`);
      const seen = await invite(world.text.id, `vis${++n}x${Date.now() % 100000}`);
      const res = await botClient(env.t, world.token).get(`/guilds/${world.guild.id}/invites`);
      expect(res.status).toBe(200);
      const list = (await res.json()) as { code: string; channel: { id: string } }[];
      expect(list.map((i) => [i.code, i.channel.id])).toEqual([[seen.code, world.text.id.toString()]]);
    });
  });

  describe("GET /guilds/{guild}/vanity-url", () => {
    it("needs Manage Guild; answers { code: null, uses: 0 } without a vanity code, then the code and its uses", async () => {
      const denied = await env.bot.get(`/guilds/${env.world.guild.id}/vanity-url`);
      expect(denied.status).toBe(403);
      expect(await denied.json()).toEqual({ message: "Missing Permissions", code: 50013 });

      const w = await env.t.seed.world(Permission.ManageGuild);
      const m = botClient(env.t, w.token);
      const none = await (await m.get(`/guilds/${w.guild.id}/vanity-url`)).json();
      expect(validateResponse("get", "/guilds/{guild_id}/vanity-url", 200, none)).toEqual([]);
      expect(none).toEqual({ code: null, uses: 0 });

      const code = `club-${w.guild.id}`;
      await env.t.server.ctx.domain.guilds.setVanityCode(w.owner.id, w.guild.id, code);
      await env.t.server.ctx.domain.invites.accept((await env.t.seed.person()).id, code);
      const set = await (await m.get(`/guilds/${w.guild.id}/vanity-url`)).json();
      expect(validateResponse("get", "/guilds/{guild_id}/vanity-url", 200, set)).toEqual([]);
      expect(set).toEqual({ code, uses: 1 });
    });
  });

  describe("following an invite link (domain, the app's /invite/<code>)", () => {
    it("joins the guild, counts one use, and leaves a member who follows it again where they are", async () => {
      const domain = env.t.server.ctx.domain;
      const invite = (await (
        await env.bot.post(`/channels/${await newChannel()}/invites`, { max_uses: 2 })
      ).json()) as WireInvite;
      const preview = await domain.invites.preview(invite.code);
      expect(preview).toMatchObject({
        code: invite.code,
        guild: { id: env.world.guild.id.toString() },
        approximate_member_count: expect.any(Number),
      });
      const person = await env.t.seed.person();
      expect(await domain.invites.accept(person.id, invite.code)).toEqual({
        guildId: env.world.guild.id,
        joined: true,
      });
      expect(
        await db().member.findUnique({ where: { guildId_userId: { guildId: env.world.guild.id, userId: person.id } } }),
      ).not.toBeNull();
      expect(await domain.invites.accept(person.id, invite.code)).toEqual({
        guildId: env.world.guild.id,
        joined: false,
      });
      expect((await db().invite.findUniqueOrThrow({ where: { code: invite.code } })).uses).toBe(1);
    });

    it("refuses expired, used-up and unknown codes with Unknown Invite; concurrent joins never pass max_uses", async () => {
      const domain = env.t.server.ctx.domain;
      const once = (await (
        await env.bot.post(`/channels/${await newChannel()}/invites`, { max_uses: 1 })
      ).json()) as WireInvite;
      const people = await Promise.all([env.t.seed.person(), env.t.seed.person(), env.t.seed.person()]);
      const results = await Promise.allSettled(people.map((p) => domain.invites.accept(p.id, once.code)));
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results.filter((r) => r.status === "rejected"))
        expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 404, code: 10006 });
      expect((await db().invite.findUniqueOrThrow({ where: { code: once.code } })).uses).toBe(1);

      const expired = `gone${n++}`;
      await db().invite.create({
        data: {
          code: expired,
          guildId: env.world.guild.id,
          channelId: env.world.text.id,
          expiresAt: new Date(Date.now() - 1000),
        },
      });
      const late = await env.t.seed.person();
      await expect(domain.invites.accept(late.id, expired)).rejects.toMatchObject({ code: 10006 });
      await expect(domain.invites.accept(late.id, "doesnotexist")).rejects.toMatchObject({ code: 10006 });
      await expect(domain.invites.preview(expired)).rejects.toMatchObject({ code: 10006 });
      expect(
        await db().member.findUnique({ where: { guildId_userId: { guildId: env.world.guild.id, userId: late.id } } }),
      ).toBeNull();
    });

    it("keeps a banned person out and gives the use back", async () => {
      const invite = (await (
        await env.bot.post(`/channels/${await newChannel()}/invites`, { max_uses: 1 })
      ).json()) as WireInvite;
      const banned = await env.t.seed.person();
      await db().ban.create({ data: { guildId: env.world.guild.id, userId: banned.id } });
      await expect(env.t.server.ctx.domain.invites.accept(banned.id, invite.code)).rejects.toMatchObject({
        code: 40007,
      });
      expect((await db().invite.findUniqueOrThrow({ where: { code: invite.code } })).uses).toBe(0);
    });

    it("joins through the vanity code in any case, counting its uses", async () => {
      const domain = env.t.server.ctx.domain;
      const w = await env.t.seed.world();
      const code = `open-${w.guild.id}`;
      await domain.guilds.setVanityCode(w.owner.id, w.guild.id, code);
      const person = await env.t.seed.person();
      expect(await domain.invites.accept(person.id, code.toUpperCase())).toEqual({ guildId: w.guild.id, joined: true });
      expect(await domain.invites.preview(code)).toMatchObject({
        code,
        guild: { id: w.guild.id.toString(), vanity_url_code: code },
        max_age: 0,
      });
      expect((await db().guild.findUniqueOrThrow({ where: { id: w.guild.id } })).vanityUses).toBe(1);
    });
  });
});
