import { AuditLogEvent, Permission } from "@chat/domain";
import { beforeEach, describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../../support/gateway-client";
import { useTestServer } from "../../support/harness";
import { validateResponse } from "../../support/openapi";
import {
  type BotClient,
  botClient,
  expectError,
  expectRateLimited,
  fixtures,
  type World,
} from "../../support/rest-fixtures";

type WireBan = { reason: null; user: { id: string; username: string } };

describe("bans over REST", () => {
  const env = useTestServer({ world: false });
  let world: World;
  let guild: string;
  /** The world's bot: View Channel and Ban Members. */
  let bot: BotClient;
  /** A second bot with View Channel only. */
  let plain: BotClient;
  const domain = () => env.t.server.ctx.domain;
  const person = async () => {
    const user = await env.t.seed.person();
    await domain().members.addPerson(world.guild.id, user.id);
    return user;
  };

  // A guild of its own for every test: bans are limited per guild.
  beforeEach(async () => {
    world = await env.t.seed.world(Permission.ViewChannel | Permission.BanMembers);
    guild = world.guild.id.toString();
    bot = botClient(env.t, world.token);
    const other = await env.t.seed.bot(world, Permission.ViewChannel);
    plain = botClient(env.t, other.botToken);
  });

  describe("PUT /guilds/{guild}/bans/{user}", () => {
    it("bans a member with 204: removed (GUILD_MEMBER_REMOVE, no ban event), messages kept, audit entry, cannot rejoin", async () => {
      const someone = await person();
      const said = await fixtures(env.t).personMessage(world.text.id, someone.id, "before the ban");
      const observer = await RawGatewayClient.identified(
        env.t,
        world.token,
        Intents.Guilds | Intents.GuildMembers | (1 << 2),
      );
      const res = await bot.put(`/guilds/${guild}/bans/${someone.id}`, { delete_message_seconds: 604800 });
      expect(res.status).toBe(204);
      const seen = await observer.until((f) => f.t === "GUILD_MEMBER_REMOVE");
      expect(seen.at(-1)?.d).toMatchObject({ guild_id: guild, user: { id: someone.id.toString() } });
      expect(seen.map((f) => f.t)).not.toContain("GUILD_BAN_ADD");
      await expectError(await bot.get(`/guilds/${guild}/members/${someone.id}`), 404, 10007);

      const prisma = env.t.server.ctx.database.prisma;
      expect(await prisma.message.findUnique({ where: { id: BigInt(said.id) } })).not.toBeNull();
      const entries = await prisma.auditLogEntry.findMany({
        where: { guildId: world.guild.id, actionType: AuditLogEvent.MemberBanAdd },
      });
      expect(entries.map((e) => [e.userId, e.targetId])).toEqual([[world.botUserId, someone.id]]);
      await expect(domain().members.addPerson(world.guild.id, someone.id)).rejects.toMatchObject({ code: 40007 });
      // Banning again changes nothing.
      expect((await bot.put(`/guilds/${guild}/bans/${someone.id}`)).status).toBe(204);
      expect(
        await prisma.auditLogEntry.count({
          where: { guildId: world.guild.id, actionType: AuditLogEvent.MemberBanAdd },
        }),
      ).toBe(1);
      await observer.close();
    });

    it("sends a banned bot GUILD_DELETE", async () => {
      const app = await env.t.seed.bot(world, 0n);
      const banned = await RawGatewayClient.identified(env.t, app.botToken, Intents.Guilds);
      await banned.dispatch("GUILD_CREATE");
      expect((await bot.put(`/guilds/${guild}/bans/${app.botUser.id}`)).status).toBe(204);
      expect((await banned.dispatch("GUILD_DELETE")).d).toEqual({ id: guild });
      await banned.close();
    });

    it("bans a non-member the bot can see; anyone else, or an unknown id, is Unknown User", async () => {
      const elsewhere = await env.t.seed.guild(world.owner.id, "Elsewhere");
      await domain().members.addBot(world.owner.id, elsewhere.id, world.app.application.id, Permission.ViewChannel);
      const acquaintance = await env.t.seed.person();
      await domain().members.addPerson(elsewhere.id, acquaintance.id);
      expect((await bot.put(`/guilds/${guild}/bans/${acquaintance.id}`)).status).toBe(204);
      await expect(domain().members.addPerson(world.guild.id, acquaintance.id)).rejects.toMatchObject({ code: 40007 });

      const stranger = await env.t.seed.person();
      await expectError(await bot.put(`/guilds/${guild}/bans/${stranger.id}`), 404, 10013);
      await expectError(await bot.put(`/guilds/${guild}/bans/999999999`), 404, 10013);
      await expectError(await bot.put(`/guilds/${guild}/bans/nobody`), 404, 10013);
    });

    it("never bans the owner, a member ranked higher or itself, and needs Ban Members (50013)", async () => {
      const high = (await domain().roles.create(world.owner.id, world.guild.id, { name: "high" })).id;
      await domain().roles.move(world.owner.id, world.guild.id, [{ id: high, position: 3 }]);
      const ranked = await person();
      await domain().memberRoles.addRole(world.owner.id, world.guild.id, ranked.id, BigInt(high));
      const someone = await person();
      await expectError(await bot.put(`/guilds/${guild}/bans/${world.owner.id}`), 403, 50013);
      await expectError(await bot.put(`/guilds/${guild}/bans/${ranked.id}`), 403, 50013);
      await expectError(await bot.put(`/guilds/${guild}/bans/${world.botUserId}`), 403, 50013);
      await expectError(await plain.put(`/guilds/${guild}/bans/${someone.id}`), 403, 50013);
      expect(await env.t.server.ctx.database.prisma.ban.count({ where: { guildId: world.guild.id } })).toBe(0);
    });

    it("refuses a malformed delete_message_seconds with 50035", async () => {
      const someone = await person();
      const body = await expectError(
        await bot.put(`/guilds/${guild}/bans/${someone.id}`, { delete_message_seconds: -1 }),
        400,
        50035,
      );
      expect(body.errors).toHaveProperty("delete_message_seconds");
    });
  });

  describe("GET /guilds/{guild}/bans and /bans/{user}", () => {
    it("lists bans by user id with reason null, paged with limit, before and after", async () => {
      const people = [await person(), await person(), await person()];
      for (const p of people) await domain().bans.ban(world.owner.id, world.guild.id, p.id, {});
      const ids = people.map((p) => p.id.toString());
      const res = await bot.get(`/guilds/${guild}/bans`);
      expect(res.status).toBe(200);
      const bans = (await res.json()) as WireBan[];
      expect(validateResponse("get", "/guilds/{guild_id}/bans", 200, bans)).toEqual([]);
      expect(bans.map((b) => b.user.id)).toEqual(ids);
      expect(bans.every((b) => b.reason === null)).toBe(true);
      const page = async (query: string) =>
        ((await (await bot.get(`/guilds/${guild}/bans${query}`)).json()) as WireBan[]).map((b) => b.user.id);
      expect(await page("?limit=2")).toEqual(ids.slice(0, 2));
      expect(await page(`?after=${ids[0]}`)).toEqual(ids.slice(1));
      expect(await page(`?before=${ids[2]}&limit=1`)).toEqual([ids[1]]);
      expect(await page(`?before=${ids[2]}`)).toEqual(ids.slice(0, 2));
      const limit = await expectError(await bot.get(`/guilds/${guild}/bans?limit=1001`), 400, 50035);
      expect(limit.errors).toHaveProperty("limit");
    });

    it("answers one ban, Unknown Ban for a user who is not banned", async () => {
      const someone = await person();
      await domain().bans.ban(world.owner.id, world.guild.id, someone.id, {});
      const res = await bot.get(`/guilds/${guild}/bans/${someone.id}`);
      expect(res.status).toBe(200);
      const ban = await res.json();
      expect(validateResponse("get", "/guilds/{guild_id}/bans/{user_id}", 200, ban)).toEqual([]);
      expect(ban).toMatchObject({ reason: null, user: { id: someone.id.toString() } });
      await expectError(await bot.get(`/guilds/${guild}/bans/${world.owner.id}`), 404, 10026);
      await expectError(await bot.get(`/guilds/${guild}/bans/x`), 404, 10026);
    });

    it("needs Ban Members to read bans (50013)", async () => {
      await expectError(await plain.get(`/guilds/${guild}/bans`), 403, 50013);
      await expectError(await plain.get(`/guilds/${guild}/bans/${world.owner.id}`), 403, 50013);
    });
  });

  describe("DELETE /guilds/{guild}/bans/{user}", () => {
    it("lifts a ban with 204 (audit entry), after which the user may join again; no ban is Unknown Ban", async () => {
      const someone = await person();
      await domain().bans.ban(world.owner.id, world.guild.id, someone.id, {});
      await expectError(await plain.delete(`/guilds/${guild}/bans/${someone.id}`), 403, 50013);
      expect((await bot.delete(`/guilds/${guild}/bans/${someone.id}`)).status).toBe(204);
      await expectError(await bot.get(`/guilds/${guild}/bans/${someone.id}`), 404, 10026);
      await expectError(await bot.delete(`/guilds/${guild}/bans/${someone.id}`), 404, 10026);
      await domain().members.addPerson(world.guild.id, someone.id);
      const entries = await env.t.server.ctx.database.prisma.auditLogEntry.findMany({
        where: { guildId: world.guild.id, actionType: AuditLogEvent.MemberBanRemove },
      });
      expect(entries.map((e) => [e.userId, e.targetId])).toEqual([[world.botUserId, someone.id]]);
    });
  });

  describe("rate limits", () => {
    it("ban or unban: 5 per 5 s per guild, counted together", async () => {
      const other = await env.t.seed.guild(world.owner.id, "Other");
      await domain().members.addBot(
        world.owner.id,
        other.id,
        world.app.application.id,
        Permission.ViewChannel | Permission.BanMembers,
      );
      const people = [await person(), await person(), await person()];
      for (const p of people) expect((await bot.put(`/guilds/${guild}/bans/${p.id}`)).status).toBe(204);
      for (const p of people.slice(0, 2)) expect((await bot.delete(`/guilds/${guild}/bans/${p.id}`)).status).toBe(204);
      const limited = await bot.delete(`/guilds/${guild}/bans/${people[2]!.id}`);
      await expectRateLimited(limited);
      const elsewhere = await env.t.seed.person();
      await domain().members.addPerson(other.id, elsewhere.id);
      expect((await bot.put(`/guilds/${other.id}/bans/${elsewhere.id}`)).status).toBe(204);
    });
  });
});
