import { describe, expect, it } from "vitest";
import { embedsView, httpUrl, messageView } from "../src/views";

const base = {
  id: "9",
  channel_id: "3",
  content: "",
  timestamp: "2025-01-01T00:00:00.000Z",
  edited_timestamp: null,
  author: { id: "8", username: "helper", bot: true },
};

describe("message views: embeds and mentions", () => {
  it("an embed keeps every part the card shows", () => {
    const [embed] = embedsView([
      {
        type: "rich",
        color: 0x5865f2,
        author: { name: "Weather bot", url: "https://example.com/bot", icon_url: "https://example.com/a.png" },
        title: "Forecast",
        url: "https://example.com/forecast",
        description: "**Sunny** all day",
        fields: [
          { name: "High", value: "21°", inline: true },
          { name: "Notes", value: "Bring water", inline: false },
        ],
        thumbnail: { url: "https://example.com/t.png" },
        image: { url: "http://example.com/i.png" },
        footer: { text: "Updated", icon_url: "https://example.com/f.png" },
        timestamp: "2025-01-01T10:00:00.000Z",
      },
    ]);
    expect(embed).toEqual({
      color: 0x5865f2,
      author: { name: "Weather bot", url: "https://example.com/bot", iconUrl: "https://example.com/a.png" },
      title: "Forecast",
      url: "https://example.com/forecast",
      description: "**Sunny** all day",
      fields: [
        { name: "High", value: "21°", inline: true },
        { name: "Notes", value: "Bring water", inline: false },
      ],
      thumbnailUrl: "https://example.com/t.png",
      imageUrl: "http://example.com/i.png",
      footer: { text: "Updated", iconUrl: "https://example.com/f.png" },
      timestamp: "2025-01-01T10:00:00.000Z",
    });
  });

  it("addresses other than http and https are dropped, the text stays", () => {
    const [embed] = embedsView([
      {
        title: "<img src=x onerror=alert(1)>",
        url: "javascript:alert(1)",
        author: { name: "a", url: "JaVaScRiPt:alert(1)", icon_url: "data:image/svg+xml,<svg onload=alert(1)>" },
        image: { url: "vbscript:x" },
        thumbnail: { url: "attachment://t.png" },
        footer: { text: "f", icon_url: "  javascript:alert(1)" },
      },
    ]);
    expect(embed).toMatchObject({
      title: "<img src=x onerror=alert(1)>",
      url: null,
      author: { name: "a", url: null, iconUrl: null },
      imageUrl: null,
      thumbnailUrl: null,
      footer: { text: "f", iconUrl: null },
    });
    expect(httpUrl("https://example.com/a b")).toBe("https://example.com/a%20b");
    expect(httpUrl("//example.com")).toBeNull();
    expect(httpUrl(42)).toBeNull();
  });

  it("an embed with nothing to show is left out, a colour out of range is the default", () => {
    expect(embedsView([{ type: "rich" }, null, "x"])).toEqual([]);
    expect(embedsView([{ title: "t", color: -1 }])[0]?.color).toBeNull();
    expect(embedsView([{ title: "t", timestamp: "not a date" }])[0]?.timestamp).toBeNull();
  });

  it("a message carries its embeds and whom it mentions", () => {
    const view = messageView({
      ...base,
      content: "<@7> <@&5> @everyone",
      embeds: [{ title: "Hello" }],
      mentions: [{ id: "7", username: "ann", global_name: "Ann" }],
      mention_roles: ["5"],
      mention_everyone: true,
    });
    expect(view.embeds.map((e) => e.title)).toEqual(["Hello"]);
    expect(view.mentions).toEqual([{ id: "7", username: "ann", displayName: "Ann", bot: false }]);
    expect(view).toMatchObject({ mentionRoleIds: ["5"], mentionEveryone: true });
    expect(messageView(base)).toMatchObject({ embeds: [], mentions: [], mentionRoleIds: [], mentionEveryone: false });
  });
});
