import { Permission } from "@chat/domain";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveEventFrame } from "../src/routers/live";
import { openLiveTab, quiet } from "./live-tab";
import { refusal } from "./refusal";
import { createTestWorld, type TestWorld } from "./world";

let w: TestWorld;
beforeAll(async () => {
  w = await createTestWorld();
});
afterAll(() => w?.close());

const forbidden = { code: "FORBIDDEN", data: { apiCode: 50013 } };
const VIEW = Permission.ViewChannel.toString();
type Wire = { id: string; parent_id?: string | null; position?: number; name?: string };
const about = (t: string, id: string) => (f: LiveEventFrame) => f.t === t && (f.d as Wire).id === id;
const tabOf = (userId: bigint) => openLiveTab((signal) => w.caller(userId, signal));

describe("categories in the Channels settings", () => {
  it("creates a category, a channel inside it in sync with its overwrites, and lists both with their overwrites", async () => {
    const { owner, member, guildId } = await w.guildOfTwo("cat_owner", "cat_member");
    const tab = await tabOf(member);
    await tab.ready();
    const category = await w.caller(owner).channelSettings.createCategory({ guildId, name: "  Team Stuff " });
    expect(category).toMatchObject({ name: "Team Stuff", kind: "category", parentId: null });
    expect((await tab.until(about(GatewayDispatchEvents.ChannelCreate, category.id))).d).toMatchObject({
      type: 4,
      name: "Team Stuff",
    });

    const muted = { id: guildId, type: 0, allow: "0", deny: Permission.SendMessages.toString() };
    await w.caller(owner).channelSettings.setOverwrites({ channelId: category.id, overwrites: [muted] });
    const inside = await w
      .caller(owner)
      .guilds.createChannel({ guildId, name: "Plans Here", kind: "text", parentId: category.id });
    expect(inside).toMatchObject({ name: "plans-here", parentId: category.id });

    const settings = await w.caller(owner).channelSettings.list({ guildId });
    const listed = settings.channels.find((c) => c.id === inside.id);
    expect(listed?.overwrites).toEqual([muted]);
    expect(settings.channels.find((c) => c.id === category.id)).toMatchObject({
      kind: "category",
      overwrites: [muted],
    });
    expect(BigInt(settings.permissions) & Permission.ManageChannels).toBe(Permission.ManageChannels);
    // The member lacks Send Messages there now: the engine says so.
    const effective = await w
      .caller(owner)
      .channelSettings.effective({ channelId: inside.id, userId: member.toString() });
    expect(BigInt(effective.permissions) & Permission.SendMessages).toBe(0n);
    tab.close();
  });

  it("refuses categories to people without Manage Channels, to strangers, and names without letters", async () => {
    const { owner, member, guildId } = await w.guildOfTwo("catno_owner", "catno_member");
    const stranger = await w.signUp("catno_stranger");
    expect(await refusal(w.caller(member).channelSettings.createCategory({ guildId, name: "Mine" }))).toMatchObject(
      forbidden,
    );
    expect(await refusal(w.caller(stranger).channelSettings.createCategory({ guildId, name: "Mine" }))).toMatchObject({
      code: "NOT_FOUND",
      data: { apiCode: 10004 },
    });
    expect(await refusal(w.caller(owner).channelSettings.createCategory({ guildId, name: "   " }))).toMatchObject({
      code: "BAD_REQUEST",
      data: { apiCode: 50035 },
    });
    expect(
      (await w.caller(owner).channelSettings.list({ guildId })).channels.filter((c) => c.kind === "category"),
    ).toEqual([]);
  });

  it("renames a category in the app though REST refuses it, and deleting one leaves its channels uncategorised", async () => {
    const { owner, member, guildId } = await w.guildOfTwo("catdel_owner", "catdel_member");
    const category = await w.caller(owner).channelSettings.createCategory({ guildId, name: "Old" });
    const child = await w
      .caller(owner)
      .guilds.createChannel({ guildId, name: "child", kind: "voice", parentId: category.id });
    // The bots' PATCH /channels/{channel} cannot change categories (spec).
    await expect(w.domain.channels.update(BigInt(category.id), owner, { name: "Rest" })).rejects.toMatchObject({
      code: 50024,
    });
    const tab = await tabOf(member);
    await tab.ready();
    await w.caller(owner).channelSettings.update({ channelId: category.id, name: "New" });
    expect((await tab.until(about(GatewayDispatchEvents.ChannelUpdate, category.id))).d).toMatchObject({ name: "New" });
    await w.caller(owner).channelSettings.remove({ channelId: category.id });
    await tab.until(about(GatewayDispatchEvents.ChannelDelete, category.id));
    const moved = await tab.until(about(GatewayDispatchEvents.ChannelUpdate, child.id));
    expect((moved.d as Wire).parent_id ?? null).toBeNull();
    const channels = await w.caller(member).guilds.channels({ guildId });
    expect(channels.find((c) => c.id === child.id)?.parentId).toBeNull();
    expect(channels.some((c) => c.id === category.id)).toBe(false);
    tab.close();
  });
});

