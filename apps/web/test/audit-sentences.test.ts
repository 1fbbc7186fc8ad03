import type { AuditEntryView } from "@chat/api";
import { AuditLogEvent } from "discord-api-types/v10";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS, describeAuditAction } from "../src/components/guild-settings/audit-log/audit-sentences";

const entry = (action: AuditLogEvent, fields: Partial<AuditEntryView> = {}): AuditEntryView => ({
  id: "1",
  action,
  createdAt: "2026-11-27T10:00:00.000Z",
  actor: null,
  target: null,
  channel: null,
  overwriteFor: null,
  changes: [],
  count: null,
  ...fields,
});

describe("what an audit log entry says happened", () => {
  it("names people, channels and roles as they are now", () => {
    expect(describeAuditAction(entry(AuditLogEvent.MemberKick, { target: { id: "2", name: "ben" } }))).toBe(
      "kicked ben",
    );
    expect(describeAuditAction(entry(AuditLogEvent.ChannelCreate, { target: { id: "3", name: "plans" } }))).toBe(
      "created channel #plans",
    );
    expect(
      describeAuditAction(
        entry(AuditLogEvent.MessagePin, { target: { id: "2", name: "ben" }, channel: { id: "3", name: "plans" } }),
      ),
    ).toBe("pinned a message by ben in #plans");
    expect(
      describeAuditAction(
        entry(AuditLogEvent.ChannelOverwriteCreate, {
          target: { id: "3", name: "plans" },
          overwriteFor: { id: "4", name: "Mods", type: 0 },
        }),
      ),
    ).toBe("set the permissions of role Mods in #plans");
  });

  it("says what changed from and to for renames, and what an invite's code was", () => {
    expect(
      describeAuditAction(
        entry(AuditLogEvent.GuildUpdate, { changes: [{ key: "name", old_value: "Old", new_value: "New" }] }),
      ),
    ).toBe("renamed the guild from “Old” to “New”");
    expect(
      describeAuditAction(
        entry(AuditLogEvent.EmojiUpdate, {
          changes: [{ key: "name", old_value: "a", new_value: "b" }] as AuditEntryView["changes"],
        }),
      ),
    ).toBe("renamed emoji :a: to :b:");
    expect(
      describeAuditAction(entry(AuditLogEvent.InviteDelete, { changes: [{ key: "code", old_value: "abc" }] })),
    ).toBe("revoked invite abc");
  });

  it("says which roles a member was given or lost, and what about a role changed", () => {
    const roles = (...names: string[]) => names.map((name, i) => ({ id: String(i), name }));
    const given = entry(AuditLogEvent.MemberRoleUpdate, {
      target: { id: "2", name: "ben" },
      changes: [{ key: "$add", new_value: roles("Mods", "Crew") }] as AuditEntryView["changes"],
    });
    expect(describeAuditAction(given)).toBe("gave ben Mods and Crew");
    const both = entry(AuditLogEvent.MemberRoleUpdate, {
      target: { id: "2", name: "ben" },
      changes: [
        { key: "$add", new_value: roles("Mods") },
        { key: "$remove", new_value: roles("Guests") },
      ] as AuditEntryView["changes"],
    });
    expect(describeAuditAction(both)).toBe("gave ben Mods and took Guests from ben");
    const recoloured = entry(AuditLogEvent.RoleUpdate, {
      target: { id: "4", name: "Mods" },
      changes: [
        { key: "color", old_value: 0, new_value: 5 },
        { key: "permissions", old_value: "0", new_value: "8" },
      ] as AuditEntryView["changes"],
    });
    expect(describeAuditAction(recoloured)).toBe("changed the colour and permissions of role Mods");
    expect(
      describeAuditAction(
        entry(AuditLogEvent.RoleUpdate, { changes: [{ key: "name", old_value: "A", new_value: "B" }] }),
      ),
    ).toBe("renamed role A to B");
  });

  it("says something deleted without a recorded name is gone rather than leaving a blank", () => {
    expect(describeAuditAction(entry(AuditLogEvent.ChannelUpdate, { target: { id: "3", name: null } }))).toBe(
      "updated a channel since deleted",
    );
    expect(
      describeAuditAction(entry(AuditLogEvent.MessageBulkDelete, { target: { id: "3", name: "plans" }, count: 12 })),
    ).toBe("deleted 12 messages in #plans");
  });

  it("has a sentence for every action the filter offers", () => {
    for (const { action } of AUDIT_ACTIONS)
      expect(describeAuditAction(entry(action)), String(action)).not.toBe("made a change");
  });
});
