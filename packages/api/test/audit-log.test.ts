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

describe("the guild settings' audit log", () => {
  it("lists what was done newest first, naming who acted and what it was done to, deleted things by their recorded name", async () => {
    const { owner, member, guildId } = await w.guildOfTwo("aud_owner", "aud_member");
    await w.caller(owner).guilds.update({ guildId, name: "Renamed Hall" });
    const channel = await w.caller(owner).guilds.createChannel({ guildId, name: "plans", kind: "text" });
    await w.domain.channels.delete(BigInt(channel.id), owner);
    await w.domain.members.kick(owner, BigInt(guildId), member);

    const { entries, more } = await w.caller(owner).auditLog.list({ guildId });
    expect(more).toBe(false);
    expect(entries.map((e) => e.action)).toEqual([
      AuditLogEvent.MemberKick,
      AuditLogEvent.ChannelDelete,
      AuditLogEvent.ChannelCreate,
      AuditLogEvent.GuildUpdate,
    ]);
    const [kick, deleted, created, renamed] = entries;
    expect(kick).toMatchObject({
      actor: { id: owner.toString(), username: "aud_owner" },
      target: { id: member.toString(), name: "aud_member" },
    });
    expect(deleted).toMatchObject({ target: { id: channel.id, name: "plans" } });
    expect(created).toMatchObject({ target: { id: channel.id, name: "plans" } });
    expect(renamed?.changes).toEqual([{ key: "name", old_value: "aud_owner's", new_value: "Renamed Hall" }]);
    expect(Date.parse(kick?.createdAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
  });

  it("filters by action and by who acted, and pages with a cursor", async () => {
    const { owner, member, guildId } = await w.guildOfTwo("audf_owner", "audf_member");
    const role = await w.domain.roles.create(owner, BigInt(guildId), {
      name: "Makers",
      permissions: Permission.ManageChannels.toString(),
    });
    await w.domain.memberRoles.addRole(owner, BigInt(guildId), member, BigInt(role.id));
    for (const name of ["one", "two", "three"])
      await w.caller(member).guilds.createChannel({ guildId, name, kind: "text" });
    await w.caller(owner).guilds.createChannel({ guildId, name: "owners", kind: "text" });

    const roleEntries = await w.caller(owner).auditLog.list({ guildId, userId: owner.toString() });
    expect(roleEntries.entries.slice(-2).map((e) => [e.action, e.target?.name, e.changes])).toEqual([
      [AuditLogEvent.MemberRoleUpdate, "audf_member", [{ key: "$add", new_value: [{ id: role.id, name: "Makers" }] }]],
      [AuditLogEvent.RoleCreate, "Makers", [{ key: "name", new_value: "Makers" }]],
    ]);
    await w.caller(owner).roles.update({ guildId, roleId: role.id, name: "Builders" });
    const [renamed] = (await w.caller(owner).auditLog.list({ guildId, action: AuditLogEvent.RoleUpdate })).entries;
    expect(renamed).toMatchObject({
      target: { name: "Builders" },
      changes: [{ key: "name", old_value: "Makers", new_value: "Builders" }],
    });

    const byMember = await w.caller(owner).auditLog.list({ guildId, userId: member.toString() });
    expect(byMember.entries.map((e) => e.target?.name)).toEqual(["three", "two", "one"]);
    const creations = await w.caller(owner).auditLog.list({ guildId, action: AuditLogEvent.ChannelCreate });
    expect(creations.entries.map((e) => e.target?.name)).toEqual(["owners", "three", "two", "one"]);

    const first = await w.caller(owner).auditLog.list({ guildId, action: AuditLogEvent.ChannelCreate, limit: 2 });
    expect(first).toMatchObject({
      more: true,
      entries: [{ target: { name: "owners" } }, { target: { name: "three" } }],
    });
    const next = await w
      .caller(owner)
      .auditLog.list({ guildId, action: AuditLogEvent.ChannelCreate, limit: 2, cursor: first.entries[1]?.id });
    expect(next).toMatchObject({ more: false, entries: [{ target: { name: "two" } }, { target: { name: "one" } }] });
  });

  it("needs View Audit Log (50013), answers strangers as if the guild did not exist, and refuses bad filters with 50035", async () => {
    const { owner, member, guildId } = await w.guildOfTwo("audp_owner", "audp_member");
    expect(await refusal(w.caller(member).auditLog.list({ guildId }))).toMatchObject({
      code: "FORBIDDEN",
      data: { apiCode: 50013 },
    });
    const stranger = await w.signUp("audp_stranger");
    expect(await refusal(w.caller(stranger).auditLog.list({ guildId }))).toMatchObject({
      code: "NOT_FOUND",
      data: { apiCode: 10004 },
    });
    for (const bad of [{ limit: 0 }, { limit: 101 }, { action: 0 }, { action: 1.5 }]) {
      expect(await refusal(w.caller(owner).auditLog.list({ guildId, ...bad })), JSON.stringify(bad)).toMatchObject({
        code: "BAD_REQUEST",
        data: { apiCode: 50035 },
      });
    }
    await w.caller(owner).guilds.createChannel({ guildId, name: "seen", kind: "text" });
    const role = await w.domain.roles.create(owner, BigInt(guildId), {
      name: "Auditors",
      permissions: Permission.ViewAuditLog.toString(),
    });
    await w.domain.memberRoles.addRole(owner, BigInt(guildId), member, BigInt(role.id));
    expect(
      (await w.caller(member).auditLog.list({ guildId, action: AuditLogEvent.ChannelCreate })).entries.map(
        (e) => e.target?.name,
      ),
    ).toEqual(["seen"]);
  });
});
