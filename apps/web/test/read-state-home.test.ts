import { describe, expect, it } from "vitest";
import { indexReadStates, withNewMessage } from "../src/components/chat/read-states/read-state-math";

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

describe("withNewMessage", () => {
  const state = { channelId: "10", guildId: "3", lastMessageId: "15", lastReadId: "15", mentionCount: 1 };

  it("moves the last message on and counts a mention once", () => {
    expect(withNewMessage(state, "16", true)).toEqual({ ...state, lastMessageId: "16", mentionCount: 2 });
    expect(withNewMessage(state, "16", false)).toEqual({ ...state, lastMessageId: "16", mentionCount: 1 });
    expect(withNewMessage({ ...state, lastMessageId: null }, "9", true)).toMatchObject({
      lastMessageId: "9",
      mentionCount: 2,
    });
  });

  it("changes nothing for a message the state already knows of: applied again after a fetch that included it, it does not count twice", () => {
    const counted = withNewMessage(state, "16", true);
    expect(withNewMessage(counted, "16", true)).toBe(counted);
    // The server's answer, read after the message was written, already counts it.
    const fetched = { ...state, lastMessageId: "16", mentionCount: 2 };
    expect(withNewMessage(fetched, "16", true)).toBe(fetched);
    expect(withNewMessage(fetched, "100", true).mentionCount).toBe(3);
  });
});
