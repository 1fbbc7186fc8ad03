import type { MemberView, RoleView } from "@chat/api/views";
import { describe, expect, it } from "vitest";
import { groupMembers } from "../src/components/chat/members/member-groups";

const role = (id: string, name: string, position: number, hoist: boolean): RoleView => ({
  id,
  name,
  color: 0,
  position,
  everyone: id === "1",
  hoist,
});
const member = (id: string, roles: string[], bot = false): MemberView => ({
  user: { id, username: `u${id}`, displayName: `u${id}`, avatar: null, bot } as MemberView["user"],
  nick: null,
  roles,
  joinedAt: new Date(0).toISOString(),
  status: "online",
});

const ROLES = [
  role("40", "Admins", 3, true),
  role("30", "Mods", 2, true),
  role("20", "Quiet", 1, false),
  role("1", "@everyone", 0, true),
];

describe("the member list's groups", () => {
  it("puts each member under their highest role shown separately, then people and bots without one", () => {
    const groups = groupMembers(
      [
        member("100", ["30", "40"]),
        member("101", ["30"]),
        member("102", ["20"]),
        member("103", []),
        member("104", [], true),
        member("105", ["30"], true),
      ],
      ROLES,
    );
    expect(groups.map((g) => [g.title, g.members.map((m) => m.user.id)])).toEqual([
      ["Admins", ["100"]],
      ["Mods", ["101", "105"]],
      ["Members", ["102", "103"]],
      ["Bots", ["104"]],
    ]);
  });

  it("leaves out groups nobody is in, and @everyone never makes one", () => {
    expect(groupMembers([member("100", [])], ROLES).map((g) => g.title)).toEqual(["Members"]);
  });
});
