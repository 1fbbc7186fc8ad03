import { describe, expect, it } from "vitest";
import { Permission, guildSnapshotFromRows, listableGuildChannels, visibleThreads } from "../src/permissions";

const guild = guildSnapshotFromRows({
  id: 1n,
  ownerId: 99n,
  roles: [{ id: 1n, position: 0, permissions: Permission.ViewChannel }],
});
const bot = { userId: 5n, isBot: true, roleIds: [] };
const hide = [{ targetId: 1n, type: 0, allow: 0n, deny: Permission.ViewChannel }];
const channels = [
  { id: 10n, type: 4, parentId: null, overwrites: hide, name: "hidden category" },
  { id: 11n, type: 0, parentId: 10n, overwrites: [], name: "visible child" },
  { id: 12n, type: 0, parentId: null, overwrites: hide, name: "hidden text" },
  { id: 13n, type: 4, parentId: null, overwrites: hide, name: "hidden empty category" },
  { id: 20n, type: 11, parentId: 11n, overwrites: [], name: "thread in visible" },
  { id: 21n, type: 11, parentId: 12n, overwrites: [], name: "thread in hidden" },
];

describe("which channels a member sees listed (REST channel list and GUILD_CREATE alike)", () => {
  it("lists visible channels plus the hidden category of a visible channel, never threads", () => {
    expect(listableGuildChannels(guild, bot, channels).map((c) => c.id)).toEqual([10n, 11n]);
  });

  it("shows a thread exactly when its parent channel is visible", () => {
    expect(visibleThreads(guild, bot, channels).map((c) => c.id)).toEqual([20n]);
  });
});