describe("arranging channels", () => {
  it("moves a channel into a category and swaps two channels, telling viewers of each change only", async () => {
    const { owner, member, guildId, channelId: first } = await w.guildOfTwo("arr_owner", "arr_member");
    const second = await w.caller(owner).guilds.createChannel({ guildId, name: "second", kind: "text" });
    const category = await w.caller(owner).channelSettings.createCategory({ guildId, name: "Group" });
    const before = await w.caller(owner).guilds.channels({ guildId });
    const positionOf = (id: string) => before.find((c) => c.id === id)?.position as number;
    const tab = await tabOf(member);
    await tab.ready();
    await w.caller(owner).channelSettings.arrange({
      guildId,
      entries: [
        { id: first, position: positionOf(second.id), parentId: category.id },
        { id: second.id, position: positionOf(first) },
        { id: category.id, position: positionOf(category.id) },
      ],
    });
    expect((await tab.until(about(GatewayDispatchEvents.ChannelUpdate, first))).d).toMatchObject({
      parent_id: category.id,
      position: positionOf(second.id),
    });
    expect((await tab.until(about(GatewayDispatchEvents.ChannelUpdate, second.id))).d).toMatchObject({
      position: positionOf(first),
    });
    await quiet();
    // The category did not change: nothing about it.
    expect(
      tab.events().filter((f) => (f.d as Wire).id === category.id && f.t === GatewayDispatchEvents.ChannelUpdate),
    ).toEqual([]);
    const after = await w.caller(member).guilds.channels({ guildId });
    expect(after.find((c) => c.id === first)).toMatchObject({ parentId: category.id });
    tab.close();
  });

  it("refuses unknown channels, a category inside a category, a parent that is not a category, and people without Manage Channels", async () => {
    const { owner, member, guildId, channelId } = await w.guildOfTwo("arrno_owner", "arrno_member");
    const category = await w.caller(owner).channelSettings.createCategory({ guildId, name: "A" });
    const other = await w.caller(owner).channelSettings.createCategory({ guildId, name: "B" });
    const invalid = { code: "BAD_REQUEST", data: { apiCode: 50035 } };
    const owners = w.caller(owner).channelSettings;
    expect(
      await refusal(owners.arrange({ guildId, entries: [{ id: "123456789012345678", position: 0 }] })),
    ).toMatchObject(invalid);
    expect(
      await refusal(owners.arrange({ guildId, entries: [{ id: category.id, position: 0, parentId: other.id }] })),
    ).toMatchObject(invalid);
    expect(
      await refusal(owners.arrange({ guildId, entries: [{ id: channelId, position: 0, parentId: channelId }] })),
    ).toMatchObject(invalid);
    expect(await refusal(owners.arrange({ guildId, entries: [{ id: channelId, position: -1 }] }))).toMatchObject(
      invalid,
    );
    expect(
      await refusal(w.caller(member).channelSettings.arrange({ guildId, entries: [{ id: channelId, position: 5 }] })),
    ).toMatchObject(forbidden);
    // A category hidden from the mover is no place to move into.
    const mover = await w.domain.roles.create(owner, BigInt(guildId), {
      name: "Movers",
      permissions: (Permission.ManageChannels | Permission.ManageRoles | Permission.ViewChannel).toString(),
    });
    await w.domain.memberRoles.addRole(owner, BigInt(guildId), member, BigInt(mover.id));
    await w.caller(owner).channelSettings.setOverwrites({
      channelId: other.id,
      overwrites: [{ id: mover.id, type: 0, allow: "0", deny: VIEW }],
    });
    expect(
      await refusal(
        w
          .caller(member)
          .channelSettings.arrange({ guildId, entries: [{ id: channelId, position: 0, parentId: other.id }] }),
      ),
    ).toMatchObject(invalid);
    // Nothing moved.
    expect((await owners.list({ guildId })).channels.find((c) => c.id === channelId)).toMatchObject({
      parentId: null,
      position: 0,
    });
  });
});

