import type { GatewayMessageCreateDispatchData } from "discord-api-types/v10";
import { describe, expect, it } from "vitest";
import { type NotificationContext, notificationFor } from "../src/components/chat/notifications/notification-rules";

const ME = "100";
const user = (id: string, username: string) => ({ id, username, global_name: null, discriminator: "0", avatar: null });

function message(overrides: Partial<GatewayMessageCreateDispatchData>): GatewayMessageCreateDispatchData {
  return {
    id: "900",
    channel_id: "20",
    guild_id: "10",
    author: user("200", "ann"),
    content: "hello",
    timestamp: new Date(0).toISOString(),
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: [],
    embeds: [],
    pinned: false,
    type: 0,
    ...overrides,
  } as GatewayMessageCreateDispatchData;
}

const context = (overrides: Partial<NotificationContext> = {}): NotificationContext => ({
  meId: ME,
  myRoleIds: () => new Set(["55"]),
  mutedGuild: () => false,
  looking: () => false,
  channelName: () => "general",
  guildName: () => "Book Club",
  ...overrides,
});

describe("which messages notify", () => {
  it("a mention by name notifies, with the place in the title and the mention readable in the body", () => {
    const shown = notificationFor(
      message({ content: "hi <@100> and <:blob:7>", mentions: [user(ME, "ben")] }),
      context(),
    );
    expect(shown).toEqual({
      title: "ann (#general, Book Club)",
      body: "hi @ben and :blob:",
      path: "/channels/10/20",
      tag: "900",
    });
  });

  it("a mention of one of my roles and @everyone notify; a plain message does not", () => {
    expect(notificationFor(message({ mention_roles: ["55"] }), context())).not.toBeNull();
    expect(notificationFor(message({ mention_roles: ["56"] }), context())).toBeNull();
    expect(notificationFor(message({ mention_everyone: true }), context())).not.toBeNull();
    expect(notificationFor(message({}), context())).toBeNull();
  });

  it("a direct message always notifies, a file alone is described", () => {
    const shown = notificationFor(
      message({
        guild_id: undefined,
        content: "",
        attachments: [{ id: "1", filename: "a.png", size: 1, url: "", proxy_url: "" }],
      }),
      context(),
    );
    expect(shown).toMatchObject({ title: "ann", body: "Sent a file", path: "/channels/@me/20" });
  });

  it("my own messages, a muted guild and the channel I am looking at never notify", () => {
    const mention = { mentions: [user(ME, "ben")] };
    expect(notificationFor(message({ ...mention, author: user(ME, "ben") }), context())).toBeNull();
    expect(notificationFor(message(mention), context({ mutedGuild: () => true }))).toBeNull();
    expect(notificationFor(message(mention), context({ looking: (id) => id === "20" }))).toBeNull();
    expect(notificationFor(message({ guild_id: undefined }), context({ mutedGuild: () => true }))).not.toBeNull();
  });

  it("a message sent silently (SUPPRESS_NOTIFICATIONS) does not notify, even a DM", () => {
    expect(notificationFor(message({ mentions: [user(ME, "ben")], flags: 4096 }), context())).toBeNull();
    expect(notificationFor(message({ guild_id: undefined, flags: 4096 }), context())).toBeNull();
  });

  it("a long message is cut short", () => {
    const shown = notificationFor(message({ guild_id: undefined, content: "x".repeat(500) }), context());
    expect(shown?.body.length).toBe(140);
    expect(shown?.body.endsWith("…")).toBe(true);
  });
});
