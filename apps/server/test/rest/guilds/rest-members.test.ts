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

type WireMember = { user: { id: string; username: string }; roles: string[]; nick: string | null; joined_at: string };

describe("members over REST", () => {
  const env = useTestServer({ world: false });
  let world: World;
  let guild: string;
  /** The world's bot: View Channel, Manage Roles, Kick Members; its highest role is `peer`. */
  let bot: BotClient;
  /** A second bot in the guild with View Channel only. */
  let plain: BotClient;
  let roles: { low: bigint; peer: bigint; high: bigint; managed: bigint };
  const domain = () => env.t.server.ctx.domain;
  let n = 0;
  const person = async (globalName: string | null = null) => {
    const user = await domain().users.createPerson({
      username: `member_${++n}_${Date.now() % 100000}`,
      passwordHash: "x",
      globalName,
    });
    await domain().members.addPerson(world.guild.id, user.id);
    return user;
  };

  // A guild of its own for every test: the member routes' limits are counted per guild.
  beforeEach(async () => {
    world = await env.t.seed.world(Permission.ViewChannel | Permission.ManageRoles | Permission.KickMembers);
    guild = world.guild.id.toString();
    bot = botClient(env.t, world.token);
    const other = await env.t.seed.bot(world, Permission.ViewChannel);
    plain = botClient(env.t, other.botToken);
    // Roles set up by the owner through the same services: low < bot's managed < peer (the bot holds it) < plain's < high.
    const owner = world.owner.id;
    const create = async (name: string) => BigInt((await domain().roles.create(owner, world.guild.id, { name })).id);
    const low = await create("low");
    const peer = await create("peer");
    const all = await domain().roles.list(world.guild.id, owner);
    const managed = BigInt(all.find((r) => r.tags?.bot_id === world.botUserId.toString())!.id);
    await domain().roles.move(owner, world.guild.id, [{ id: peer.toString(), position: 3 }]);
    const high = await create("high");
    await domain().roles.move(owner, world.guild.id, [{ id: high.toString(), position: 5 }]);
    await domain().memberRoles.addRole(owner, world.guild.id, world.botUserId, peer);
    roles = { low, peer, high, managed };
    const positions = new Map((await domain().roles.list(world.guild.id, owner)).map((r) => [r.name, r.position]));
    expect(positions.get("low")).toBeLessThan(positions.get("peer")!);
    expect(positions.get("peer")).toBeLessThan(positions.get("high")!);
  });

  describe("GET /guilds/{guild}/members", () => {
    it("lists members in user id order, one by default, paged with after and limit", async () => {
      const a = await person();
      const b = await person();
      const first = await bot.get(`/guilds/${guild}/members`);
      expect(first.status).toBe(200);
      const one = (await first.json()) as WireMember[];
      expect(validateResponse("get", "/guilds/{guild_id}/members", 200, one)).toEqual([]);
      expect(one.map((m) => m.user.id)).toEqual([world.owner.id.toString()]);

      const all = (await (await bot.get(`/guilds/${guild}/members?limit=1000`)).json()) as WireMember[];
      const ids = all.map((m) => BigInt(m.user.id));
      expect(ids).toEqual([...ids].sort((x, y) => (x < y ? -1 : 1)));
      expect(ids).toEqual(expect.arrayContaining([world.owner.id, world.botUserId, a.id, b.id]));

      const after = (await (await bot.get(`/guilds/${guild}/members?after=${a.id}&limit=1`)).json()) as WireMember[];
      expect(after.map((m) => m.user.id)).toEqual([b.id.toString()]);
    });

    it("refuses a limit outside 1–1000 with 50035", async () => {
      for (const limit of ["0", "1001", "many"]) {
        const body = await expectError(await bot.get(`/guilds/${guild}/members?limit=${limit}`), 400, 50035);
        expect(body.errors).toHaveProperty("limit");
      }
    });

    it("answers Unknown Guild for a guild the bot is not in and for a malformed id", async () => {
      const elsewhere = await env.t.seed.guild(world.owner.id, "Elsewhere");
      await expectError(await bot.get(`/guilds/${elsewhere.id}/members`), 404, 10004);
      await expectError(await bot.get("/guilds/not-an-id/members"), 404, 10004);
    });
  });

  describe("GET /guilds/{guild}/members/search", () => {
    it("finds members whose username or display name starts with the query, in any case", async () => {
      const byName = await person();
      await env.t.server.ctx.database.prisma.user.update({
        where: { id: byName.id },
        data: { username: `zebra_${byName.id}` },
      });
      const byDisplay = await person("Zebulon Display");
      const res = await bot.get(`/guilds/${guild}/members/search?query=ZEB&limit=10`);
      expect(res.status).toBe(200);
      const found = (await res.json()) as WireMember[];
      expect(validateResponse("get", "/guilds/{guild_id}/members/search", 200, found)).toEqual([]);
      expect(found.map((m) => m.user.id)).toEqual([byName.id.toString(), byDisplay.id.toString()]);

      const single = (await (await bot.get(`/guilds/${guild}/members/search?query=zeb`)).json()) as WireMember[];
      expect(single.map((m) => m.user.id)).toEqual([byName.id.toString()]);
      // Only the start counts, and `_` is a character like any other.
      expect(await (await bot.get(`/guilds/${guild}/members/search?query=ebra&limit=10`)).json()).toEqual([]);
      expect(await (await bot.get(`/guilds/${guild}/members/search?query=z_bra&limit=10`)).json()).toEqual([]);
    });

    it("requires query and a limit of 1–1000 (50035)", async () => {
      const missing = await expectError(await bot.get(`/guilds/${guild}/members/search`), 400, 50035);
      expect(missing.errors).toHaveProperty("query");
      const tooMany = await expectError(
        await bot.get(`/guilds/${guild}/members/search?query=a&limit=1001`),
        400,
        50035,
      );
      expect(tooMany.errors).toHaveProperty("limit");
    });
  });

  describe("GET /guilds/{guild}/members/{user}", () => {
    it("answers one member, and the bot itself for @me", async () => {
      const someone = await person();
      const res = await bot.get(`/guilds/${guild}/members/${someone.id}`);
      expect(res.status).toBe(200);
      const member = (await res.json()) as WireMember;
      expect(validateResponse("get", "/guilds/{guild_id}/members/{user_id}", 200, member)).toEqual([]);
      expect(member).toMatchObject({ user: { id: someone.id.toString() }, roles: [], nick: null });

      const me = (await (await bot.get(`/guilds/${guild}/members/@me`)).json()) as WireMember;
      expect(me.user.id).toBe(world.botUserId.toString());
      expect(me.roles.sort()).toEqual([roles.managed, roles.peer].map(String).sort());
    });

    it("answers Unknown Member for a user who is not a member, an unknown id and a malformed one", async () => {
      const outsider = await env.t.seed.person();
      await expectError(await bot.get(`/guilds/${guild}/members/${outsider.id}`), 404, 10007);
      await expectError(await bot.get(`/guilds/${guild}/members/999999999`), 404, 10007);
      await expectError(await bot.get(`/guilds/${guild}/members/nobody`), 404, 10007);
    });
  });

  describe("PATCH /guilds/{guild}/members/{user}", () => {
    it("sets the member's roles, emits GUILD_MEMBER_UPDATE and returns the member", async () => {
      const someone = await person();
      const observer = await RawGatewayClient.identified(env.t, world.token, Intents.Guilds | Intents.GuildMembers);
      const res = await bot.patch(`/guilds/${guild}/members/${someone.id}`, { roles: [roles.low.toString()] });
      expect(res.status).toBe(200);
      const member = (await res.json()) as WireMember;
      expect(validateResponse("patch", "/guilds/{guild_id}/members/{user_id}", 200, member)).toEqual([]);
      expect(member.roles).toEqual([roles.low.toString()]);
      const update = await observer.dispatch("GUILD_MEMBER_UPDATE", (d) => d.user.id === someone.id.toString());
      expect(update.d).toMatchObject({
        guild_id: guild,
        roles: [roles.low.toString()],
        nick: null,
        joined_at: expect.any(String),
      });

      const cleared = (await (
        await bot.patch(`/guilds/${guild}/members/${someone.id}`, { roles: [] })
      ).json()) as WireMember;
      expect(cleared.roles).toEqual([]);
      expect(
        (await observer.dispatch("GUILD_MEMBER_UPDATE", (d) => d.user.id === someone.id.toString())).d.roles,
      ).toEqual([]);
      await observer.close();
    });

    it("keeps the bot's own managed role whether listed or not", async () => {
      const path = `/guilds/${guild}/members/${world.botUserId}`;
      const withLow = (await (
        await bot.patch(path, { roles: [roles.low.toString(), roles.peer.toString()] })
      ).json()) as WireMember;
      expect(withLow.roles.sort()).toEqual([roles.low, roles.managed, roles.peer].map(String).sort());
      const res = await bot.patch(path, { roles: [roles.peer.toString()] });
      expect(res.status).toBe(200);
      expect(((await res.json()) as WireMember).roles.sort()).toEqual([roles.managed, roles.peer].map(String).sort());
    });

    it("cannot add or remove a role at or above the bot's highest role (50013)", async () => {
      const someone = await person();
      await expectError(
        await bot.patch(`/guilds/${guild}/members/${someone.id}`, { roles: [roles.high.toString()] }),
        403,
        50013,
      );
      // `peer` is the bot's highest role: the bot may not take it from itself either.
      await expectError(await bot.patch(`/guilds/${guild}/members/${world.botUserId}`, { roles: [] }), 403, 50013);
      expect(((await (await bot.get(`/guilds/${guild}/members/${someone.id}`)).json()) as WireMember).roles).toEqual(
        [],
      );
    });

    it("refuses unknown role ids with 50035 naming the entry", async () => {
      const someone = await person();
      const body = await expectError(
        await bot.patch(`/guilds/${guild}/members/${someone.id}`, { roles: [roles.low.toString(), "424242"] }),
        400,
        50035,
      );
      expect(body.errors.roles).toHaveProperty("1");
      expect(body.errors.roles).not.toHaveProperty("0");
      expect(((await (await bot.get(`/guilds/${guild}/members/${someone.id}`)).json()) as WireMember).roles).toEqual(
        [],
      );
    });

    it("fails nick, mute, deaf, channel_id and communication_disabled_until with 50035 unless null", async () => {
      const someone = await person();
      const path = `/guilds/${guild}/members/${someone.id}`;
      const values: Record<string, unknown> = {
        nick: "Nicky",
        mute: true,
        deaf: false,
        channel_id: world.voice.id.toString(),
        communication_disabled_until: "2030-01-01T00:00:00.000Z",
      };
      for (const [field, value] of Object.entries(values)) {
        const body = await expectError(await bot.patch(path, { [field]: value }), 400, 50035);
        expect(Object.keys(body.errors)).toEqual([field]);
      }
      const nulls = await bot.patch(path, Object.fromEntries(Object.keys(values).map((k) => [k, null])));
      expect(nulls.status).toBe(200);
    });

    it("needs Manage Roles (50013)", async () => {
      const someone = await person();
      await expectError(
        await plain.patch(`/guilds/${guild}/members/${someone.id}`, { roles: [roles.low.toString()] }),
        403,
        50013,
      );
    });

    it("never changes the owner's roles nor those of a member ranked as high as the bot (50013)", async () => {
      await expectError(
        await bot.patch(`/guilds/${guild}/members/${world.owner.id}`, { roles: [roles.low.toString()] }),
        403,
        50013,
      );
      const equal = await person();
      await domain().memberRoles.addRole(world.owner.id, world.guild.id, equal.id, roles.peer);
      await expectError(
        await bot.patch(`/guilds/${guild}/members/${equal.id}`, {
          roles: [roles.peer.toString(), roles.low.toString()],
        }),
        403,
        50013,
      );
    });

    it("answers Unknown Member for a non-member, and 404 with code 0 for @me", async () => {
      const outsider = await env.t.seed.person();
      await expectError(await bot.patch(`/guilds/${guild}/members/${outsider.id}`, { roles: [] }), 404, 10007);
      await expectError(await bot.patch(`/guilds/${guild}/members/@me`, { nick: null }), 404, 0);
    });
  });

  describe("PUT and DELETE /guilds/{guild}/members/{user}/roles/{role}", () => {
    it("adds and removes a role with 204 and GUILD_MEMBER_UPDATE", async () => {
      const someone = await person();
      const observer = await RawGatewayClient.identified(env.t, world.token, Intents.Guilds | Intents.GuildMembers);
      const path = `/guilds/${guild}/members/${someone.id}/roles/${roles.low}`;
      const added = await bot.put(path);
      expect(added.status).toBe(204);
      expect(
        (await observer.dispatch("GUILD_MEMBER_UPDATE", (d) => d.user.id === someone.id.toString())).d,
      ).toMatchObject({ guild_id: guild, roles: [roles.low.toString()] });
      expect((await bot.put(path)).status).toBe(204);
      const removed = await bot.delete(path);
      expect(removed.status).toBe(204);
      expect(
        (await observer.dispatch("GUILD_MEMBER_UPDATE", (d) => d.user.id === someone.id.toString())).d.roles,
      ).toEqual([]);
      expect((await bot.delete(path)).status).toBe(204);
      await observer.close();
    });

    it("answers Unknown Role for an unknown, malformed, @everyone or foreign role and Unknown Member for a non-member", async () => {
      const someone = await person();
      const foreign = await env.t.seed.world();
      const foreignRole = (await domain().roles.list(foreign.guild.id, foreign.owner.id)).find((r) => r.managed)!.id;
      for (const role of ["424242", "nope", guild, foreignRole]) {
        await expectError(await bot.put(`/guilds/${guild}/members/${someone.id}/roles/${role}`), 404, 10011);
        await expectError(await bot.delete(`/guilds/${guild}/members/${someone.id}/roles/${role}`), 404, 10011);
      }
      const outsider = await env.t.seed.person();
      await expectError(await bot.put(`/guilds/${guild}/members/${outsider.id}/roles/${roles.low}`), 404, 10007);
      await expectError(await bot.delete(`/guilds/${guild}/members/${outsider.id}/roles/${roles.low}`), 404, 10007);
    });

    it("refuses roles at or above the bot's highest, managed roles, the owner and missing Manage Roles (50013)", async () => {
      const someone = await person();
      await expectError(await bot.put(`/guilds/${guild}/members/${someone.id}/roles/${roles.high}`), 403, 50013);
      await expectError(await bot.put(`/guilds/${guild}/members/${someone.id}/roles/${roles.peer}`), 403, 50013);
      await expectError(await bot.put(`/guilds/${guild}/members/${someone.id}/roles/${roles.managed}`), 403, 50013);
      await expectError(
        await bot.delete(`/guilds/${guild}/members/${world.botUserId}/roles/${roles.managed}`),
        403,
        50013,
      );
      await expectError(await bot.put(`/guilds/${guild}/members/${world.owner.id}/roles/${roles.low}`), 403, 50013);
      await expectError(await plain.put(`/guilds/${guild}/members/${someone.id}/roles/${roles.low}`), 403, 50013);
      await domain().memberRoles.addRole(world.owner.id, world.guild.id, someone.id, roles.low);
      await expectError(await plain.delete(`/guilds/${guild}/members/${someone.id}/roles/${roles.low}`), 403, 50013);
      // With the right permission and rank the same removal works.
      expect((await bot.delete(`/guilds/${guild}/members/${someone.id}/roles/${roles.low}`)).status).toBe(204);
    });

    it("shows and hides channels the role opens: CHANNEL_CREATE and CHANNEL_DELETE to that member alone", async () => {
      const f = fixtures(env.t);
      const secret = await f.channel(world.guild.id, { name: "role-secret" });
      await f.hideFromEveryone(secret.id, world.guild.id);
      await f.overwrite(secret.id, roles.low, { allow: Permission.ViewChannel });
      // A bot without a role of its own (ranked lowest), listening with Guilds only.
      const app = await env.t.seed.bot(world, 0n);
      const target = await RawGatewayClient.identified(env.t, app.botToken, Intents.Guilds);
      const observer = await RawGatewayClient.identified(env.t, world.token, Intents.Guilds);
      await bot.put(`/guilds/${guild}/members/${app.botUser.id}/roles/${roles.low}`);
      // Its own member update reaches it without the Guild Members intent.
      expect((await target.dispatch("GUILD_MEMBER_UPDATE")).d).toMatchObject({
        user: { id: app.botUser.id.toString() },
        roles: [roles.low.toString()],
      });
      expect((await target.dispatch("CHANNEL_CREATE", (d) => d.id === secret.id.toString())).d).toMatchObject({
        name: "role-secret",
        guild_id: guild,
      });

      await bot.delete(`/guilds/${guild}/members/${app.botUser.id}/roles/${roles.low}`);
      expect((await target.dispatch("CHANNEL_DELETE")).d.id).toBe(secret.id.toString());

      // The observer (who sees nothing change) gets neither; a later event of its own is the barrier.
      await bot.put(`/guilds/${guild}/members/${world.botUserId}/roles/${roles.low}`);
      const seen = await observer.until(
        (fr) => fr.t === "GUILD_MEMBER_UPDATE" && fr.d.user.id === world.botUserId.toString(),
      );
      expect(seen.filter((fr) => fr.t === "CHANNEL_CREATE" || fr.t === "CHANNEL_DELETE").map((fr) => fr.d.id)).toEqual(
        [],
      );
      // The bot itself gained the channel through `low`.
      expect((await observer.dispatch("CHANNEL_CREATE", (d) => d.id === secret.id.toString())).d.name).toBe(
        "role-secret",
      );
      await bot.delete(`/guilds/${guild}/members/${world.botUserId}/roles/${roles.low}`);
      await Promise.all([target.close(), observer.close()]);
    });
  });

  describe("DELETE /guilds/{guild}/members/{user} (kick)", () => {
    it("kicks with 204: GUILD_MEMBER_REMOVE to the guild, GUILD_DELETE to a kicked bot, an audit entry, messages kept", async () => {
      const app = await env.t.seed.bot(world, 0n);
      const kicked = await RawGatewayClient.identified(env.t, app.botToken, Intents.Guilds);
      await kicked.dispatch("GUILD_CREATE", (d) => d.id === guild);
      const observer = await RawGatewayClient.identified(env.t, world.token, Intents.Guilds | Intents.GuildMembers);
      const someone = await person();
      const said = await fixtures(env.t).personMessage(world.text.id, someone.id, "I was here");

      expect((await bot.delete(`/guilds/${guild}/members/${app.botUser.id}`)).status).toBe(204);
      const gone = await kicked.dispatch("GUILD_DELETE");
      expect(gone.d).toEqual({ id: guild });
      const removed = await observer.dispatch("GUILD_MEMBER_REMOVE", (d) => d.user.id === app.botUser.id.toString());
      expect(removed.d).toMatchObject({ guild_id: guild, user: { id: app.botUser.id.toString(), bot: true } });
      await expectError(await bot.get(`/guilds/${guild}/members/${app.botUser.id}`), 404, 10007);

      expect((await bot.delete(`/guilds/${guild}/members/${someone.id}`)).status).toBe(204);
      await observer.dispatch("GUILD_MEMBER_REMOVE", (d) => d.user.id === someone.id.toString());
      const prisma = env.t.server.ctx.database.prisma;
      expect(await prisma.message.findUnique({ where: { id: BigInt(said.id) } })).not.toBeNull();
      const entries = await prisma.auditLogEntry.findMany({
        where: { guildId: world.guild.id, actionType: AuditLogEvent.MemberKick },
      });
      expect(entries.map((e) => [e.userId, e.targetId])).toEqual(
        expect.arrayContaining([
          [world.botUserId, app.botUser.id],
          [world.botUserId, someone.id],
        ]),
      );
      // Not a ban: the person may come back.
      await domain().members.addPerson(world.guild.id, someone.id);
      await Promise.all([kicked.close(), observer.close()]);
    });

    it("needs Kick Members and never reaches the owner, a member ranked as high, or the bot itself (50013)", async () => {
      const someone = await person();
      await expectError(await plain.delete(`/guilds/${guild}/members/${someone.id}`), 403, 50013);
      await expectError(await bot.delete(`/guilds/${guild}/members/${world.owner.id}`), 403, 50013);
      const equal = await person();
      await domain().memberRoles.addRole(world.owner.id, world.guild.id, equal.id, roles.peer);
      await expectError(await bot.delete(`/guilds/${guild}/members/${equal.id}`), 403, 50013);
      await expectError(await bot.delete(`/guilds/${guild}/members/${world.botUserId}`), 403, 50013);
      const members = await env.t.server.ctx.database.prisma.member.count({
        where: { guildId: world.guild.id, userId: { in: [someone.id, equal.id, world.owner.id] } },
      });
      expect(members).toBe(3);
    });

    it("answers Unknown Member for a non-member and a malformed id", async () => {
      const outsider = await env.t.seed.person();
      await expectError(await bot.delete(`/guilds/${guild}/members/${outsider.id}`), 404, 10007);
      await expectError(await bot.delete(`/guilds/${guild}/members/x1`), 404, 10007);
    });
  });

  describe("rate limits", () => {
    /** The world's bot in a guild of its own, with the same permissions. */
    const freshGuild = async () => {
      const g = await env.t.seed.guild(world.owner.id, "Limits");
      await domain().members.addBot(
        world.owner.id,
        g.id,
        world.app.application.id,
        Permission.ViewChannel | Permission.ManageRoles | Permission.KickMembers,
      );
      const low = BigInt((await domain().roles.create(world.owner.id, g.id, { name: "low" })).id);
      const someone = await env.t.seed.person();
      await domain().members.addPerson(g.id, someone.id);
      return { id: g.id.toString(), low, someone: someone.id };
    };
    it("edit member, add role and remove role: 10 per 10 s per guild, each counted separately", async () => {
      const g = await freshGuild();
      const other = await freshGuild();
      const member = `/guilds/${g.id}/members/${g.someone}`;
      for (let i = 0; i < 10; i++) expect((await bot.patch(member, {})).status).toBe(200);
      await expectRateLimited(await bot.patch(member, {}));
      expect((await bot.patch(`/guilds/${other.id}/members/${other.someone}`, {})).status).toBe(200);

      // Adding a role has its own count: ten more pass while edits are limited.
      for (let i = 0; i < 10; i++) expect((await bot.put(`${member}/roles/${g.low}`)).status).toBe(204);
      await expectRateLimited(await bot.put(`${member}/roles/${g.low}`));
      for (let i = 0; i < 10; i++) expect((await bot.delete(`${member}/roles/${g.low}`)).status).toBe(204);
      await expectRateLimited(await bot.delete(`${member}/roles/${g.low}`));
      expect((await bot.put(`/guilds/${other.id}/members/${other.someone}/roles/${other.low}`)).status).toBe(204);
    });

    it("kick: 5 per 5 s per guild", async () => {
      const g = await freshGuild();
      const other = await freshGuild();
      for (let i = 0; i < 5; i++) await expectError(await bot.delete(`/guilds/${g.id}/members/999999${i}`), 404, 10007);
      await expectRateLimited(await bot.delete(`/guilds/${g.id}/members/${g.someone}`));
      expect((await bot.delete(`/guilds/${other.id}/members/${other.someone}`)).status).toBe(204);
    });
  });
});
