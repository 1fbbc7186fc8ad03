import { Permission } from "@chat/domain";
import { AuditLogEvent } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusal } from "./refusal";
import { createTestWorld, type TestWorld } from "./world";

let w: TestWorld;
beforeAll(async () => {
  w = await createTestWorld();
});
afterAll(() => w?.close());

const DAY = 86_400;

/** The guild's invites as stored (the bots' GET /guilds/{guild}/invites, asked as the owner). */
const storedInvites = (guildId: string, owner: bigint) => w.domain.invites.listForGuild(BigInt(guildId), owner);

/** A text channel of the guild that only its owner sees (@everyone denied View Channel). */
async function hiddenChannel(guildId: string) {
  const hidden = await w.database.prisma.channel.create({
    data: { guildId: BigInt(guildId), type: 0, name: "staff", position: 9 },
  });
  await w.database.prisma.permissionOverwrite.create({
    data: { channelId: hidden.id, targetId: BigInt(guildId), type: 0, deny: Permission.ViewChannel },
  });
  return hidden.id.toString();
}

/** Gives `userId` a role holding `permissions`, made and handed out by the owner. */
async function grantRole(guildId: string, owner: bigint, userId: bigint, permissions: bigint) {
  const role = await w.domain.roles.create(owner, BigInt(guildId), {
    name: "Helpers",
    permissions: permissions.toString(),
  });
  await w.domain.memberRoles.addRole(owner, BigInt(guildId), userId, BigInt(role.id));
}

