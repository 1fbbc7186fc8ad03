import { Permission } from "@chat/domain";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveEventFrame } from "../src/routers/live";
import { openLiveTab } from "./live-tab";
import { refusal } from "./refusal";
import { createTestWorld, type TestWorld } from "./world";

let w: TestWorld;
beforeAll(async () => {
  w = await createTestWorld();
});
afterAll(() => w?.close());

const MODERATION = Permission.KickMembers | Permission.BanMembers | Permission.ManageRoles;

/** A role made by the owner; roles made later go below it (a new role starts at the bottom). */
async function role(owner: bigint, guildId: string, name: string, permissions = 0n): Promise<string> {
  return (await w.domain.roles.create(owner, BigInt(guildId), { name, permissions: permissions.toString() })).id;
}

const give = (owner: bigint, guildId: string, userId: bigint, roleId: string) =>
  w.domain.memberRoles.addRole(owner, BigInt(guildId), userId, BigInt(roleId));

/** The member's role ids as stored, or null once they are not a member. */
async function rolesOf(guildId: string, userId: bigint): Promise<string[] | null> {
  const member = await w.database.prisma.member.findUnique({
    where: { guildId_userId: { guildId: BigInt(guildId), userId } },
    include: { roles: true },
  });
  return member ? member.roles.map((r) => r.roleId.toString()).sort() : null;
}

/**
 * A guild with an owner, a moderator (Kick, Ban, Manage Roles through "Moderator") ranked below
 * a senior member ("Senior"), a plain member holding "Helper" (below Moderator), and a bot with
 * its managed role.
 */
async function moderatedGuild(prefix: string) {
  const { owner, member: moderator, guildId, channelId } = await w.guildOfTwo(`${prefix}_owner`, `${prefix}_mod`);
  const senior = await w.signUp(`${prefix}_senior`);
  const plain = await w.signUp(`${prefix}_plain`);
  for (const id of [senior, plain]) await w.domain.members.addPerson(BigInt(guildId), id);
  const roles = {
    senior: await role(owner, guildId, "Senior"),
    moderator: await role(owner, guildId, "Moderator", MODERATION),
    helper: await role(owner, guildId, "Helper"),
  };
  await give(owner, guildId, moderator, roles.moderator);
  await give(owner, guildId, senior, roles.senior);
  await give(owner, guildId, plain, roles.helper);
  const app = await w.domain.applications.create(owner, `${prefix} bot`);
  await w.domain.members.addBot(owner, BigInt(guildId), app.application.id, Permission.ViewChannel);
  const botRole = (await w.domain.roles.list(BigInt(guildId), owner)).find((r) => r.managed)?.id as string;
  return { owner, moderator, senior, plain, bot: app.application.botUserId, botRole, roles, guildId, channelId };
}

/** The live event telling the guild's tabs that `userId` left it. */
const removalOf = (userId: bigint) => (frame: LiveEventFrame) =>
  frame.t === GatewayDispatchEvents.GuildMemberRemove &&
  (frame.d as { user: { id: string } }).user.id === userId.toString();

/** The live event telling the guild's tabs of `userId`'s new roles. */
const updateOf = (userId: bigint) => (frame: LiveEventFrame) =>
  frame.t === GatewayDispatchEvents.GuildMemberUpdate &&
  (frame.d as { user: { id: string } }).user.id === userId.toString();

describe("a member's standing", () => {
  it("tells a moderator whom they may not act on and why, which roles they may give, and which are bots' own", async () => {
    const g = await moderatedGuild("standing");
    const standing = await w.caller(g.moderator).moderation.standing({ guildId: g.guildId });
    expect(standing).toMatchObject({
      ownerId: g.owner.toString(),
      kickMembers: true,
      banMembers: true,
      manageRoles: true,
    });
    const shielded = Object.fromEntries(standing.shielded.map((s) => [s.userId, s.reason]));
    // The bot's role went to the top (the owner added it): it outranks the moderator too.
    expect(shielded).toEqual({
      [g.owner.toString()]: "owner",
      [g.moderator.toString()]: "self",
      [g.senior.toString()]: "outranks",
      [g.bot.toString()]: "outranks",
    });
    expect(standing.manageableRoleIds).toEqual([g.roles.helper]);
    expect(standing.managedRoles).toEqual([{ roleId: g.botRole, botUserId: g.bot.toString() }]);

    const owners = await w.caller(g.owner).moderation.standing({ guildId: g.guildId });
    expect(owners.shielded).toEqual([{ userId: g.owner.toString(), reason: "self" }]);
    expect(owners.manageableRoleIds.sort()).toEqual(Object.values(g.roles).sort());

    const plains = await w.caller(g.plain).moderation.standing({ guildId: g.guildId });
    expect(plains).toMatchObject({ kickMembers: false, banMembers: false, manageRoles: false, manageableRoleIds: [] });
  });
});

