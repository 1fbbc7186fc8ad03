import { AuditLogEvent, Permission } from "@chat/domain";
import { beforeEach, describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../../support/gateway-client";
import { useTestServer } from "../../support/harness";
import { validateResponse } from "../../support/openapi";
import { type BotClient, botClient, expectError, expectRateLimited, type World } from "../../support/rest-fixtures";

type WireRole = {
  id: string;
  name: string;
  permissions: string;
  position: number;
  color: number;
  colors: { primary_color: number };
  hoist: boolean;
  mentionable: boolean;
  managed: boolean;
  tags?: { bot_id?: string };
};

const BOT_PERMISSIONS = Permission.ViewChannel | Permission.ManageRoles | Permission.SendMessages;

describe("roles over REST", () => {
  const env = useTestServer({ world: false });
  let world: World;
  let guild: string;
  /** The world's bot: View Channel, Manage Roles, Send Messages; its highest role is its managed role. */
  let bot: BotClient;
  /** A second bot with View Channel only, its managed role above the first bot's. */
  let plain: BotClient;
  let managed: bigint;
  let plainRole: bigint;
  /** A plain role above every bot's role. */
  let high: bigint;
  const domain = () => env.t.server.ctx.domain;
  const rolesNow = async () => (await (await bot.get(`/guilds/${guild}/roles`)).json()) as WireRole[];
  const positionOf = async (id: bigint | string) => (await rolesNow()).find((r) => r.id === id.toString())?.position;
  /**
   * Takes View Channel from @everyone and gives it back through a new role `name` held by a new
   * roleless bot, connected with Guilds: the role's id and the bot's gateway client.
   */
  const seeingThroughRole = async (name: string) => {
    await domain().roles.update(world.owner.id, world.guild.id, world.guild.id, { permissions: "0" });
    const role = (
      await domain().roles.create(world.owner.id, world.guild.id, {
        name,
        permissions: Permission.ViewChannel.toString(),
      })
    ).id;
    const app = await env.t.seed.bot(world, 0n);
    await domain().memberRoles.addRole(world.owner.id, world.guild.id, app.botUser.id, BigInt(role));
    const member = await RawGatewayClient.identified(env.t, app.botToken, Intents.Guilds);
    await member.dispatch("GUILD_CREATE");
    return { role, member };
  };

  // A guild of its own for every test: the role routes' limits are counted per guild.
  beforeEach(async () => {
    world = await env.t.seed.world(BOT_PERMISSIONS);
    guild = world.guild.id.toString();
    bot = botClient(env.t, world.token);
    const other = await env.t.seed.bot(world, Permission.ViewChannel);
    plain = botClient(env.t, other.botToken);
    const roles = await domain().roles.list(world.guild.id, world.owner.id);
    managed = BigInt(roles.find((r) => r.tags?.bot_id === world.botUserId.toString())!.id);
    plainRole = BigInt(roles.find((r) => r.tags?.bot_id === other.botUser.id.toString())!.id);
    high = BigInt((await domain().roles.create(world.owner.id, world.guild.id, { name: "high" })).id);
    await domain().roles.move(world.owner.id, world.guild.id, [{ id: high.toString(), position: 3 }]);
  });

  describe("GET /guilds/{guild}/roles and /roles/{role}", () => {
    it("lists every role lowest first; @everyone has the guild's id and a bot's role names the bot", async () => {
      const res = await bot.get(`/guilds/${guild}/roles`);
      expect(res.status).toBe(200);
      const roles = (await res.json()) as WireRole[];
      expect(validateResponse("get", "/guilds/{guild_id}/roles", 200, roles)).toEqual([]);
      expect(roles.map((r) => r.position)).toEqual([0, 1, 2, 3]);
      expect(roles[0]).toMatchObject({ id: guild, name: "@everyone", position: 0, managed: false });
      expect(roles.find((r) => r.id === managed.toString())).toMatchObject({
        managed: true,
        tags: { bot_id: world.botUserId.toString() },
      });
    });

    it("answers one role, Unknown Role for an unknown, malformed or foreign one, Unknown Guild elsewhere", async () => {
      const res = await bot.get(`/guilds/${guild}/roles/${high}`);
      expect(res.status).toBe(200);
      const role = await res.json();
      expect(validateResponse("get", "/guilds/{guild_id}/roles/{role_id}", 200, role)).toEqual([]);
      expect(role).toMatchObject({ id: high.toString(), name: "high", position: 3 });
      const foreign = await env.t.seed.world();
      for (const id of ["424242", "role", foreign.guild.id.toString()])
        await expectError(await bot.get(`/guilds/${guild}/roles/${id}`), 404, 10011);
      await expectError(await bot.get(`/guilds/${foreign.guild.id}/roles`), 404, 10004);
      await expectError(await bot.get(`/guilds/${foreign.guild.id}/roles/${foreign.guild.id}`), 404, 10004);
    });
  });

  describe("POST /guilds/{guild}/roles", () => {
    it("creates 'new role' at position 1, moving the others up, with GUILD_ROLE_CREATE and GUILD_ROLE_UPDATE", async () => {
      const observer = await RawGatewayClient.identified(env.t, world.token, Intents.Guilds);
      const res = await bot.post(`/guilds/${guild}/roles`, {});
      expect(res.status).toBe(200);
      const role = (await res.json()) as WireRole;
      expect(validateResponse("post", "/guilds/{guild_id}/roles", 200, role)).toEqual([]);
      expect(role).toMatchObject({
        name: "new role",
        permissions: "0",
        position: 1,
        color: 0,
        hoist: false,
        mentionable: false,
        managed: false,
      });
      const created = await observer.dispatch("GUILD_ROLE_CREATE");
      expect(created.d).toEqual({ guild_id: guild, role });
      const moved = await observer.dispatch("GUILD_ROLE_UPDATE", (d) => d.role.id === managed.toString());
      expect(moved.d).toMatchObject({ guild_id: guild, role: { position: 2 } });
      expect((await rolesNow()).map((r) => [r.id, r.position])).toEqual([
        [guild, 0],
        [role.id, 1],
        [managed.toString(), 2],
        [plainRole.toString(), 3],
        [high.toString(), 4],
      ]);
      await observer.close();
    });

    it("takes name, permissions, color (or colors.primary_color), hoist and mentionable", async () => {
      const first = (await (
        await bot.post(`/guilds/${guild}/roles`, {
          name: "Mods",
          permissions: Permission.SendMessages.toString(),
          color: 0x00ff00,
          hoist: true,
          mentionable: true,
        })
      ).json()) as WireRole;
      expect(first).toMatchObject({
        name: "Mods",
        permissions: Permission.SendMessages.toString(),
        color: 0x00ff00,
        hoist: true,
        mentionable: true,
      });
      expect(first.colors.primary_color).toBe(0x00ff00);
      const second = (await (
        await bot.post(`/guilds/${guild}/roles`, { name: "Blue", colors: { primary_color: 0x0000ff } })
      ).json()) as WireRole;
      expect(second).toMatchObject({ color: 0x0000ff, position: 1 });
      expect(await positionOf(first.id)).toBe(2);
    });

    it("grants only permissions the bot has and needs Manage Roles (50013)", async () => {
      await expectError(
        await bot.post(`/guilds/${guild}/roles`, {
          permissions: (Permission.SendMessages | Permission.BanMembers).toString(),
        }),
        403,
        50013,
      );
      await expectError(await plain.post(`/guilds/${guild}/roles`, { name: "nope" }), 403, 50013);
      expect(await rolesNow()).toHaveLength(4);
    });

    it("refuses malformed fields with 50035 naming them", async () => {
      const body = await expectError(
        await bot.post(`/guilds/${guild}/roles`, {
          name: "x".repeat(101),
          color: 0x1000000,
          permissions: "lots",
          hoist: "yes",
        }),
        400,
        50035,
      );
      expect(Object.keys(body.errors).sort()).toEqual(["color", "hoist", "name", "permissions"]);
    });
  });

  describe("PATCH /guilds/{guild}/roles (positions)", () => {
    const create = async (name: string) =>
      BigInt((await domain().roles.create(world.owner.id, world.guild.id, { name })).id);

    it("moves roles below the bot's highest, renumbers, emits GUILD_ROLE_UPDATE and returns all roles", async () => {
      const a = await create("a");
      const b = await create("b");
      // b 1, a 2, managed 3, plain 4, high 5
      const observer = await RawGatewayClient.identified(env.t, world.token, Intents.Guilds);
      const res = await bot.patch(`/guilds/${guild}/roles`, [{ id: b.toString(), position: 2 }]);
      expect(res.status).toBe(200);
      const roles = (await res.json()) as WireRole[];
      expect(validateResponse("patch", "/guilds/{guild_id}/roles", 200, roles)).toEqual([]);
      expect(roles.map((r) => r.id)).toEqual([guild, a, b, managed, plainRole, high].map(String));
      expect(roles.map((r) => r.position)).toEqual([0, 1, 2, 3, 4, 5]);
      const updates = [await observer.dispatch("GUILD_ROLE_UPDATE"), await observer.dispatch("GUILD_ROLE_UPDATE")];
      expect(updates.map((u) => [u.d.role.id, u.d.role.position]).sort()).toEqual(
        [
          [a.toString(), 1],
          [b.toString(), 2],
        ].sort(),
      );
      // The whole list, as client libraries send it: roles above the bot keep their places, a and b swap back.
      const whole = await bot.patch(
        `/guilds/${guild}/roles`,
        roles.map((r) => ({ id: r.id, position: r.id === a.toString() ? 2 : r.id === b.toString() ? 1 : r.position })),
      );
      expect(whole.status).toBe(200);
      expect(((await whole.json()) as WireRole[]).map((r) => r.id)).toEqual(
        [guild, b, a, managed, plainRole, high].map(String),
      );
      await observer.close();
    });

    it("keeps @everyone at position 0 (50035) and refuses unknown roles (50035)", async () => {
      const body = await expectError(
        await bot.patch(`/guilds/${guild}/roles`, [{ id: guild, position: 1 }]),
        400,
        50035,
      );
      expect(body.errors).toHaveProperty("0");
      const unknown = await expectError(
        await bot.patch(`/guilds/${guild}/roles`, [{ id: "424242", position: 1 }]),
        400,
        50035,
      );
      expect(unknown.errors).toHaveProperty("0");
      await expectError(await bot.patch(`/guilds/${guild}/roles`, { id: guild, position: 0 }), 400, 50035);
    });

    it("cannot move roles at or above its highest, nor move anything to or above it (50013)", async () => {
      const a = await create("a");
      // a 1, managed 2, plain 3, high 4
      await expectError(await bot.patch(`/guilds/${guild}/roles`, [{ id: high.toString(), position: 1 }]), 403, 50013);
      await expectError(
        await bot.patch(`/guilds/${guild}/roles`, [{ id: managed.toString(), position: 1 }]),
        403,
        50013,
      );
      await expectError(await bot.patch(`/guilds/${guild}/roles`, [{ id: a.toString(), position: 2 }]), 403, 50013);
      await expectError(await bot.patch(`/guilds/${guild}/roles`, [{ id: a.toString(), position: 4 }]), 403, 50013);
      await expectError(await plain.patch(`/guilds/${guild}/roles`, [{ id: a.toString(), position: 1 }]), 403, 50013);
      expect(await positionOf(a)).toBe(1);
      expect(await positionOf(high)).toBe(4);
    });
  });

  describe("PATCH /guilds/{guild}/roles/{role}", () => {
    it("changes name, permissions, color, hoist and mentionable with GUILD_ROLE_UPDATE", async () => {
      const id = (await domain().roles.create(world.owner.id, world.guild.id, { name: "before" })).id;
      const observer = await RawGatewayClient.identified(env.t, world.token, Intents.Guilds);
      const res = await bot.patch(`/guilds/${guild}/roles/${id}`, {
        name: "after",
        permissions: Permission.SendMessages.toString(),
        colors: { primary_color: 0xabcdef },
        hoist: true,
        mentionable: true,
      });
      expect(res.status).toBe(200);
      const role = (await res.json()) as WireRole;
      expect(validateResponse("patch", "/guilds/{guild_id}/roles/{role_id}", 200, role)).toEqual([]);
      expect(role).toMatchObject({
        id,
        name: "after",
        permissions: Permission.SendMessages.toString(),
        color: 0xabcdef,
        hoist: true,
        mentionable: true,
        position: 1,
      });
      expect((await observer.dispatch("GUILD_ROLE_UPDATE", (d) => d.role.id === id)).d).toEqual({
        guild_id: guild,
        role,
      });
      // Fields left out (or null) stay.
      const renamed = (await (
        await bot.patch(`/guilds/${guild}/roles/${id}`, { name: "again", color: null })
      ).json()) as WireRole;
      expect(renamed).toMatchObject({
        name: "again",
        color: 0xabcdef,
        hoist: true,
        permissions: Permission.SendMessages.toString(),
      });
      await observer.close();
    });

    it("lets @everyone have only its permissions changed (other fields 50035)", async () => {
      const body = await expectError(
        await bot.patch(`/guilds/${guild}/roles/${guild}`, { name: "everybody", hoist: true }),
        400,
        50035,
      );
      expect(Object.keys(body.errors).sort()).toEqual(["hoist", "name"]);
      const res = await bot.patch(`/guilds/${guild}/roles/${guild}`, {
        permissions: Permission.ViewChannel.toString(),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        id: guild,
        name: "@everyone",
        permissions: Permission.ViewChannel.toString(),
        position: 0,
      });
    });

    it("refuses roles at or above its highest, new permissions it lacks, and missing Manage Roles (50013)", async () => {
      await expectError(await bot.patch(`/guilds/${guild}/roles/${high}`, { name: "mine now" }), 403, 50013);
      await expectError(await bot.patch(`/guilds/${guild}/roles/${managed}`, { name: "renamed" }), 403, 50013);
      const id = (
        await domain().roles.create(world.owner.id, world.guild.id, {
          name: "staff",
          permissions: Permission.KickMembers.toString(),
        })
      ).id;
      await expectError(
        await bot.patch(`/guilds/${guild}/roles/${id}`, {
          permissions: (Permission.KickMembers | Permission.BanMembers).toString(),
        }),
        403,
        50013,
      );
      await expectError(await plain.patch(`/guilds/${guild}/roles/${id}`, { name: "x" }), 403, 50013);
      // Bits it lacks that the role already has may stay.
      const kept = await bot.patch(`/guilds/${guild}/roles/${id}`, {
        name: "staff 2",
        permissions: (Permission.KickMembers | Permission.SendMessages).toString(),
      });
      expect(kept.status).toBe(200);
      expect(await kept.json()).toMatchObject({
        name: "staff 2",
        permissions: (Permission.KickMembers | Permission.SendMessages).toString(),
      });
      await expectError(await bot.patch(`/guilds/${guild}/roles/424242`, { name: "x" }), 404, 10011);
    });

    it("sends CHANNEL_DELETE and CHANNEL_CREATE to the role's members when its permissions hide or show channels", async () => {
      // @everyone loses View Channel; a role gives it back to a roleless bot.
      const { role: viewers, member } = await seeingThroughRole("viewers");

      expect((await bot.patch(`/guilds/${guild}/roles/${viewers}`, { permissions: "0" })).status).toBe(200);
      const deleted = [await member.dispatch("CHANNEL_DELETE"), await member.dispatch("CHANNEL_DELETE")]
        .map((f) => f.d.id)
        .sort();
      expect(deleted).toEqual([world.text.id, world.voice.id].map(String).sort());
      expect(
        (await bot.patch(`/guilds/${guild}/roles/${viewers}`, { permissions: Permission.ViewChannel.toString() }))
          .status,
      ).toBe(200);
      const created = [await member.dispatch("CHANNEL_CREATE"), await member.dispatch("CHANNEL_CREATE")]
        .map((f) => f.d.id)
        .sort();
      expect(created).toEqual(deleted);
      await member.close();
    });
  });

  describe("DELETE /guilds/{guild}/roles/{role}", () => {
    it("deletes with 204, GUILD_ROLE_DELETE, an audit entry, the roles above moving down, and hidden channels for its members", async () => {
      const { role: doomed, member } = await seeingThroughRole("doomed");

      const res = await bot.delete(`/guilds/${guild}/roles/${doomed}`);
      expect(res.status).toBe(204);
      expect((await member.dispatch("GUILD_ROLE_DELETE")).d).toEqual({ guild_id: guild, role_id: doomed });
      const update = await member.dispatch("GUILD_ROLE_UPDATE", (d) => d.role.id === managed.toString());
      expect(update.d.role.position).toBe(1);
      expect((await member.dispatch("CHANNEL_DELETE")).d.guild_id).toBe(guild);
      expect((await rolesNow()).map((r) => r.position)).toEqual([0, 1, 2, 3]);
      await expectError(await bot.get(`/guilds/${guild}/roles/${doomed}`), 404, 10011);
      const entries = await env.t.server.ctx.database.prisma.auditLogEntry.findMany({
        where: { guildId: world.guild.id, actionType: AuditLogEvent.RoleDelete },
      });
      expect(entries.map((e) => [e.userId, e.targetId])).toEqual([[world.botUserId, BigInt(doomed)]]);
      await member.close();
    });

    it("never deletes a bot's managed role nor a role at or above its highest (50013), nor @everyone (50035)", async () => {
      // Another bot's managed role moved below this bot's: still not deletable.
      await domain().roles.move(world.owner.id, world.guild.id, [{ id: plainRole.toString(), position: 1 }]);
      expect(await positionOf(plainRole)).toBeLessThan((await positionOf(managed))!);
      await expectError(await bot.delete(`/guilds/${guild}/roles/${plainRole}`), 403, 50013);
      await expectError(await bot.delete(`/guilds/${guild}/roles/${managed}`), 403, 50013);
      await expectError(await bot.delete(`/guilds/${guild}/roles/${high}`), 403, 50013);
      await expectError(await bot.delete(`/guilds/${guild}/roles/${guild}`), 400, 50035);
      expect(await rolesNow()).toHaveLength(4);
    });

    it("needs Manage Roles (50013) and answers Unknown Role for an unknown role", async () => {
      const id = (await domain().roles.create(world.owner.id, world.guild.id, { name: "low" })).id;
      await expectError(await plain.delete(`/guilds/${guild}/roles/${id}`), 403, 50013);
      await expectError(await bot.delete(`/guilds/${guild}/roles/424242`), 404, 10011);
      expect((await bot.delete(`/guilds/${guild}/roles/${id}`)).status).toBe(204);
      await expectError(await bot.delete(`/guilds/${guild}/roles/${id}`), 404, 10011);
    });
  });

  describe("rate limits", () => {
    it("create, edit and move: 5 per 5 s per guild, each kind counted separately", async () => {
      const other = await env.t.seed.guild(world.owner.id, "Other");
      await domain().members.addBot(world.owner.id, other.id, world.app.application.id, BOT_PERMISSIONS);
      const roles = `/guilds/${guild}/roles`;
      for (let i = 0; i < 5; i++) expect((await bot.post(roles, { name: `r${i}` })).status).toBe(200);
      await expectRateLimited(await bot.post(roles, { name: "one too many" }));
      expect((await bot.post(`/guilds/${other.id}/roles`, { name: "elsewhere" })).status).toBe(200);

      const low = (await rolesNow()).find((r) => r.name === "r0")!.id;
      for (let i = 0; i < 5; i++) expect((await bot.patch(`${roles}/${low}`, { name: `edit ${i}` })).status).toBe(200);
      await expectRateLimited(await bot.patch(`${roles}/${low}`, { name: "edit 5" }));

      for (let i = 0; i < 5; i++) expect((await bot.patch(roles, [{ id: low, position: 1 }])).status).toBe(200);
      await expectRateLimited(await bot.patch(roles, [{ id: low, position: 1 }]));
    });
  });
});
