import type { RoleSettings, RoleSettingsView } from "@chat/api/role-views";
import { describe, expect, it } from "vitest";
import { changesOf, parseHex } from "../src/components/guild-settings/roles/role-draft";
import { moveDownBlocker, moveUpBlocker } from "../src/components/guild-settings/roles/role-reach";
import { reorderedRoles } from "../src/components/guild-settings/roles/use-role-move";

const role = (id: string, name: string, position: number, withinReach = true): RoleSettingsView => ({
  id,
  name,
  color: 0,
  position,
  everyone: id === "1",
  hoist: false,
  mentionable: false,
  permissions: "0",
  botId: null,
  withinReach,
});

describe("moving a role in the list", () => {
  const roles = [role("40", "Admins", 3), role("30", "Mods", 2), role("20", "Helpers", 1), role("1", "@everyone", 0)];

  it("orders the roles as the server will: the ones between shift by one, @everyone stays last", () => {
    expect(reorderedRoles(roles, "20", 3).map((r) => [r.name, r.position])).toEqual([
      ["Helpers", 3],
      ["Admins", 2],
      ["Mods", 1],
      ["@everyone", 0],
    ]);
    expect(reorderedRoles(roles, "40", 1).map((r) => r.name)).toEqual(["Mods", "Helpers", "Admins", "@everyone"]);
  });

  it("says why an arrow can't be used: the top, the bottom, and rule 10's ceiling", () => {
    const moderator: RoleSettings = {
      roles: [
        role("40", "Admins", 3, false),
        role("30", "Mods", 2, false),
        role("20", "Helpers", 1),
        role("1", "@everyone", 0),
      ],
      owner: false,
      canManageRoles: true,
      grantable: "0",
      highestRoleId: "30",
    };
    const [admins, mods, helpers, everyone] = moderator.roles as [
      RoleSettingsView,
      RoleSettingsView,
      RoleSettingsView,
      RoleSettingsView,
    ];
    expect(moveUpBlocker(moderator, helpers, mods)).toBe(
      "Helpers can’t go higher: the roles above it are at or above your highest role.",
    );
    expect(moveDownBlocker(moderator, helpers, everyone)).toBe("Helpers is already the lowest role above @everyone.");
    expect(moveDownBlocker(moderator, admins, mods)).toBe(
      "Admins ranks above your highest role, Mods: you can only edit and move roles below it.",
    );
    expect(moveUpBlocker(moderator, mods, admins)).toBe(
      "Mods is your highest role: you can only edit and move roles below it.",
    );
    const owner: RoleSettings = {
      ...moderator,
      owner: true,
      roles: moderator.roles.map((r) => ({ ...r, withinReach: true })),
    };
    expect(moveUpBlocker(owner, owner.roles[0] as RoleSettingsView, undefined)).toBe(
      "Admins is already the highest role.",
    );
    expect(moveDownBlocker(owner, owner.roles[0] as RoleSettingsView, owner.roles[1])).toBeNull();
  });
});

describe("the role editor's fields", () => {
  it("reads hex colours with or without # and in short form, and refuses anything else", () => {
    expect(parseHex("#3498db")).toBe(0x3498db);
    expect(parseHex("3498DB")).toBe(0x3498db);
    expect(parseHex("#fff")).toBe(0xffffff);
    expect(parseHex("#12345")).toBeNull();
    expect(parseHex("blue")).toBeNull();
  });

  it("sends only what changed", () => {
    const saved = { name: "Mods", color: 0, hoist: false, mentionable: false, permissions: 8n };
    expect(changesOf(saved, { ...saved, color: 0x3498db, permissions: 10n })).toEqual({
      color: 0x3498db,
      permissions: "10",
    });
    expect(changesOf(saved, saved)).toEqual({});
  });
});