describe("giving and taking roles", () => {
  it("gives and takes a role below the actor's; others' tabs get GUILD_MEMBER_UPDATE with the member's roles", async () => {
    const g = await moderatedGuild("roles");
    const watcher = await openLiveTab((signal) => w.caller(g.senior, signal));
    await watcher.ready();
    try {
      await w
        .caller(g.moderator)
        .moderation.removeRole({ guildId: g.guildId, userId: g.plain.toString(), roleId: g.roles.helper });
      expect(await rolesOf(g.guildId, g.plain)).toEqual([]);
      await watcher.until((f) => updateOf(g.plain)(f) && (f.d as { roles: string[] }).roles.length === 0);

      const given = await w
        .caller(g.moderator)
        .moderation.addRole({ guildId: g.guildId, userId: g.plain.toString(), roleId: g.roles.helper });
      expect(given).toEqual({ userId: g.plain.toString(), roleId: g.roles.helper });
      expect(await rolesOf(g.guildId, g.plain)).toEqual([g.roles.helper]);
      await watcher.until((f) => updateOf(g.plain)(f) && (f.d as { roles: string[] }).roles.includes(g.roles.helper));
    } finally {
      watcher.close();
    }
  });

  it("refuses (50013) a role at or above the actor's, a bot's own role, and members at or above the actor or the owner; nothing changes", async () => {
    const g = await moderatedGuild("rolerule");
    const mod = w.caller(g.moderator).moderation;
    const forbidden = { code: "FORBIDDEN", data: { apiCode: 50013 } };
    expect(
      await refusal(mod.addRole({ guildId: g.guildId, userId: g.plain.toString(), roleId: g.roles.senior })),
    ).toMatchObject(forbidden);
    expect(
      await refusal(mod.addRole({ guildId: g.guildId, userId: g.plain.toString(), roleId: g.roles.moderator })),
    ).toMatchObject(forbidden);
    expect(
      await refusal(mod.addRole({ guildId: g.guildId, userId: g.senior.toString(), roleId: g.roles.helper })),
    ).toMatchObject(forbidden);
    expect(
      await refusal(mod.removeRole({ guildId: g.guildId, userId: g.senior.toString(), roleId: g.roles.senior })),
    ).toMatchObject(forbidden);
    expect(
      await refusal(mod.addRole({ guildId: g.guildId, userId: g.owner.toString(), roleId: g.roles.helper })),
    ).toMatchObject(forbidden);
    // Not even the owner gives or takes a bot's own role.
    expect(
      await refusal(
        w.caller(g.owner).moderation.addRole({ guildId: g.guildId, userId: g.plain.toString(), roleId: g.botRole }),
      ),
    ).toMatchObject(forbidden);
    expect(
      await refusal(
        w.caller(g.owner).moderation.removeRole({ guildId: g.guildId, userId: g.bot.toString(), roleId: g.botRole }),
      ),
    ).toMatchObject(forbidden);
    // Without Manage Roles.
    expect(
      await refusal(
        w
          .caller(g.plain)
          .moderation.addRole({ guildId: g.guildId, userId: g.plain.toString(), roleId: g.roles.helper }),
      ),
    ).toMatchObject(forbidden);

    expect(await rolesOf(g.guildId, g.plain)).toEqual([g.roles.helper]);
    expect(await rolesOf(g.guildId, g.senior)).toEqual([g.roles.senior]);
    expect(await rolesOf(g.guildId, g.owner)).toEqual([]);
    expect(await rolesOf(g.guildId, g.bot)).toEqual([g.botRole]);
  });
});

