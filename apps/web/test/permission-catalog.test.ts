import { Permission } from "@chat/domain/permissions/bits";
import { describe, expect, it } from "vitest";
import { ROLE_PERMISSION_GROUPS } from "../src/components/guild-settings/roles/role-permission-groups";
import { describePermissions, PERMISSION_ENTRIES, PERMISSIONS } from "../src/lib/permission-catalog";

describe("the bot invite's permission catalogue", () => {
  it("names the events and expressions permissions a bot may ask for, instead of counting them as others", () => {
    const asked =
      Permission.CreateEvents | Permission.ManageEvents | Permission.ManageGuildExpressions | Permission.SendMessages;
    expect(describePermissions(asked)).toEqual({
      labels: ["Manage Expressions", "Send Messages", "Create Events", "Manage Events"],
      otherCount: 0,
    });
  });

  it("counts bits it has no name for", () => {
    expect(describePermissions(Permission.ViewAuditLog)).toEqual({ labels: [], otherCount: 1 });
  });
});

describe("one permission catalogue", () => {
  it("the bot invite and the role editor name each bit alike, from the catalogue", () => {
    const labels = new Map(Object.values(PERMISSIONS).map((p) => [p.bit, p.label]));
    expect(labels.size).toBe(Object.keys(PERMISSIONS).length);
    for (const entry of PERMISSION_ENTRIES) expect(labels.get(entry.bit)).toBe(entry.label);
    for (const permission of ROLE_PERMISSION_GROUPS.flatMap((g) => g.permissions)) {
      expect(labels.get(permission.bit)).toBe(permission.label);
      expect(permission.explanation).not.toBe("");
    }
  });
});
