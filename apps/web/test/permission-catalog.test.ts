import { Permission } from "@chat/domain/permissions/bits";
import { describe, expect, it } from "vitest";
import { describePermissions } from "../src/lib/permission-catalog";

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