describe("the invite dialog's link", () => {
  it("reuses the person's still-good link with the same limits; other limits make a new link with those limits", async () => {
    const { owner, guildId, channelId } = await w.guildOfTwo("reuse_owner", "reuse_member");
    const first = await w.caller(owner).invites.createOrReuse({ channelId, maxAge: DAY, maxUses: 0 });
    const again = await w.caller(owner).invites.createOrReuse({ channelId, maxAge: DAY, maxUses: 0 });
    expect(again).toEqual(first);
    expect(first.url).toBe(`http://app.test/invite/${first.code}`);

    const weekly = await w.caller(owner).invites.createOrReuse({ channelId, maxAge: 7 * DAY, maxUses: 10 });
    const forever = await w.caller(owner).invites.createOrReuse({ channelId, maxAge: 0, maxUses: 1000 });
    expect(new Set([first.code, weekly.code, forever.code]).size).toBe(3);
    expect(weekly).toMatchObject({ maxAge: 7 * DAY, maxUses: 10, uses: 0 });
    expect(forever).toMatchObject({ maxAge: 0, maxUses: 1000, expiresAt: null });
    const stored = new Map((await storedInvites(guildId, owner)).map((invite) => [invite.code, invite]));
    expect(stored.get(weekly.code)).toMatchObject({ max_age: 7 * DAY, max_uses: 10 });
    expect(
      Date.parse(stored.get(weekly.code)?.expires_at ?? "") - Date.parse(stored.get(weekly.code)?.created_at ?? ""),
    ).toBe(7 * DAY * 1000);
    expect(stored.get(forever.code)).toMatchObject({ max_age: 0, max_uses: 1000, expires_at: null });
    // Back to the first limits: the first link again.
    expect((await w.caller(owner).invites.createOrReuse({ channelId, maxAge: DAY, maxUses: 0 })).code).toBe(first.code);
  });

  it("makes a new link instead of one that is used up, past half its life, someone else's or another channel's", async () => {
    const { owner, member, guildId, channelId } = await w.guildOfTwo("fresh_owner", "fresh_member");
    const single = await w.caller(owner).invites.createOrReuse({ channelId, maxAge: DAY, maxUses: 1 });
    await w.domain.invites.accept(await w.signUp("fresh_guest"), single.code);
    const afterUse = await w.caller(owner).invites.createOrReuse({ channelId, maxAge: DAY, maxUses: 1 });
    expect(afterUse.code).not.toBe(single.code);

    const daily = await w.caller(owner).invites.createOrReuse({ channelId, maxAge: DAY, maxUses: 0 });
    await w.database.prisma.invite.update({
      where: { code: daily.code },
      data: { expiresAt: new Date(Date.now() + (DAY / 2 - 60) * 1000) },
    });
    expect((await w.caller(owner).invites.createOrReuse({ channelId, maxAge: DAY, maxUses: 0 })).code).not.toBe(
      daily.code,
    );

    const members = await w.caller(member).invites.createOrReuse({ channelId, maxAge: 0, maxUses: 0 });
    const owners = await w.caller(owner).invites.createOrReuse({ channelId, maxAge: 0, maxUses: 0 });
    expect(owners.code).not.toBe(members.code);
    const voice = (await w.caller(owner).guilds.channels({ guildId })).find((c) => c.kind === "voice");
    expect(
      (await w.caller(owner).invites.createOrReuse({ channelId: voice?.id as string, maxAge: 0, maxUses: 0 })).code,
    ).not.toBe(owners.code);
  });

  it("refuses limits past 30 days or 1000 uses as field errors and writes nothing", async () => {
    const { owner, guildId, channelId } = await w.guildOfTwo("limit_owner", "limit_member");
    const tooLong = await refusal(
      w.caller(owner).invites.createOrReuse({ channelId, maxAge: 30 * DAY + 1, maxUses: 0 }),
    );
    expect(tooLong).toMatchObject({
      code: "BAD_REQUEST",
      data: { apiCode: 50035, fieldErrors: { max_age: ["int value should be less than or equal to 2592000."] } },
    });
    const tooMany = await refusal(w.caller(owner).invites.createOrReuse({ channelId, maxAge: DAY, maxUses: 1001 }));
    expect(tooMany).toMatchObject({
      code: "BAD_REQUEST",
      data: { apiCode: 50035, fieldErrors: { max_uses: ["int value should be less than or equal to 1000."] } },
    });
    const fractional = await refusal(w.caller(owner).invites.createOrReuse({ channelId, maxAge: 1.5, maxUses: 0 }));
    expect(fractional).toMatchObject({ code: "BAD_REQUEST", data: { apiCode: 50035 } });
    expect(await storedInvites(guildId, owner)).toEqual([]);
  });

  it("needs Create Invite (50013); a hidden channel or another guild's is not found; a category is the wrong kind", async () => {
    const { owner, member, guildId, channelId } = await w.guildOfTwo("perm_owner", "perm_member");
    const outsider = await w.signUp("perm_outsider");
    await w.database.prisma.permissionOverwrite.create({
      data: { channelId: BigInt(channelId), targetId: member, type: 1, deny: Permission.CreateInstantInvite },
    });
    const staff = await hiddenChannel(guildId);
    const category = await w.database.prisma.channel.create({
      data: { guildId: BigInt(guildId), type: 4, name: "Stuff", position: 3 },
    });

    expect(await refusal(w.caller(member).invites.createOrReuse({ channelId, maxAge: DAY, maxUses: 0 }))).toMatchObject(
      { code: "FORBIDDEN", data: { apiCode: 50013 } },
    );
    expect(
      await refusal(w.caller(member).invites.createOrReuse({ channelId: staff, maxAge: DAY, maxUses: 0 })),
    ).toMatchObject({ code: "NOT_FOUND", data: { apiCode: 10003 } });
    expect(
      await refusal(w.caller(outsider).invites.createOrReuse({ channelId, maxAge: DAY, maxUses: 0 })),
    ).toMatchObject({ code: "NOT_FOUND", data: { apiCode: 10003 } });
    expect(
      await refusal(
        w.caller(owner).invites.createOrReuse({ channelId: category.id.toString(), maxAge: DAY, maxUses: 0 }),
      ),
    ).toMatchObject({ code: "BAD_REQUEST", data: { apiCode: 50024 } });
    expect(await storedInvites(guildId, owner)).toEqual([]);
  });

  it("holds new links to 5 per 5 s per channel; reusing one spends nothing", async () => {
    const { owner, channelId } = await w.guildOfTwo("rate_owner", "rate_member");
    for (let i = 0; i < 8; i++) await w.caller(owner).invites.createOrReuse({ channelId, maxAge: DAY, maxUses: 0 });
    for (const maxUses of [1, 5, 10, 25])
      await w.caller(owner).invites.createOrReuse({ channelId, maxAge: DAY, maxUses });
    const refused = await refusal(w.caller(owner).invites.createOrReuse({ channelId, maxAge: DAY, maxUses: 50 }));
    expect(refused.code).toBe("TOO_MANY_REQUESTS");
    expect(refused.message).toMatch(/^You are making invites too quickly\. Try again in \d+ seconds?\.$/);
  });
});

