import { Permission } from "@chat/domain";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLiveTab } from "./live-tab";
import { refusal } from "./refusal";
import { createTestWorld, type TestWorld } from "./world";

let w: TestWorld;
beforeAll(async () => {
  w = await createTestWorld();
});
afterAll(() => w?.close());

/** The guild's roles as bots read them (GET /guilds/{guild}/roles), lowest first. */
const storedRoles = (guildId: string, owner: bigint) => w.domain.roles.list(BigInt(guildId), owner);

/**
 * A guild of `owner` where `moderator` holds "Mods" (Manage Roles and Kick Members) ranked
 * below "Admins", with "Helpers" below "Mods": Admins 3, Mods 2, Helpers 1, @everyone 0.
 */
async function rankedGuild(prefix: string) {
  const { owner, member: moderator, guildId } = await w.guildOfTwo(`${prefix}_owner`, `${prefix}_mod`);
  const id = BigInt(guildId);
  const helpers = await w.domain.roles.create(owner, id, { name: "Helpers" });
  const mods = await w.domain.roles.create(owner, id, {
    name: "Mods",
    permissions: (Permission.ManageRoles | Permission.KickMembers).toString(),
  });
  const admins = await w.domain.roles.create(owner, id, {
    name: "Admins",
    permissions: Permission.Administrator.toString(),
  });
  await w.domain.roles.move(owner, id, [
    { id: admins.id, position: 3 },
    { id: mods.id, position: 2 },
    { id: helpers.id, position: 1 },
  ]);
  await w.domain.memberRoles.addRole(owner, id, moderator, BigInt(mods.id));
  return { owner, moderator, guildId, admins: admins.id, mods: mods.id, helpers: helpers.id };
}

describe("the Roles settings", () => {
  it("lists roles highest first, with @everyone last and what the owner may do: everything", async () => {
    const g = await rankedGuild("list");
    const settings = await w.caller(g.owner).roles.settings({ guildId: g.guildId });
    expect(settings.roles.map((r) => [r.name, r.position, r.withinReach])).toEqual([
      ["Admins", 3, true],
      ["Mods", 2, true],
      ["Helpers", 1, true],
      ["@everyone", 0, true],
    ]);
    expect(settings.roles.at(-1)).toMatchObject({ id: g.guildId, everyone: true });
    expect(settings).toMatchObject({ owner: true, canManageRoles: true });
    expect(BigInt(settings.grantable) & Permission.Listen).toBe(Permission.Listen);
  });

  it("tells a moderator which roles rule 10 leaves in reach and which permissions they may grant", async () => {
    const g = await rankedGuild("reach");
    const settings = await w.caller(g.moderator).roles.settings({ guildId: g.guildId });
    expect(settings.roles.map((r) => [r.name, r.withinReach])).toEqual([
      ["Admins", false],
      ["Mods", false],
      ["Helpers", true],
      ["@everyone", true],
    ]);
    expect(settings).toMatchObject({ owner: false, canManageRoles: true, highestRoleId: g.mods });
    const grantable = BigInt(settings.grantable);
    expect(grantable & Permission.KickMembers).toBe(Permission.KickMembers);
    expect(grantable & Permission.BanMembers).toBe(0n);
  });

  it("shows a bot's own role with the bot's id", async () => {
    const { owner, guildId } = await w.guildOfTwo("botrole_owner", "botrole_member");
    const app = await w.domain.applications.create(owner, "Helper Bot");
    await w.domain.members.addBot(owner, BigInt(guildId), app.application.id, Permission.ViewChannel);
    const settings = await w.caller(owner).roles.settings({ guildId });
    const botRole = settings.roles.find((r) => r.botId !== null);
    expect(botRole).toMatchObject({ name: "Helper Bot", botId: app.botUser.id.toString() });
  });

  it("is refused to someone outside the guild as Unknown Guild", async () => {
    const { guildId } = await w.guildOfTwo("outside_owner", "outside_member");
    const outsider = await w.signUp("outside_person");
    expect(await refusal(w.caller(outsider).roles.settings({ guildId }))).toMatchObject({
      code: "NOT_FOUND",
      data: { apiCode: 10004 },
    });
  });
});