describe("kicking and banning", () => {
  it("kicks a member: the guild's tabs get GUILD_MEMBER_REMOVE, the kicked person's GUILD_DELETE; a bot is removed the same way", async () => {
    const g = await moderatedGuild("kick");
    const watcher = await openLiveTab((signal) => w.caller(g.senior, signal));
    const kicked = await openLiveTab((signal) => w.caller(g.plain, signal));
    await Promise.all([watcher.ready(), kicked.ready()]);
    try {
      expect(await w.caller(g.moderator).moderation.kick({ guildId: g.guildId, userId: g.plain.toString() })).toEqual({
        userId: g.plain.toString(),
      });
      expect(await rolesOf(g.guildId, g.plain)).toBeNull();
      await watcher.until(removalOf(g.plain));
      const gone = await kicked.until((f) => f.t === GatewayDispatchEvents.GuildDelete);
      expect(gone.d).toEqual({ id: g.guildId });

      await w.caller(g.owner).moderation.kick({ guildId: g.guildId, userId: g.bot.toString() });
      expect(await rolesOf(g.guildId, g.bot)).toBeNull();
      await watcher.until(removalOf(g.bot));
    } finally {
      watcher.close();
      kicked.close();
    }
  });

  it("bans a member, who is listed and cannot come back; unbanning lifts it; a second unban is Unknown Ban", async () => {
    const g = await moderatedGuild("ban");
    const banned = await openLiveTab((signal) => w.caller(g.plain, signal));
    await banned.ready();
    try {
      await w.caller(g.moderator).moderation.ban({ guildId: g.guildId, userId: g.plain.toString() });
      expect(await rolesOf(g.guildId, g.plain)).toBeNull();
      await banned.until((f) => f.t === GatewayDispatchEvents.GuildDelete);
    } finally {
      banned.close();
    }
    const list = await w.caller(g.moderator).moderation.bans({ guildId: g.guildId });
    expect(list).toEqual([
      { user: { id: g.plain.toString(), username: "ban_plain", displayName: "ban_plain", bot: false } },
    ]);
    // Ban records keep no reason (spec rule 7), and the messages stay.
    expect((await w.domain.bans.get(g.owner, BigInt(g.guildId), g.plain)).reason).toBeNull();
    const invite = await w.domain.invites.create(BigInt(g.channelId), g.owner, { max_age: 0 });
    expect(await refusal(w.caller(g.plain).invites.accept({ code: invite.code }))).toMatchObject({
      code: "FORBIDDEN",
      data: { apiCode: 40007 },
    });

    await w.caller(g.moderator).moderation.unban({ guildId: g.guildId, userId: g.plain.toString() });
    expect(await w.caller(g.moderator).moderation.bans({ guildId: g.guildId })).toEqual([]);
    expect(
      await refusal(w.caller(g.moderator).moderation.unban({ guildId: g.guildId, userId: g.plain.toString() })),
    ).toMatchObject({ code: "NOT_FOUND", data: { apiCode: 10026 } });
    expect((await w.caller(g.plain).invites.accept({ code: invite.code })).joined).toBe(true);
  });

  it("refuses (50013) kicking or banning the owner, oneself, or a member ranked at or above the actor; nothing changes", async () => {
    const g = await moderatedGuild("rank");
    const mod = w.caller(g.moderator).moderation;
    const forbidden = { code: "FORBIDDEN", data: { apiCode: 50013 } };
    for (const target of [g.owner, g.moderator, g.senior, g.bot]) {
      expect(await refusal(mod.kick({ guildId: g.guildId, userId: target.toString() }))).toMatchObject(forbidden);
      expect(await refusal(mod.ban({ guildId: g.guildId, userId: target.toString() }))).toMatchObject(forbidden);
    }
    // The same moderator ranked level with the senior member: still refused.
    await give(g.owner, g.guildId, g.moderator, g.roles.senior);
    expect(await refusal(mod.kick({ guildId: g.guildId, userId: g.senior.toString() }))).toMatchObject(forbidden);
    // Without Kick Members or Ban Members, even on someone below.
    expect(
      await refusal(w.caller(g.plain).moderation.kick({ guildId: g.guildId, userId: g.moderator.toString() })),
    ).toMatchObject(forbidden);
    expect(await refusal(w.caller(g.plain).moderation.bans({ guildId: g.guildId }))).toMatchObject(forbidden);
    for (const member of [g.owner, g.moderator, g.senior, g.bot, g.plain])
      expect(await rolesOf(g.guildId, member)).not.toBeNull();
    expect(await w.caller(g.owner).moderation.bans({ guildId: g.guildId })).toEqual([]);
  });

  it("holds kicks to 5 and bans with unbans to 5 per 5 s per guild, as for bots", async () => {
    const { owner, guildId } = await w.guildOfTwo("limit_owner", "limit_member");
    const people: string[] = [];
    for (let i = 0; i < 9; i++) {
      const id = await w.signUp(`limit_p${i}`);
      await w.domain.members.addPerson(BigInt(guildId), id);
      people.push(id.toString());
    }
    const api = w.caller(owner).moderation;
    for (const userId of people.slice(0, 5)) await api.kick({ guildId, userId });
    const kick = await refusal(api.kick({ guildId, userId: people[5] as string }));
    expect(kick.code).toBe("TOO_MANY_REQUESTS");
    expect(kick.message).toMatch(/^You are removing members too quickly\. Try again in \d+ seconds?\.$/);
    for (const userId of people.slice(5, 8)) await api.ban({ guildId, userId });
    for (const userId of people.slice(5, 7)) await api.unban({ guildId, userId });
    const ban = await refusal(api.ban({ guildId, userId: people[8] as string }));
    expect(ban.code).toBe("TOO_MANY_REQUESTS");
    expect(ban.message).toMatch(/^You are banning and unbanning too quickly\. Try again in \d+ seconds?\.$/);
    expect(await rolesOf(guildId, BigInt(people[8] as string))).toEqual([]);
  });
});