describe("the guild's Invites list", () => {
  it("shows Manage Guild every invite with inviter, uses and expiry, all revocable; others their own, not revocable", async () => {
    const { owner, member, guildId, channelId } = await w.guildOfTwo("list_owner", "list_member");
    const owners = await w.caller(owner).invites.createOrReuse({ channelId, maxAge: 0, maxUses: 5 });
    const members = await w.caller(member).invites.createOrReuse({ channelId, maxAge: DAY, maxUses: 0 });
    await w.domain.invites.accept(await w.signUp("list_guest"), members.code);

    const full = await w.caller(owner).invites.listForGuild({ guildId });
    expect(full.manageAll).toBe(true);
    expect(
      full.invites.map((i) => [
        i.code,
        i.inviter?.username,
        i.uses,
        i.maxUses,
        i.expiresAt === null,
        i.canRevoke,
        i.channel.name,
      ]),
    ).toEqual([
      [owners.code, "list_owner", 0, 5, true, true, "general"],
      [members.code, "list_member", 1, 0, false, true, "general"],
    ]);
    expect(full.invites[1]?.expiresAt).toBe(members.expiresAt);

    const own = await w.caller(member).invites.listForGuild({ guildId });
    expect(own.manageAll).toBe(false);
    expect(own.invites.map((i) => [i.code, i.canRevoke])).toEqual([[members.code, false]]);
  });

  it("lets Manage Channels see and revoke that channel's invites only; hidden channels' invites are never listed", async () => {
    const { owner, member, guildId, channelId } = await w.guildOfTwo("chan_owner", "chan_member");
    const staff = await hiddenChannel(guildId);
    const voice = (await w.caller(owner).guilds.channels({ guildId })).find((c) => c.kind === "voice")?.id as string;
    const inGeneral = await w.caller(owner).invites.createOrReuse({ channelId, maxAge: 0, maxUses: 0 });
    const inVoice = await w.caller(owner).invites.createOrReuse({ channelId: voice, maxAge: 0, maxUses: 0 });
    await w.caller(owner).invites.createOrReuse({ channelId: staff, maxAge: 0, maxUses: 0 });
    await w.database.prisma.permissionOverwrite.create({
      data: { channelId: BigInt(voice), targetId: member, type: 1, allow: Permission.ManageChannels },
    });
    expect(
      (await w.caller(member).invites.listForGuild({ guildId })).invites.map((i) => [i.code, i.canRevoke]),
    ).toEqual([[inVoice.code, true]]);
    expect(await refusal(w.caller(member).invites.revoke({ guildId, code: inGeneral.code }))).toMatchObject({
      code: "FORBIDDEN",
      data: { apiCode: 50013 },
    });
    await w.caller(member).invites.revoke({ guildId, code: inVoice.code });

    // Manage Guild through a role: every invite of the channels they can see, the hidden one's left out.
    await grantRole(guildId, owner, member, Permission.ManageGuild);
    expect(
      (await w.caller(member).invites.listForGuild({ guildId })).invites.map((i) => [i.code, i.canRevoke]),
    ).toEqual([[inGeneral.code, true]]);
  });

  it("answers a guild the person is not in as not found", async () => {
    const { guildId } = await w.guildOfTwo("hidden_owner", "hidden_member");
    const outsider = await w.signUp("hidden_outsider");
    expect(await refusal(w.caller(outsider).invites.listForGuild({ guildId }))).toMatchObject({
      code: "NOT_FOUND",
      data: { apiCode: 10004 },
    });
    expect(await refusal(w.caller(outsider).invites.listForGuild({ guildId: "999999999" }))).toMatchObject({
      code: "NOT_FOUND",
      data: { apiCode: 10004 },
    });
  });
});

