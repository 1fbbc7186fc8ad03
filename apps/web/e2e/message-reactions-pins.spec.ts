import type { Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { expect, guildWith, live, moderatorBot, PHONE, test } from "./support/live-people";
import { expectAllSent, screen, sendMessage } from "./support/people";
import { twoColourPng } from "./support/png";

function message(page: Page, text: string | RegExp) {
  return page
    .getByRole("log")
    .getByTestId("message")
    .filter({ has: page.getByTestId("message-content").filter({ hasText: text }) });
}

function chip(page: Page, text: string, emoji: string) {
  return message(page, text).getByTestId("reaction-chip").filter({ hasText: emoji });
}

function composer(page: Page) {
  return page.getByRole("textbox", { name: "Message #general" });
}

test("reactions: Ben picks one by search, Ann adds hers on the chip, a bot's arrives, all live; who reacted on hover; : autocomplete", async ({
  people,
  service,
}) => {
  // Two people, a bot, the picker, the chips and the composer's autocomplete: a long walk.
  test.setTimeout(180_000);
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const guild = await guildWith(service, ann, "Reaction Hall", [ben]);
  const { domain } = await service.domain();
  const blob = await domain.emojis.create(ann.id, BigInt(guild.guildId), {
    name: "partyblob",
    image: `data:image/png;base64,${twoColourPng(32, [91, 108, 240], [230, 162, 60]).toString("base64")}`,
  });
  const bot = await moderatorBot(service, ann, guild.guildId, "Cheer Bot");
  const annPage = await people.open(ann, guild.path);
  const benPage = await people.open(ben, guild.path);
  await live(annPage);
  await live(benPage);
  await sendMessage(annPage, "general", "Ship it on Friday?");
  await expectAllSent(annPage);

  // Ben opens the picker from the toolbar: the guild's own emoji first, then the categories.
  await message(benPage, "Ship it on Friday?").hover();
  await message(benPage, "Ship it on Friday?").getByRole("button", { name: "Add reaction" }).click();
  const picker = benPage.getByRole("dialog", { name: "Choose an emoji" });
  const search = picker.getByRole("combobox", { name: "Search emoji" });
  await expect(search).toBeFocused();
  await expect(picker.getByTestId("emoji-option").first()).toHaveAccessibleName(":partyblob:");
  await expect(picker.getByRole("group", { name: "Smileys & emotion" })).toBeVisible();
  expect(await axeViolations(benPage)).toEqual([]);
  await screen(benPage, "emoji-picker");
  await benPage.setViewportSize(PHONE);
  await expect(picker).toBeInViewport({ ratio: 1 });
  await screen(benPage, "emoji-picker-phone");
  await benPage.setViewportSize({ width: 1280, height: 720 });

  // Search by shortcode; the arrow keys move, Enter picks.
  await search.fill("thumbs");
  await expect(picker.getByTestId("emoji-option").first()).toHaveAccessibleName(":+1:");
  await search.press("ArrowRight");
  await search.press("ArrowLeft");
  await search.press("Enter");
  await expect(picker).toHaveCount(0);
  await expect(chip(benPage, "Ship it on Friday?", "👍")).toHaveAttribute("aria-pressed", "true");
  await expect(chip(annPage, "Ship it on Friday?", "👍")).toHaveAttribute("aria-pressed", "false");
  await expect(chip(annPage, "Ship it on Friday?", "👍")).toHaveText("👍1");

  // Ann adds hers by clicking the chip; Ben sees 2 live; hovering names them both.
  await chip(annPage, "Ship it on Friday?", "👍").click();
  await expect(chip(annPage, "Ship it on Friday?", "👍")).toHaveAttribute("aria-pressed", "true");
  await expect(chip(benPage, "Ship it on Friday?", "👍")).toHaveText("👍2");
  await chip(benPage, "Ship it on Friday?", "👍").hover();
  const tooltip = message(benPage, "Ship it on Friday?").getByRole("tooltip");
  await expect(tooltip).toContainText(ann.username);
  await expect(tooltip).toContainText(ben.username);
  await expect(tooltip).toContainText("reacted with 👍");

  // A bot reacts through REST: both pages show its chip.
  await bot.rest(
    "PUT",
    `/channels/${guild.channelId}/messages/${await message(annPage, "Ship it on Friday?").getAttribute("data-message-id")}/reactions/${encodeURIComponent("🎉")}/@me`,
  );
  await expect(chip(annPage, "Ship it on Friday?", "🎉")).toHaveText("🎉1");
  await expect(chip(benPage, "Ship it on Friday?", "🎉")).toHaveAttribute("aria-pressed", "false");

  // Ben takes his back: Ann sees 1 again.
  await chip(benPage, "Ship it on Friday?", "👍").click();
  await expect(chip(benPage, "Ship it on Friday?", "👍")).toHaveAttribute("aria-pressed", "false");
  await expect(chip(annPage, "Ship it on Friday?", "👍")).toHaveText("👍1");
  await screen(annPage, "reaction-chips");

  // `:` autocomplete in the composer: Enter inserts the emoji, Tab a custom one's tag.
  await composer(annPage).pressSequentially("Party :tad");
  const suggestions = annPage.getByRole("listbox", { name: "Emoji suggestions" });
  await expect(suggestions.getByRole("option").first()).toContainText(":tada:");
  await composer(annPage).press("Enter");
  await expect(composer(annPage)).toHaveValue("Party 🎉 ");
  await composer(annPage).pressSequentially(":partyb");
  await expect(suggestions.getByRole("option").first()).toContainText(":partyblob:");
  await composer(annPage).press("Tab");
  await expect(composer(annPage)).toHaveValue(`Party 🎉 <:partyblob:${blob.id}> `);
  await composer(annPage).press("Enter");
  await expect(message(benPage, "Party 🎉").getByTestId("custom-emoji")).toHaveAttribute(
    "data-emoji-id",
    String(blob.id),
  );
});

test("pins: Ann pins Ben's message, everyone sees the system row and the pins list live; Ben may not pin; a bot's pin shows too", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const guild = await guildWith(service, ann, "Pin Board", [ben]);
  const bot = await moderatorBot(service, ann, guild.guildId, "Pin Bot");
  const annPage = await people.open(ann, guild.path);
  const benPage = await people.open(ben, guild.path);
  await live(annPage);
  await live(benPage);
  await sendMessage(benPage, "general", "The wifi password is on the fridge");
  await sendMessage(benPage, "general", "Bring slippers");
  await expectAllSent(benPage);
  await expect(message(annPage, "Bring slippers")).toBeVisible();

  // Nothing pinned yet: the list says so for a person.
  await benPage.getByRole("button", { name: "Pinned messages" }).click();
  const panel = benPage.getByRole("dialog", { name: "Pinned messages" });
  await expect(panel.getByTestId("pins-empty")).toContainText("No pinned messages yet");
  await benPage.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);

  // Ben holds no Pin Messages: no Pin in his menu.
  await message(benPage, "The wifi password").getByTestId("message-content").click({ button: "right" });
  const benMenu = benPage.getByRole("menu", { name: "Message actions" });
  await expect(benMenu.getByRole("menuitem", { name: "Reply" })).toBeVisible();
  await expect(benMenu.getByRole("menuitem", { name: "Pin message" })).toHaveCount(0);
  await benPage.keyboard.press("Escape");

  // Ann pins it from the menu: a system row on both pages, and Ben's list has it.
  await message(annPage, "The wifi password").getByTestId("message-content").click({ button: "right" });
  await annPage.getByRole("menu", { name: "Message actions" }).getByRole("menuitem", { name: "Pin message" }).click();
  for (const page of [annPage, benPage])
    await expect(page.getByTestId("system-message")).toHaveText(
      new RegExp(`^${ann.username} pinned a message to this channel\\.`),
    );
  await benPage.getByRole("button", { name: "Pinned messages" }).click();
  await expect(panel.getByTestId("pinned-message")).toHaveCount(1);
  await expect(panel.getByTestId("pinned-message")).toContainText("The wifi password is on the fridge");
  expect(await axeViolations(benPage)).toEqual([]);
  await screen(benPage, "pins-list");

  // A click jumps to the message.
  await panel.getByTestId("pinned-message").click();
  await expect(panel).toHaveCount(0);
  await expect(message(benPage, "The wifi password")).toHaveAttribute("data-highlighted", "true");

  // The bot pins the other one through REST: a second row, and the open list follows.
  await benPage.getByRole("button", { name: "Pinned messages" }).click();
  const slippersId = await message(annPage, "Bring slippers").getAttribute("data-message-id");
  await bot.rest("PUT", `/channels/${guild.channelId}/messages/pins/${slippersId}`);
  await expect(benPage.getByTestId("system-message")).toHaveCount(2);
  await expect(benPage.getByTestId("system-message").last()).toContainText(/Pin.?Bot pinned a message/i);
  await expect(panel.getByTestId("pinned-message")).toHaveCount(2);
  await expect(panel.getByTestId("pinned-message").first()).toContainText("Bring slippers");
  await benPage.setViewportSize(PHONE);
  await screen(benPage, "pins-list-phone");
  await benPage.setViewportSize({ width: 1280, height: 720 });
  await benPage.keyboard.press("Escape");

  // Ann unpins: the menu says Unpin, and Ben's list follows.
  await message(annPage, "The wifi password").getByTestId("message-content").click({ button: "right" });
  await annPage.getByRole("menu", { name: "Message actions" }).getByRole("menuitem", { name: "Unpin message" }).click();
  await benPage.getByRole("button", { name: "Pinned messages" }).click();
  await expect(panel.getByTestId("pinned-message")).toHaveCount(1);
  await expect(panel.getByTestId("pinned-message")).toContainText("Bring slippers");
  await screen(annPage, "pins-system-rows");
});