describe("changing roles", () => {
  it("creates, edits, moves and deletes roles through the role service, and members' tabs hear each change", async () => {
    const g = await rankedGuild("change");
    const tab = await openLiveTab((signal) => w.caller(g.moderator, signal));
    await tab.ready();
    const owner = w.caller(g.owner);

    const { id } = await owner.roles.create({
      guildId: g.guildId,
      name: "Crew",
      color: 0x3ba55c,
      hoist: true,
      mentionable: true,
      permissions: Permission.SendMessages.toString(),
    });
    const created = await tab.until((e) => e.t === GatewayDispatchEvents.GuildRoleCreate);
    expect(created.d).toMatchObject({
      guild_id: g.guildId,
      role: { id, name: "Crew", color: 0x3ba55c, hoist: true, mentionable: true, position: 1 },
    });

    const bits = Permission.SendMessages | Permission.Speak | Permission.Listen;
    await owner.roles.update({
      guildId: g.guildId,
      roleId: id,
      name: "Deck crew",
      color: 0xeb459e,
      hoist: false,
      permissions: bits.toString(),
    });
    await tab.until(
      (e) =>
        e.t === GatewayDispatchEvents.GuildRoleUpdate && (e.d as { role: { name: string } }).role.name === "Deck crew",
    );
    expect((await storedRoles(g.guildId, g.owner)).find((r) => r.id === id)).toMatchObject({
      name: "Deck crew",
      color: 0xeb459e,
      hoist: false,
      mentionable: true,
      permissions: bits.toString(),
    });

    // Up two places: above Helpers and Mods, which move down.
    await owner.roles.move({ guildId: g.guildId, roleId: id, position: 3 });
    const order = (await storedRoles(g.guildId, g.owner)).sort((a, b) => b.position - a.position).map((r) => r.name);
    expect(order).toEqual(["Admins", "Deck crew", "Mods", "Helpers", "@everyone"]);

    await owner.roles.remove({ guildId: g.guildId, roleId: id });
    const deleted = await tab.until((e) => e.t === GatewayDispatchEvents.GuildRoleDelete);
    expect(deleted.d).toEqual({ guild_id: g.guildId, role_id: id });
    expect((await storedRoles(g.guildId, g.owner)).map((r) => [r.name, r.position])).toEqual([
      ["@everyone", 0],
      ["Helpers", 1],
      ["Mods", 2],
      ["Admins", 3],
    ]);
    tab.close();
  });

  it("lets a moderator change and move the roles below their highest and @everyone's permissions", async () => {
    const g = await rankedGuild("below");
    const mod = w.caller(g.moderator);
    await mod.roles.update({
      guildId: g.guildId,
      roleId: g.helpers,
      name: "Trainees",
      permissions: Permission.KickMembers.toString(),
    });
    const { id } = await mod.roles.create({ guildId: g.guildId, name: "Newcomers" });
    await mod.roles.move({ guildId: g.guildId, roleId: g.helpers, position: 1 });
    const everyone = (await storedRoles(g.guildId, g.owner)).find((r) => r.id === g.guildId);
    await mod.roles.update({
      guildId: g.guildId,
      roleId: g.guildId,
      permissions: (BigInt(everyone?.permissions ?? "0") & ~Permission.CreateInstantInvite).toString(),
    });
    const stored = await storedRoles(g.guildId, g.owner);
    expect(stored.map((r) => r.name)).toEqual(["@everyone", "Trainees", "Newcomers", "Mods", "Admins"]);
    expect(BigInt(stored[0]?.permissions ?? "0") & Permission.CreateInstantInvite).toBe(0n);
    await mod.roles.remove({ guildId: g.guildId, roleId: id });
    expect((await storedRoles(g.guildId, g.owner)).map((r) => r.name)).toEqual([
      "@everyone",
      "Trainees",
      "Mods",
      "Admins",
    ]);
  });
});