describe("bad input", () => {
  it("answers a malformed id with the field that is wrong, and unknown guilds, members and roles with their Unknown codes", async () => {
    const g = await moderatedGuild("input");
    const outsider = await w.signUp("input_outsider");
    const owner = w.caller(g.owner).moderation;
    const notAnId = await refusal(owner.kick({ guildId: g.guildId, userId: "01" }));
    expect(notAnId).toMatchObject({
      code: "BAD_REQUEST",
      data: { apiCode: null, fieldErrors: { userId: ["Not an id."] } },
    });
    expect(
      await refusal(owner.addRole({ guildId: "guild", userId: g.plain.toString(), roleId: g.roles.helper })),
    ).toMatchObject({ code: "BAD_REQUEST", data: { fieldErrors: { guildId: ["Not an id."] } } });
    expect(await refusal(owner.standing({ guildId: "99999999999999999999" }))).toMatchObject({ code: "BAD_REQUEST" });

    expect(await refusal(owner.kick({ guildId: g.guildId, userId: outsider.toString() }))).toMatchObject({
      code: "NOT_FOUND",
      data: { apiCode: 10007 },
    });
    expect(
      await refusal(owner.addRole({ guildId: g.guildId, userId: g.plain.toString(), roleId: "987654321" })),
    ).toMatchObject({ code: "NOT_FOUND", data: { apiCode: 10011 } });
    // @everyone is nobody's to give.
    expect(
      await refusal(owner.addRole({ guildId: g.guildId, userId: g.plain.toString(), roleId: g.guildId })),
    ).toMatchObject({ code: "NOT_FOUND", data: { apiCode: 10011 } });
    // Someone outside the guild learns nothing of it (rule 9).
    const stranger = w.caller(outsider).moderation;
    expect(await refusal(stranger.standing({ guildId: g.guildId }))).toMatchObject({
      code: "NOT_FOUND",
      data: { apiCode: 10004 },
    });
    expect(await refusal(stranger.bans({ guildId: g.guildId }))).toMatchObject({
      code: "NOT_FOUND",
      data: { apiCode: 10004 },
    });
    expect(await refusal(stranger.kick({ guildId: g.guildId, userId: g.plain.toString() }))).toMatchObject({
      code: "NOT_FOUND",
      data: { apiCode: 10004 },
    });
    // A user the owner shares no guild with cannot be banned here (Unknown User), and nothing is stored.
    expect(await refusal(owner.ban({ guildId: g.guildId, userId: outsider.toString() }))).toMatchObject({
      code: "NOT_FOUND",
      data: { apiCode: 10013 },
    });
    expect(await owner.bans({ guildId: g.guildId })).toEqual([]);
    expect(await refusal(w.caller(null).moderation.standing({ guildId: g.guildId }))).toMatchObject({
      code: "UNAUTHORIZED",
    });
  });
});
