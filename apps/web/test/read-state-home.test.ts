import { describe, expect, it } from "vitest";
import { indexReadStates } from "../src/components/chat/read-states/read-state-math";

describe("indexReadStates", () => {
  it("adds the DMs up for the Home icon, apart from the guilds", () => {
    const index = indexReadStates([
      { channelId: "10", guildId: null, lastMessageId: "15", lastReadId: "12", mentionCount: 2 },
      { channelId: "11", guildId: null, lastMessageId: "20", lastReadId: "20", mentionCount: 0 },
      { channelId: "30", guildId: "3", lastMessageId: "31", lastReadId: null, mentionCount: 1 },
    ]);
    expect(index.home).toEqual({ unread: true, mentions: 2 });
    expect(index.byGuild.get("3")).toEqual({ unread: true, mentions: 1 });
    expect(index.totalMentions).toBe(3);
    expect(
      indexReadStates([{ channelId: "11", guildId: null, lastMessageId: "20", lastReadId: "20", mentionCount: 0 }])
        .home,
    ).toEqual({ unread: false, mentions: 0 });
  });
});
