import type { MemberView, ModerationStandingView, RoleView } from "@chat/api";
import { describe, expect, it } from "vitest";
import { memberAbilities } from "../src/components/guild-settings/members/member-abilities";

const GUILD = "1";
const roles: RoleView[] = [
  { id: "50", name: "Bot Role", color: 0, position: 4, hoist: false, everyone: false },
  { id: "40", name: "Senior", color: 0xe67e22, position: 3, hoist: false, everyone: false },
  { id: "30", name: "Moderator", color: 0x3498db, position: 2, hoist: false, everyone: false },
  { id: "20", name: "Helper", color: 0, position: 1, hoist: false, everyone: false },
  { id: GUILD, name: "@everyone", color: 0, position: 0, hoist: false, everyone: true },
];

function member(id: string, held: string[] = [], bot = false): MemberView {
  return {
    user: { id, username: `user${id}`, displayName: `User ${id}`, bot },
    nick: null,
    roles: held,
    joinedAt: new Date(0).toISOString(),
    status: "online",
  };
}

/** A moderator (200) below Senior: the owner (100), themself and the senior member (300) shielded. */
const moderator: ModerationStandingView = {
  ownerId: "100",
  kickMembers: true,
  banMembers: true,
  manageRoles: true,
  shielded: [
    { userId: "100", reason: "owner" },
    { userId: "200", reason: "self" },
    { userId: "300", reason: "outranks" },
  ],
  manageableRoleIds: ["20"],
  managedRoles: [{ roleId: "50", botUserId: "900" }],
};

const reasons = (abilities: ReturnType<typeof memberAbilities>) => ({
  note: abilities.note,
  roles: abilities.roles.allowed ? "allowed" : abilities.roles.reason,
  kick: abilities.kick.allowed ? "allowed" : abilities.kick.reason,
  ban: abilities.ban.allowed ? "allowed" : abilities.ban.reason,
});

describe("memberAbilities", () => {
  it("lets a moderator act on a member below them, giving only roles below their own and never a bot's role", () => {
    const abilities = memberAbilities(member("400", ["20"]), moderator, roles);
    expect(reasons(abilities)).toEqual({ note: null, roles: "allowed", kick: "allowed", ban: "allowed" });
    expect(
      abilities.roleChoices.map(({ role, held, ability }) => [
        role.name,
        held,
        ability.allowed ? "allowed" : ability.reason,
      ]),
    ).toEqual([
      ["Bot Role", false, "A bot’s own role"],
      ["Senior", false, "At or above your highest role"],
      ["Moderator", false, "At or above your highest role"],
      ["Helper", true, "allowed"],
    ]);
  });

  it("disables everything on the owner and on members ranked at or above the moderator, saying why", () => {
    expect(reasons(memberAbilities(member("100"), moderator, roles))).toEqual({
      note: "Owner",
      roles: "Not on the guild’s owner",
      kick: "Not on the guild’s owner",
      ban: "Not on the guild’s owner",
    });
    const senior = memberAbilities(member("300", ["40"]), moderator, roles);
    expect(reasons(senior)).toEqual({
      note: "Ranked at or above you",
      roles: "Their highest role is at or above yours",
      kick: "Their highest role is at or above yours",
      ban: "Their highest role is at or above yours",
    });
    expect(senior.roleChoices.every((c) => !c.ability.allowed)).toBe(true);
  });

  it("lets people change their own roles below their highest, but not kick or ban themselves", () => {
    const self = memberAbilities(member("200", ["30"]), moderator, roles);
    expect(reasons(self)).toEqual({ note: "You", roles: "allowed", kick: "Not on yourself", ban: "Not on yourself" });
    expect(self.roleChoices.find((c) => c.role.name === "Helper")?.ability.allowed).toBe(true);
  });

  it("names the missing permission first, and shows no rank note to someone who moderates nothing", () => {
    const plain: ModerationStandingView = {
      ...moderator,
      kickMembers: false,
      banMembers: false,
      manageRoles: false,
      manageableRoleIds: [],
    };
    expect(reasons(memberAbilities(member("400"), plain, roles))).toEqual({
      note: null,
      roles: "Needs Manage Roles",
      kick: "Needs Kick Members",
      ban: "Needs Ban Members",
    });
    expect(reasons(memberAbilities(member("300", ["40"]), plain, roles)).note).toBeNull();
  });
});
