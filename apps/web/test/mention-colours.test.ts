import { describe, expect, it } from "vitest";
import { contrast, rolePillColours } from "../src/components/chat/rich/colours";
import { mentionsMe } from "../src/components/chat/rich/mentions-me";

describe("role pills", () => {
  it("keep the role's hue and read at 4.5:1 or more, whatever the colour", () => {
    for (const color of [0x000001, 0x0000ff, 0x2e8b57, 0xe67e22, 0xffff00, 0xffffff, 0x5865f2, 0x99aab5]) {
      const { text, background } = rolePillColours(color);
      expect(contrast(text, background), `#${color.toString(16)}`).toBeGreaterThanOrEqual(4.5);
    }
    // A light colour is used as it is; a dark one is lightened toward white.
    expect(rolePillColours(0xffff00).text).toBe("#ffff00");
    expect(rolePillColours(0x0000ff).text).not.toBe("#0000ff");
  });

  it("a role without a colour looks like a user's mention", () => {
    expect(rolePillColours(0)).toEqual({ text: "#c9cdfb", background: "#3c426e" });
  });
});

describe("mentions of me", () => {
  const none = { mentions: [], mentionRoleIds: [], mentionEveryone: false };
  const me = { id: "7", username: "ann", displayName: "Ann", bot: false };

  it("by name, by one of my roles, or @everyone/@here that counted", () => {
    expect(mentionsMe({ ...none, mentions: [me] }, "7", new Set())).toBe(true);
    expect(mentionsMe({ ...none, mentionRoleIds: ["5"] }, "7", new Set(["5"]))).toBe(true);
    expect(mentionsMe({ ...none, mentionEveryone: true }, "7", new Set())).toBe(true);
  });

  it("not someone else, a role I do not have, or nobody signed in", () => {
    expect(mentionsMe({ ...none, mentions: [{ ...me, id: "8" }] }, "7", new Set())).toBe(false);
    expect(mentionsMe({ ...none, mentionRoleIds: ["5"] }, "7", new Set(["6"]))).toBe(false);
    expect(mentionsMe({ ...none, mentions: [me] }, null, new Set())).toBe(false);
  });
});
