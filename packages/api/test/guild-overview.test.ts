import { Permission } from "@chat/domain";
import { AuditLogEvent } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLiveTab } from "./live-tab";
import { refusal } from "./refusal";
import { createTestWorld, type TestWorld } from "./world";

let w: TestWorld;
beforeAll(async () => {
  w = await createTestWorld();
});
afterAll(() => w?.close());

const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

/** Gives `userId` a role holding `permissions`. */
async function grantRole(guildId: string, owner: bigint, userId: bigint, permissions: bigint) {
  const role = await w.domain.roles.create(owner, BigInt(guildId), {
    name: "Helpers",
    permissions: permissions.toString(),
  });
  await w.domain.memberRoles.addRole(owner, BigInt(guildId), userId, BigInt(role.id));
}

describe("transferring ownership", () => {
  it("makes the member the owner: members' tabs get GUILD_UPDATE, the new owner may delete the guild and the former owner may not", async () => {
    const { owner, member, guildId } = await w.guildOfTwo("own_from", "own_to");
    const tab = await openLiveTab((signal) => w.caller(member, signal));
    await tab.ready();
    expect(await w.caller(owner).guilds.transferOwnership({ guildId, userId: member.toString() })).toEqual({
      ownerId: member.toString(),
    });
    const update = await tab.until((f) => f.t === "GUILD_UPDATE");
    expect(update.d).toMatchObject({ id: guildId, owner_id: member.toString() });
    tab.close();

    expect((await w.caller(member).guilds.list()).find((g) => g.id === guildId)).toMatchObject({
      owner: true,
      canManage: true,
    });
    expect((await w.caller(owner).guilds.list()).find((g) => g.id === guildId)).toMatchObject({
      owner: false,
      canManage: false,
    });
    expect(await refusal(w.caller(owner).guilds.remove({ guildId }))).toMatchObject({
      code: "FORBIDDEN",
      data: { apiCode: 50013 },
    });
    expect(
      await refusal(w.caller(owner).guilds.transferOwnership({ guildId, userId: owner.toString() })),
    ).toMatchObject({ code: "FORBIDDEN", data: { apiCode: 50013 } });
    const [entry] = (await w.caller(member).auditLog.list({ guildId, action: AuditLogEvent.GuildUpdate })).entries;
    expect(entry).toMatchObject({
      actor: { id: owner.toString() },
      changes: [{ key: "owner_id", old_value: owner.toString(), new_value: member.toString() }],
    });
    await w.caller(member).guilds.remove({ guildId });
  });

  it("shows the new owner the channels hidden from their roles at once (CHANNEL_CREATE on their tab)", async () => {
    const { owner, member, guildId } = await w.guildOfTwo("own_hidden_from", "own_hidden_to");
    const staff = await w.database.prisma.channel.create({
      data: { guildId: BigInt(guildId), type: 0, name: "owners-only", position: 9 },
    });
    await w.database.prisma.permissionOverwrite.create({
      data: { channelId: staff.id, targetId: BigInt(guildId), type: 0, deny: Permission.ViewChannel },
    });
    const tab = await openLiveTab((signal) => w.caller(member, signal));
    await tab.ready();
    await w.caller(owner).guilds.transferOwnership({ guildId, userId: member.toString() });
    const gained = await tab.until((f) => f.t === "CHANNEL_CREATE");
    expect(gained.d).toMatchObject({ id: staff.id.toString(), name: "owners-only" });
    tab.close();
    expect((await w.caller(member).guilds.channels({ guildId })).map((c) => c.name)).toContain("owners-only");
  });

  it("refuses a bot (50132), someone not in the guild (10007) and anyone but the owner (50013), changing nothing", async () => {
    const { owner, member, guildId } = await w.guildOfTwo("own_keep", "own_admin");
    await grantRole(guildId, owner, member, Permission.Administrator);
    const app = await w.domain.applications.create(owner, "Heir Bot");
    await w.domain.members.addBot(owner, BigInt(guildId), app.application.id, Permission.ViewChannel);
    const stranger = await w.signUp("own_stranger");
    expect(
      await refusal(w.caller(owner).guilds.transferOwnership({ guildId, userId: app.botUser.id.toString() })),
    ).toMatchObject({ code: "BAD_REQUEST", data: { apiCode: 50132 } });
    expect(
      await refusal(w.caller(owner).guilds.transferOwnership({ guildId, userId: stranger.toString() })),
    ).toMatchObject({ code: "NOT_FOUND", data: { apiCode: 10007 } });
    expect(
      await refusal(w.caller(member).guilds.transferOwnership({ guildId, userId: member.toString() })),
    ).toMatchObject({ code: "FORBIDDEN", data: { apiCode: 50013 } });
    expect(
      await refusal(w.caller(stranger).guilds.transferOwnership({ guildId, userId: stranger.toString() })),
    ).toMatchObject({ code: "NOT_FOUND", data: { apiCode: 10004 } });
    expect((await w.caller(owner).guilds.list()).find((g) => g.id === guildId)).toMatchObject({ owner: true });
  });
});