describe("rule 10 for people", () => {
  it("refuses a moderator's edits, moves and deletes of roles at or above their highest, and changes nothing", async () => {
    const g = await rankedGuild("refuse");
    const mod = w.caller(g.moderator);
    const before = await storedRoles(g.guildId, g.owner);
    const forbidden = { code: "FORBIDDEN", data: { apiCode: 50013 } };
    expect(await refusal(mod.roles.update({ guildId: g.guildId, roleId: g.admins, name: "Mine now" }))).toMatchObject(
      forbidden,
    );
    // Their own highest role is out of reach too.
    expect(await refusal(mod.roles.update({ guildId: g.guildId, roleId: g.mods, color: 0xff0000 }))).toMatchObject(
      forbidden,
    );
    expect(await refusal(mod.roles.move({ guildId: g.guildId, roleId: g.admins, position: 1 }))).toMatchObject(
      forbidden,
    );
    // Nothing goes up to (or past) their highest role.
    expect(await refusal(mod.roles.move({ guildId: g.guildId, roleId: g.helpers, position: 2 }))).toMatchObject(
      forbidden,
    );
    expect(await refusal(mod.roles.move({ guildId: g.guildId, roleId: g.helpers, position: 3 }))).toMatchObject(
      forbidden,
    );
    expect(await refusal(mod.roles.remove({ guildId: g.guildId, roleId: g.admins }))).toMatchObject(forbidden);
    expect(await refusal(mod.roles.remove({ guildId: g.guildId, roleId: g.mods }))).toMatchObject(forbidden);
    expect(await storedRoles(g.guildId, g.owner)).toEqual(before);
  });

  it("refuses granting a permission the person does not hold, and any change without Manage Roles", async () => {
    const g = await rankedGuild("grant");
    const forbidden = { code: "FORBIDDEN", data: { apiCode: 50013 } };
    const mod = w.caller(g.moderator);
    expect(
      await refusal(
        mod.roles.update({ guildId: g.guildId, roleId: g.helpers, permissions: Permission.BanMembers.toString() }),
      ),
    ).toMatchObject(forbidden);
    expect(
      await refusal(
        mod.roles.create({ guildId: g.guildId, name: "Bouncers", permissions: Permission.BanMembers.toString() }),
      ),
    ).toMatchObject(forbidden);

    const plain = await w.signUp("grant_plain");
    await w.domain.members.addPerson(BigInt(g.guildId), plain);
    const nobody = w.caller(plain);
    expect(await refusal(nobody.roles.create({ guildId: g.guildId, name: "Mine" }))).toMatchObject(forbidden);
    expect(await refusal(nobody.roles.update({ guildId: g.guildId, roleId: g.helpers, name: "Mine" }))).toMatchObject(
      forbidden,
    );
    expect(await refusal(nobody.roles.move({ guildId: g.guildId, roleId: g.helpers, position: 2 }))).toMatchObject(
      forbidden,
    );
    expect(await refusal(nobody.roles.remove({ guildId: g.guildId, roleId: g.helpers }))).toMatchObject(forbidden);
    expect((await w.caller(plain).roles.settings({ guildId: g.guildId })).canManageRoles).toBe(false);
    expect((await storedRoles(g.guildId, g.owner)).map((r) => r.name)).toEqual([
      "@everyone",
      "Helpers",
      "Mods",
      "Admins",
    ]);
  });

  it("refuses deleting a bot's own role, even to the owner", async () => {
    const { owner, guildId } = await w.guildOfTwo("managed_owner", "managed_member");
    const app = await w.domain.applications.create(owner, "Managed Bot");
    await w.domain.members.addBot(owner, BigInt(guildId), app.application.id, Permission.ViewChannel);
    const botRole = (await w.caller(owner).roles.settings({ guildId })).roles.find((r) => r.botId !== null);
    expect(await refusal(w.caller(owner).roles.remove({ guildId, roleId: botRole?.id ?? "" }))).toMatchObject({
      code: "FORBIDDEN",
      data: { apiCode: 50013 },
    });
  });
});

