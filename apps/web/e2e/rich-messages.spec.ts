import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, guildWith, live, PHONE, test } from "./support/live-people";
import { screen } from "./support/people";
import { twoColourPng } from "./support/png";

/** View Channel, Send Messages, Embed Links, Mention Everyone. */
const BOT_PERMISSIONS = 1024n | 2048n | (1n << 14n) | (1n << 17n);

function axeViolations(page: Page) {
  return new AxeBuilder({ page })
    .analyze()
    .then(({ violations }) => violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`));
}

/**
 * A bot's messages show the reference platform's markdown, mentions as named pills (roles in their
 * colour), mentions of the reader highlighted, masked links that ask before leaving, and embeds as cards.
 */
test("markdown, mentions, masked links and embeds are rendered richly", async ({ people, service }) => {
  const ann = await people.get("ann");
  const guild = await guildWith(service, ann, "Rich Desk");
  const { domain } = await service.domain();
  const guildId = BigInt(guild.guildId);
  const channel = BigInt(guild.channelId);
  const news = await domain.channels.create(guildId, ann.id, { name: "news", type: 0, topic: "What is new" });
  const role = await domain.roles.create(ann.id, guildId, { name: "Gardeners", color: 0x2e8b57 });
  await domain.memberRoles.addRole(ann.id, guildId, ann.id, BigInt(role.id));
  const app = await domain.applications.create(ann.id, "Herald Bot");
  await domain.members.addBot(ann.id, guildId, app.application.id, BOT_PERMISSIONS);
  const hash = await domain.applicationSettings.setIcon(
    ann.id,
    app.application.id,
    `data:image/png;base64,${twoColourPng(64, [91, 108, 240], [46, 168, 102]).toString("base64")}`,
  );
  // A picture the page may load (its own origin): pictures elsewhere are the CSP's to refuse.
  const picture = `${service.webUrl}/app-icons/${app.application.id}/${hash}.png`;
  const emoji = await domain.emojis.create(ann.id, guildId, {
    name: "sprout",
    image: `data:image/png;base64,${twoColourPng(32, [46, 168, 102], [230, 126, 34]).toString("base64")}`,
  });
  const bot = app.botUser.id;

  const page = await people.open(ann, guild.path);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await live(page);

  const markdown = await domain.messages.create(channel, bot, {
    content: [
      "**bold** *italics* __underline__ ~~strike~~ `inline code` ||a secret||",
      "# A header",
      "> a quote",
      "- first",
      "- second",
      "```js",
      'const greeting = "hi";',
      "```",
      "Read [the docs](https://docs.example.com/guide) or https://example.com/plain",
    ].join("\n"),
  });
  const row = page.locator(`[data-message-id="${markdown.id}"]`);
  const content = row.getByTestId("message-content");
  await expect(content.locator("strong")).toHaveText("bold");
  await expect(content.locator("em")).toHaveText("italics");
  await expect(content.locator("u")).toHaveText("underline");
  await expect(content.locator("s")).toHaveText("strike");
  await expect(content.locator("code").first()).toHaveText("inline code");
  await expect(content.getByRole("heading", { name: "A header" })).toBeVisible();
  await expect(content.locator("blockquote")).toHaveText("a quote");
  await expect(content.getByRole("listitem")).toHaveText(["first", "second"]);
  await expect(content.getByTestId("code-block")).toHaveText('const greeting = "hi";');
  await expect(content.getByTestId("code-block").locator(".hljs-keyword")).toHaveText("const");
  await expect(content.getByTestId("code-block").locator(".hljs-string")).toHaveText('"hi"');
  await expect(content.getByRole("link", { name: "https://example.com/plain" })).toHaveAttribute("target", "_blank");

  // A spoiler hides its text until pressed.
  const spoiler = content.getByRole("button", { name: "Spoiler, press to reveal" });
  await spoiler.click();
  await expect(content.getByTestId("spoiler")).toHaveText("a secret");

  // A masked link says where it goes before leaving; going back stays here.
  await content.getByRole("link", { name: "the docs" }).click();
  const leaving = page.getByRole("dialog", { name: "You are leaving docs.example.com" });
  await expect(leaving).toBeVisible();
  await expect(leaving.getByTestId("leaving-url")).toHaveText("https://docs.example.com/guide");
  await expect(leaving).toContainText("may not say where it goes");
  await leaving.getByRole("button", { name: "Go back" }).click();
  await expect(leaving).toBeHidden();
  expect(page.context().pages()).toHaveLength(1);

  // Mentions: names in pills, the role in its colour; this one mentions Ann (by her role), so it is highlighted.
  const mentioning = await domain.messages.create(channel, bot, {
    content: `Hi <@${ann.id}>, <@&${role.id}> see <#${news.id}>; <@${"9".repeat(18)}> and <#${"8".repeat(18)}> are gone <:blob:${"7".repeat(18)}> <:sprout:${emoji.id}>`,
  });
  const mentionRow = page.locator(`[data-message-id="${mentioning.id}"]`);
  const pills = mentionRow.getByTestId("mention");
  await expect(pills).toHaveText([`@${ann.username}`, "@Gardeners", "#news", "@unknown-user", "#unknown-channel"]);
  await expect(pills.nth(1)).toHaveCSS("color", /^rgb\(/);
  const roleColour = await pills.nth(1).evaluate((el) => getComputedStyle(el).color);
  expect(roleColour).not.toBe(await pills.nth(0).evaluate((el) => getComputedStyle(el).color));
  // Custom emoji: the picture from the CDN; one it cannot find (another server's) by its name.
  await expect(mentionRow.getByRole("img", { name: ":sprout:" })).toHaveJSProperty("naturalWidth", 32);
  await expect(mentionRow.locator(`[data-emoji-id="${"7".repeat(18)}"]`)).toHaveText(":blob:");
  await expect(mentionRow).toHaveAttribute("data-mentions-me", "true");
  await expect(row).not.toHaveAttribute("data-mentions-me");
  // @everyone and @here are pills too; Unicode emoji (a ZWJ sequence, a flag) stay whole in the text.
  const everyone = await domain.messages.create(channel, bot, {
    content: "@everyone the garden opens at 9 🌱👩‍🌾🇳🇱, @here too",
  });
  const everyoneRow = page.locator(`[data-message-id="${everyone.id}"]`);
  await expect(everyoneRow).toHaveAttribute("data-mentions-me", "true");
  await expect(everyoneRow.getByTestId("mention")).toHaveText(["@everyone", "@here"]);
  await expect(everyoneRow.getByTestId("message-content")).toHaveText(
    "@everyone the garden opens at 9 🌱👩‍🌾🇳🇱, @here too",
  );

  // An embed alone is a card with every part.
  const embedded = await domain.messages.create(channel, bot, {
    embeds: [
      {
        color: 0xe67e22,
        author: { name: "Garden Log", url: "https://garden.example.com", icon_url: picture },
        title: "Weekly harvest",
        url: "https://garden.example.com/harvest",
        description: `**12** baskets, see <#${news.id}>`,
        fields: [
          { name: "Tomatoes", value: "7", inline: true },
          { name: "Beans", value: "5", inline: true },
          { name: "Notes", value: "Water *early*", inline: false },
        ],
        thumbnail: { url: picture },
        image: { url: picture },
        footer: { text: "Garden bot", icon_url: picture },
        timestamp: "2026-01-05T09:30:00.000Z",
      },
    ],
  });
  const card = page.locator(`[data-message-id="${embedded.id}"]`).getByTestId("embed");
  await expect(card).toHaveCSS("border-left-color", "rgb(230, 126, 34)");
  await expect(card.getByTestId("embed-author")).toHaveText("Garden Log");
  await expect(card.getByTestId("embed-title").getByRole("link", { name: "Weekly harvest" })).toHaveAttribute(
    "href",
    "https://garden.example.com/harvest",
  );
  await expect(card.getByTestId("embed-description").locator("strong")).toHaveText("12");
  await expect(card.getByTestId("embed-description").getByTestId("mention")).toHaveText("#news");
  await expect(card.getByTestId("embed-field")).toHaveText(["Tomatoes7", "Beans5", "NotesWater early"]);
  const [tomatoes, beans, notes] = await Promise.all(
    [0, 1, 2].map((i) => card.getByTestId("embed-field").nth(i).boundingBox()),
  );
  expect(beans?.y).toBe(tomatoes?.y);
  expect(notes?.y ?? 0).toBeGreaterThan(tomatoes?.y ?? 0);
  await expect(card.getByTestId("embed-thumbnail")).toHaveJSProperty("naturalWidth", 64);
  await expect(card.getByTestId("embed-image")).toHaveJSProperty("naturalWidth", 64);
  await expect(card.getByTestId("embed-footer")).toContainText("Garden bot");
  await expect(card.getByTestId("embed-footer").locator("time")).toHaveAttribute(
    "datetime",
    "2026-01-05T09:30:00.000Z",
  );
  await card.getByRole("link", { name: "Weekly harvest" }).click();
  await expect(page.getByRole("dialog", { name: "You are leaving garden.example.com" })).toBeVisible();
  await page.keyboard.press("Escape");

  await expect.poll(() => axeViolations(page)).toEqual([]);
  await page.mouse.move(0, 0);
  await screen(page, "rich-messages");
  await page.setViewportSize(PHONE);
  await card.scrollIntoViewIfNeeded();
  await expect(card).toBeInViewport();
  await expect.poll(() => axeViolations(page)).toEqual([]);
  await screen(page, "rich-messages-phone");
});