describe("the vanity link", () => {
  it("is set by the owner only, read with Manage Guild, counts people joining through it, and refuses taken or malformed codes", async () => {
    const { owner, member, guildId } = await w.guildOfTwo("van_owner", "van_member");
    expect(await w.caller(owner).guilds.vanity({ guildId })).toEqual({
      code: null,
      uses: 0,
      url: null,
      prefix: "http://app.test/invite/",
    });
    expect(await refusal(w.caller(member).guilds.vanity({ guildId }))).toMatchObject({
      code: "FORBIDDEN",
      data: { apiCode: 50013 },
    });
    const set = await w.caller(owner).guilds.setVanityCode({ guildId, code: "Tea-Club" });
    expect(set).toEqual({
      code: "tea-club",
      uses: 0,
      url: "http://app.test/invite/tea-club",
      prefix: "http://app.test/invite/",
    });

    await w.caller(await w.signUp("van_guest")).invites.accept({ code: "tea-club" });
    await grantRole(guildId, owner, member, Permission.ManageGuild);
    expect(await w.caller(member).guilds.vanity({ guildId })).toMatchObject({ code: "tea-club", uses: 1 });
    expect(await refusal(w.caller(member).guilds.setVanityCode({ guildId, code: "mine" }))).toMatchObject({
      code: "FORBIDDEN",
      data: { apiCode: 50013 },
    });

    const other = await w.guildOfTwo("van_other", "van_other2");
    expect(
      await refusal(w.caller(other.owner).guilds.setVanityCode({ guildId: other.guildId, code: "tea-club" })),
    ).toMatchObject({ code: "BAD_REQUEST", data: { apiCode: 50035 } });
    expect(await refusal(w.caller(owner).guilds.setVanityCode({ guildId, code: "no spaces" }))).toMatchObject({
      code: "BAD_REQUEST",
      data: { apiCode: 50035 },
    });
    expect(await w.caller(owner).guilds.vanity({ guildId })).toMatchObject({ code: "tea-club", uses: 1 });
    expect(await w.caller(owner).guilds.setVanityCode({ guildId, code: null })).toEqual({
      code: null,
      uses: 0,
      url: null,
      prefix: "http://app.test/invite/",
    });
  });
});

describe("the guild icon", () => {
  it("is set and removed with Manage Guild, shown in everyone's guild list, and a non-picture is refused with 50035", async () => {
    const { owner, member, guildId } = await w.guildOfTwo("icon_owner", "icon_member");
    const { icon } = await w.caller(owner).guilds.setIcon({ guildId, image: PNG });
    expect(icon).toMatch(/^[0-9a-f]{32}$/);
    expect((await w.caller(member).guilds.list()).find((g) => g.id === guildId)?.icon).toBe(icon);
    expect(await refusal(w.caller(member).guilds.setIcon({ guildId, image: null }))).toMatchObject({
      code: "FORBIDDEN",
      data: { apiCode: 50013 },
    });
    expect(
      await refusal(w.caller(owner).guilds.setIcon({ guildId, image: "data:image/png;base64,aGVsbG8=" })),
    ).toMatchObject({ code: "BAD_REQUEST", data: { apiCode: 50035 } });
    expect(await w.caller(owner).guilds.setIcon({ guildId, image: null })).toEqual({ icon: null });
    expect((await w.caller(member).guilds.list()).find((g) => g.id === guildId)?.icon).toBeNull();
  });
});