describe("the permission overwrites editor", () => {
  it("hides a channel from @everyone but one role: people lose or keep it live, and the editor's effective result agrees", async () => {
    const { owner, member: outsider, guildId } = await w.guildOfTwo("ow_owner", "ow_outsider");
    const insider = await w.signUp("ow_insider");
    await w.domain.members.addPerson(BigInt(guildId), insider);
    const crew = await w.domain.roles.create(owner, BigInt(guildId), { name: "Crew" });
    await w.domain.memberRoles.addRole(owner, BigInt(guildId), insider, BigInt(crew.id));
    const secret = await w.caller(owner).guilds.createChannel({ guildId, name: "secret", kind: "text" });
    const overwrites = [
      { id: guildId, type: 0, allow: "0", deny: VIEW },
      { id: crew.id, type: 0, allow: VIEW, deny: "0" },
    ];
    const editor = w.caller(owner).channelSettings;
    // Unsaved: the effective result follows the draft.
    expect(
      BigInt((await editor.effective({ channelId: secret.id, userId: outsider.toString(), overwrites })).permissions) &
        Permission.ViewChannel,
    ).toBe(0n);
    expect(
      BigInt((await editor.effective({ channelId: secret.id, userId: insider.toString(), overwrites })).permissions) &
        Permission.ViewChannel,
    ).toBe(Permission.ViewChannel);
    expect(
      BigInt((await editor.effective({ channelId: secret.id, userId: outsider.toString() })).permissions) &
        Permission.ViewChannel,
    ).toBe(Permission.ViewChannel);

    const [outsiderTab, insiderTab] = [await tabOf(outsider), await tabOf(insider)];
    await Promise.all([outsiderTab.ready(), insiderTab.ready()]);
    await editor.setOverwrites({ channelId: secret.id, overwrites });
    await outsiderTab.until(about(GatewayDispatchEvents.ChannelDelete, secret.id));
    expect((await insiderTab.until(about(GatewayDispatchEvents.ChannelUpdate, secret.id))).d).toMatchObject({
      permission_overwrites: expect.arrayContaining([expect.objectContaining({ id: crew.id, allow: VIEW })]),
    });
    expect((await w.caller(outsider).guilds.channels({ guildId })).some((c) => c.id === secret.id)).toBe(false);
    expect(
      await refusal(
        w.caller(outsider).channelSettings.effective({ channelId: secret.id, userId: outsider.toString() }),
      ),
    ).toMatchObject({ data: { apiCode: 10003 } });

    // Back to none: the outsider gets the channel again.
    await editor.setOverwrites({ channelId: secret.id, overwrites: [] });
    await outsiderTab.until(about(GatewayDispatchEvents.ChannelCreate, secret.id));
    const entries = await w.caller(owner).auditLog.list({ guildId, action: 13 });
    expect(entries.entries.length).toBeGreaterThanOrEqual(2);
    outsiderTab.close();
    insiderTab.close();
  });

  it("holds a moderator to rule 10: no overwrites for roles at or above theirs, no bits they lack, and says unknown members", async () => {
    const { owner, member: moderator, guildId, channelId } = await w.guildOfTwo("owr_owner", "owr_mod");
    const id = BigInt(guildId);
    const mods = await w.domain.roles.create(owner, id, {
      name: "Mods",
      permissions: (Permission.ManageRoles | Permission.ViewChannel | Permission.SendMessages).toString(),
    });
    const admins = await w.domain.roles.create(owner, id, { name: "Admins" });
    await w.domain.roles.move(owner, id, [
      { id: admins.id, position: 2 },
      { id: mods.id, position: 1 },
    ]);
    await w.domain.memberRoles.addRole(owner, id, moderator, BigInt(mods.id));
    const editor = w.caller(moderator).channelSettings;
    expect(
      await refusal(
        editor.setOverwrites({ channelId, overwrites: [{ id: admins.id, type: 0, allow: "0", deny: VIEW }] }),
      ),
    ).toMatchObject(forbidden);
    expect(
      await refusal(
        editor.setOverwrites({
          channelId,
          overwrites: [{ id: guildId, type: 0, allow: Permission.ManageChannels.toString(), deny: "0" }],
        }),
      ),
    ).toMatchObject(forbidden);
    expect(
      await refusal(
        editor.setOverwrites({
          channelId,
          overwrites: [{ id: "123456789012345678", type: 1, allow: "0", deny: VIEW }],
        }),
      ),
    ).toMatchObject({ data: { apiCode: 50035 } });
    expect(await refusal(editor.effective({ channelId, userId: "123456789012345678" }))).toMatchObject({
      data: { apiCode: 10007 },
    });
    // Within reach it works, and nothing half-written stayed from the refusals.
    await editor.setOverwrites({
      channelId,
      overwrites: [{ id: guildId, type: 0, allow: "0", deny: Permission.SendMessages.toString() }],
    });
    expect(
      (await w.caller(owner).channelSettings.list({ guildId })).channels.find((c) => c.id === channelId)?.overwrites,
    ).toEqual([{ id: guildId, type: 0, allow: "0", deny: Permission.SendMessages.toString() }]);
  });
});
