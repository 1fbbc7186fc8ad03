import { messageView } from "@chat/api/views";
import { describe, expect, it } from "vitest";
import { messageAbilities } from "../src/components/chat/message-actions/message-abilities";
import type { DisplayMessage } from "../src/components/chat/messages/use-channel-messages";

const ME = "100";
const OTHER = "200";

function message(
  authorId: string,
  extra: {
    type?: number;
    flags?: number;
    interaction?: { type: number; name: string; user: { id: string; username: string } };
  } = {},
  display: Partial<DisplayMessage> = {},
): DisplayMessage {
  const author = { id: authorId, username: `user${authorId}`, global_name: null, avatar: null };
  return {
    ...messageView({
      id: "900",
      channel_id: "20",
      author,
      content: "hi",
      timestamp: new Date(0).toISOString(),
      edited_timestamp: null,
      ...extra,
    }),
    ...display,
  };
}

describe("messageAbilities", () => {
  it("lets the author edit and delete their sent message", () => {
    expect(messageAbilities(message(ME), ME, false)).toEqual({ canEdit: true, canDelete: true });
  });

  it("offers Delete on someone else's message only with Manage Messages, and never Edit", () => {
    expect(messageAbilities(message(OTHER), ME, false)).toEqual({ canEdit: false, canDelete: false });
    expect(messageAbilities(message(OTHER), ME, true)).toEqual({ canEdit: false, canDelete: true });
  });

  it("offers neither on a system row, even one's own with Manage Messages (the domain refuses both)", () => {
    for (const type of [6, 7, 18]) {
      expect(messageAbilities(message(ME, { type }), ME, true)).toEqual({ canEdit: false, canDelete: false });
      expect(messageAbilities(message(OTHER, { type }), ME, true)).toEqual({ canEdit: false, canDelete: false });
    }
  });

  it("offers neither on an ephemeral message or one still on its way or failed", () => {
    expect(messageAbilities(message(OTHER, { flags: 64 }), ME, true)).toEqual({ canEdit: false, canDelete: false });
    expect(messageAbilities(message(ME, {}, { sendState: "pending" }), ME, true)).toEqual({
      canEdit: false,
      canDelete: false,
    });
    expect(messageAbilities(message(ME, {}, { sendState: "failed" }), ME, true)).toEqual({
      canEdit: false,
      canDelete: false,
    });
  });

  it("treats a bot's reply to a command as someone else's message: Delete with Manage Messages, never Edit", () => {
    const reply = message(OTHER, {
      type: 20,
      interaction: { type: 2, name: "roll", user: { id: ME, username: "me" } },
    });
    expect(messageAbilities(reply, ME, false)).toEqual({ canEdit: false, canDelete: false });
    expect(messageAbilities(reply, ME, true)).toEqual({ canEdit: false, canDelete: true });
  });
});