describe("bad input", () => {
  it("answers the spec's codes with the field named, and writes nothing", async () => {
    const g = await rankedGuild("bad");
    const owner = w.caller(g.owner);
    const before = await storedRoles(g.guildId, g.owner);

    const longName = await refusal(owner.roles.create({ guildId: g.guildId, name: "x".repeat(101) }));
    expect(longName).toMatchObject({
      code: "BAD_REQUEST",
      data: { apiCode: 50035, fieldErrors: { name: ["Must be 100 or fewer in length."] } },
    });
    const colour = await refusal(owner.roles.update({ guildId: g.guildId, roleId: g.helpers, color: 0x1000000 }));
    expect(colour).toMatchObject({
      code: "BAD_REQUEST",
      data: { apiCode: 50035, fieldErrors: { color: ["int value should be between 0 and 16777215."] } },
    });
    const bits = await refusal(owner.roles.update({ guildId: g.guildId, roleId: g.helpers, permissions: "lots" }));
    expect(bits).toMatchObject({
      code: "BAD_REQUEST",
      data: { apiCode: 50035, fieldErrors: { permissions: ["Invalid permission bit field."] } },
    });
    const renameEveryone = await refusal(
      owner.roles.update({ guildId: g.guildId, roleId: g.guildId, name: "everybody" }),
    );
    expect(renameEveryone).toMatchObject({
      code: "BAD_REQUEST",
      data: { apiCode: 50035, fieldErrors: { name: ["The @everyone role can only have its permissions changed."] } },
    });
    const moveEveryone = await refusal(owner.roles.move({ guildId: g.guildId, roleId: g.guildId, position: 2 }));
    expect(moveEveryone).toMatchObject({
      code: "BAD_REQUEST",
      data: { apiCode: 50035, fieldErrors: { "0.position": ["The @everyone role stays at position 0."] } },
    });
    const negative = await refusal(owner.roles.move({ guildId: g.guildId, roleId: g.helpers, position: -1 }));
    expect(negative).toMatchObject({ code: "BAD_REQUEST", data: { apiCode: 50035 } });
    const deleteEveryone = await refusal(owner.roles.remove({ guildId: g.guildId, roleId: g.guildId }));
    expect(deleteEveryone).toMatchObject({
      code: "BAD_REQUEST",
      data: { apiCode: 50035 },
      message: "The @everyone role cannot be deleted.",
    });

    const otherGuild = await w.guildOfTwo("bad_other", "bad_other_member");
    const foreign = await refusal(owner.roles.update({ guildId: g.guildId, roleId: otherGuild.guildId, name: "x" }));
    expect(foreign).toMatchObject({ code: "NOT_FOUND", data: { apiCode: 10011 } });
    expect(await refusal(owner.roles.remove({ guildId: g.guildId, roleId: "999999999" }))).toMatchObject({
      code: "NOT_FOUND",
      data: { apiCode: 10011 },
    });
    // Not an id at all, or the wrong type: the procedure's own input check, never a 5xx.
    expect(await refusal(owner.roles.remove({ guildId: g.guildId, roleId: "abc" }))).toMatchObject({
      code: "BAD_REQUEST",
      data: { apiCode: null, fieldErrors: { roleId: ["Not an id."] } },
    });
    expect(
      await refusal(owner.roles.update({ guildId: g.guildId, roleId: g.helpers, hoist: "yes" as unknown as boolean })),
    ).toMatchObject({ code: "BAD_REQUEST", data: { apiCode: null } });
    expect(await storedRoles(g.guildId, g.owner)).toEqual(before);
  });
});