describe("revoking an invite", () => {
  it("deletes it for Manage Guild: its link stops working and the audit log records it", async () => {
    const { owner, member, guildId, channelId } = await w.guildOfTwo("rev_owner", "rev_member");
    const invite = await w.caller(member).invites.createOrReuse({ channelId, maxAge: DAY, maxUses: 0 });
    expect(await w.caller(owner).invites.revoke({ guildId, code: invite.code })).toEqual({ code: invite.code });

    expect(await storedInvites(guildId, owner)).toEqual([]);
    const guest = await w.signUp("rev_guest");
    expect(await refusal(w.caller(guest).invites.preview({ code: invite.code }))).toMatchObject({
      code: "NOT_FOUND",
      data: { apiCode: 10006 },
    });
    expect(await refusal(w.caller(guest).invites.accept({ code: invite.code }))).toMatchObject({
      code: "NOT_FOUND",
      data: { apiCode: 10006 },
    });
    const entry = await w.database.prisma.auditLogEntry.findFirst({
      where: { guildId: BigInt(guildId), actionType: AuditLogEvent.InviteDelete },
    });
    expect(entry).toMatchObject({ userId: owner, targetId: null });
    expect(entry?.changes).toEqual(
      expect.arrayContaining([
        { key: "code", old_value: invite.code },
        { key: "inviter_id", old_value: member.toString() },
      ]),
    );
    // A second revoke finds nothing to revoke.
    expect(await refusal(w.caller(owner).invites.revoke({ guildId, code: invite.code }))).toMatchObject({
      code: "NOT_FOUND",
      data: { apiCode: 10006 },
    });
  });

  it("refuses a member without Manage Guild or Manage Channels, even for their own invite, and keeps it", async () => {
    const { owner, member, guildId, channelId } = await w.guildOfTwo("keep_owner", "keep_member");
    const own = await w.caller(member).invites.createOrReuse({ channelId, maxAge: DAY, maxUses: 0 });
    const owners = await w.caller(owner).invites.createOrReuse({ channelId, maxAge: DAY, maxUses: 0 });
    for (const code of [own.code, owners.code]) {
      expect(await refusal(w.caller(member).invites.revoke({ guildId, code }))).toMatchObject({
        code: "FORBIDDEN",
        data: { apiCode: 50013 },
      });
    }
    expect((await storedInvites(guildId, owner)).map((i) => i.code)).toEqual([own.code, owners.code]);
    expect(
      await w.database.prisma.auditLogEntry.count({
        where: { guildId: BigInt(guildId), actionType: AuditLogEvent.InviteDelete },
      }),
    ).toBe(0);
  });

  it("answers a hidden guild, another guild's invite and a hidden channel's invite as not found, and keeps them", async () => {
    const { owner, member, guildId, channelId } = await w.guildOfTwo("far_owner", "far_member");
    const other = await w.guildOfTwo("near_owner", "near_member");
    const outsider = await w.signUp("far_outsider");
    const invite = await w.caller(owner).invites.createOrReuse({ channelId, maxAge: 0, maxUses: 0 });
    const staffInvite = await w
      .caller(owner)
      .invites.createOrReuse({ channelId: await hiddenChannel(guildId), maxAge: 0, maxUses: 0 });
    await grantRole(guildId, owner, member, Permission.ManageGuild);

    expect(await refusal(w.caller(outsider).invites.revoke({ guildId, code: invite.code }))).toMatchObject({
      code: "NOT_FOUND",
      data: { apiCode: 10004 },
    });
    expect(
      await refusal(w.caller(other.owner).invites.revoke({ guildId: other.guildId, code: invite.code })),
    ).toMatchObject({ code: "NOT_FOUND", data: { apiCode: 10006 } });
    expect(await refusal(w.caller(member).invites.revoke({ guildId, code: staffInvite.code }))).toMatchObject({
      code: "NOT_FOUND",
      data: { apiCode: 10006 },
    });
    expect(await refusal(w.caller(owner).invites.revoke({ guildId, code: "nosuchcode" }))).toMatchObject({
      code: "NOT_FOUND",
      data: { apiCode: 10006 },
    });
    expect((await storedInvites(guildId, owner)).map((i) => i.code).sort()).toEqual(
      [invite.code, staffInvite.code].sort(),
    );
  });
});
