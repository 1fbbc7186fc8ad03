import type { Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { expect, guildWith, live, PHONE, test } from "./support/live-people";
import { expectAllSent, messages, screen, sendMessage } from "./support/people";
import { longPress } from "./support/touch";

/** Administrator, for a bot that reacts. */
const ADMINISTRATOR = 8n;

/** The message whose text is `text`, in the page's message log. */
function message(page: Page, text: string | RegExp) {
  return page
    .getByRole("log")
    .getByTestId("message")
    .filter({ has: page.getByTestId("message-content").filter({ hasText: text }) });
}

function toolbar(page: Page, text: string | RegExp) {
  return message(page, text).getByRole("toolbar", { name: "Message actions" });
}

function composer(page: Page) {
  return page.getByRole("textbox", { name: "Message #general" });
}

test("Ann edits from the toolbar and with ArrowUp, Escape cancels, and Ben sees each edit live with “(edited)”", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const guild = await guildWith(service, ann, "Edit Lounge", [ben]);
  const annPage = await people.open(ann, guild.path);
  const benPage = await people.open(ben, guild.path);
  await live(annPage);
  await live(benPage);

  await sendMessage(annPage, "general", "Lunch at noon");
  await sendMessage(annPage, "general", "See you there");
  await expectAllSent(annPage);
  await expect(messages(benPage)).toHaveText(["Lunch at noon", "See you there"]);

  // The toolbar shows on hover, with Edit and Delete on her own message.
  const annTools = toolbar(annPage, "Lunch at noon");
  await expect(annTools).toHaveCSS("opacity", "0");
  await message(annPage, "Lunch at noon").hover();
  await expect(annTools).toHaveCSS("opacity", "1");
  await expect(annTools.getByRole("button")).toHaveCount(5);
  for (const name of ["Add reaction", "Reply", "Edit message", "Delete message", "More actions for this message"])
    await expect(annTools.getByRole("button", { name })).toBeVisible();
  expect(await axeViolations(annPage)).toEqual([]);
  await annTools.getByRole("button", { name: "Edit message" }).click();
  const editor = annPage.getByRole("textbox", { name: "Edit message" });
  await expect(editor).toBeFocused();
  await expect(editor).toHaveValue("Lunch at noon");
  await screen(annPage, "message-edit");
  await editor.fill("Lunch at one");
  await editor.press("Enter");
  await expect(editor).toHaveCount(0);
  await expect(messages(annPage)).toHaveText(["Lunch at one(edited)", "See you there"]);
  await expect(messages(benPage)).toHaveText(["Lunch at one(edited)", "See you there"]);
  await expect(composer(annPage)).toBeFocused();

  // ArrowUp in the empty composer edits her last message; Escape leaves it as it was.
  await composer(annPage).press("ArrowUp");
  await expect(editor).toBeFocused();
  await expect(editor).toHaveValue("See you there");
  await editor.fill("Never mind");
  await editor.press("Escape");
  await expect(editor).toHaveCount(0);
  await expect(composer(annPage)).toBeFocused();
  await expect(messages(annPage)).toHaveText(["Lunch at one(edited)", "See you there"]);

  // Shift+Enter adds a line; Enter saves.
  await composer(annPage).press("ArrowUp");
  await editor.fill("See you");
  await editor.press("Shift+Enter");
  await editor.pressSequentially("at one");
  await expect(editor).toHaveValue("See you\nat one");
  await editor.press("Enter");
  await expect(messages(benPage)).toHaveText(["Lunch at one(edited)", "See you\nat one(edited)"]);
  await expect(message(benPage, "See you").getByTestId("message-edited")).toHaveText("(edited)");

  // Nothing left is refused in plain words, and the message stays.
  await composer(annPage).press("ArrowUp");
  await editor.fill("   ");
  await editor.press("Enter");
  await expect(
    annPage.getByRole("alert").filter({ hasText: "A message can’t be empty. To remove it, delete it instead." }),
  ).toBeVisible();
  await editor.press("Escape");
  await expect(messages(benPage)).toHaveText(["Lunch at one(edited)", "See you\nat one(edited)"]);

  // Ben has no Edit or Delete on Ann's message, in the toolbar or in its menu.
  await message(benPage, "Lunch at one").hover();
  const benTools = toolbar(benPage, "Lunch at one");
  await expect(benTools).toHaveCSS("opacity", "1");
  await expect(benTools.getByRole("button")).toHaveCount(3);
  await expect(benTools.getByRole("button", { name: "More actions for this message" })).toBeVisible();
  await benTools.getByRole("button", { name: "More actions for this message" }).click();
  const benMenu = benPage.getByRole("menu", { name: "Message actions" });
  await expect(benMenu.getByRole("menuitem")).toHaveText([
    "Copy text",
    "Copy message ID",
    "Reply",
    "Add reaction",
    "Copy message link",
    "Create thread",
    /^Apps/,
  ]);
  await benPage.keyboard.press("Escape");
  await expect(benMenu).toHaveCount(0);

  // What Ben sees live is what a reload shows.
  await benPage.reload();
  await expect(messages(benPage)).toHaveText(["Lunch at one(edited)", "See you\nat one(edited)"]);
});

test("Ann deletes after confirming and with Shift-click, and the messages vanish from Ben's page live", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const guild = await guildWith(service, ann, "Delete Den", [ben]);
  const annPage = await people.open(ann, guild.path);
  const benPage = await people.open(ben, guild.path);
  await live(annPage);
  await live(benPage);

  for (const text of ["Typo one", "Typo two", "Keeper"]) await sendMessage(annPage, "general", text);
  await expectAllSent(annPage);
  await expect(messages(benPage)).toHaveText(["Typo one", "Typo two", "Keeper"]);

  // Delete asks first; Escape closes the question and keeps the message.
  await message(annPage, "Typo one").hover();
  const deleteButton = toolbar(annPage, "Typo one").getByRole("button", { name: "Delete message" });
  await deleteButton.click();
  const dialog = annPage.getByRole("dialog", { name: "Delete message" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Typo one");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  // Focus stays in the dialog: Tab goes round its two buttons.
  await annPage.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Delete" })).toBeFocused();
  await annPage.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(messages(annPage)).toHaveText(["Typo one", "Typo two", "Keeper"]);

  await message(annPage, "Typo one").hover();
  await deleteButton.click();
  await expect(dialog).toBeVisible();
  expect(await axeViolations(annPage)).toEqual([]);
  await screen(annPage, "message-delete-dialog");
  await annPage.setViewportSize(PHONE);
  await screen(annPage, "message-delete-dialog-phone");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(dialog).toBeHidden();
  await expect(messages(annPage)).toHaveText(["Typo two", "Keeper"]);
  await expect(messages(benPage)).toHaveText(["Typo two", "Keeper"]);

  // Holding Shift deletes at once.
  await annPage.setViewportSize({ width: 1280, height: 720 });
  await message(annPage, "Typo two").hover();
  await toolbar(annPage, "Typo two")
    .getByRole("button", { name: "Delete message" })
    .click({ modifiers: ["Shift"] });
  await expect(dialog).toBeHidden();
  await expect(messages(annPage)).toHaveText(["Keeper"]);
  await expect(messages(benPage)).toHaveText(["Keeper"]);

  await benPage.reload();
  await expect(messages(benPage)).toHaveText(["Keeper"]);
});

test("with Manage Messages Ben deletes Ann's messages (toolbar, menu, Shift-click) and they vanish from her page live; without it he has no Delete", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const guild = await guildWith(service, ann, "Mod Desk", [ben]);
  const annPage = await people.open(ann, guild.path);
  const benPage = await people.open(ben, guild.path);
  await live(annPage);
  await live(benPage);
  for (const text of ["Spam one", "Spam two", "Spam three", "Welcome all"]) await sendMessage(annPage, "general", text);
  await expectAllSent(annPage);
  await expect(messages(benPage)).toHaveText(["Spam one", "Spam two", "Spam three", "Welcome all"]);

  // A member without Manage Messages: no Delete on Ann's message, in the toolbar or the menu.
  await message(benPage, "Spam one").hover();
  const benTools = toolbar(benPage, "Spam one");
  await expect(benTools.getByRole("button", { name: "More actions for this message" })).toBeVisible();
  await expect(benTools.getByRole("button", { name: "Delete message" })).toHaveCount(0);
  await message(benPage, "Spam one").getByTestId("message-content").click({ button: "right" });
  const benMenu = benPage.getByRole("menu", { name: "Message actions" });
  await expect(benMenu.getByRole("menuitem").first()).toBeFocused();
  await expect(benMenu.getByRole("menuitem", { name: "Delete message" })).toHaveCount(0);
  await benPage.keyboard.press("Escape");

  // Ann makes him a moderator; his page learns it live and offers Delete on her messages.
  const { domain } = await service.domain();
  const moderator = (await domain.roles.create(ann.id, BigInt(guild.guildId), {
    name: "Moderator",
    permissions: "8192",
  })) as { id: string };
  await domain.memberRoles.addRole(ann.id, BigInt(guild.guildId), ben.id, BigInt(moderator.id));
  await message(benPage, "Spam one").hover();
  await expect(benTools.getByRole("button", { name: "Delete message" })).toBeVisible();
  await expect(benTools.getByRole("button", { name: "Edit message" })).toHaveCount(0);
  expect(await axeViolations(benPage)).toEqual([]);

  // From the toolbar, after confirming.
  await benTools.getByRole("button", { name: "Delete message" }).click();
  const dialog = benPage.getByRole("dialog", { name: "Delete message" });
  await expect(dialog).toContainText("Spam one");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(dialog).toBeHidden();
  await expect(messages(benPage)).toHaveText(["Spam two", "Spam three", "Welcome all"]);
  await expect(messages(annPage)).toHaveText(["Spam two", "Spam three", "Welcome all"]);

  // From the message menu.
  await message(benPage, "Spam two").getByTestId("message-content").click({ button: "right" });
  await benMenu.getByRole("menuitem", { name: "Delete message" }).click();
  await expect(dialog).toContainText("Spam two");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(messages(annPage)).toHaveText(["Spam three", "Welcome all"]);

  // Shift-click deletes at once.
  await message(benPage, "Spam three").hover();
  await toolbar(benPage, "Spam three")
    .getByRole("button", { name: "Delete message" })
    .click({ modifiers: ["Shift"] });
  await expect(dialog).toBeHidden();
  await expect(messages(benPage)).toHaveText(["Welcome all"]);
  await expect(messages(annPage)).toHaveText(["Welcome all"]);

  // Without the role again, his page stops offering Delete on her messages, live.
  await domain.memberRoles.removeRole(ann.id, BigInt(guild.guildId), ben.id, BigInt(moderator.id));
  await message(benPage, "Welcome all").hover();
  await expect(toolbar(benPage, "Welcome all").getByRole("button", { name: "Delete message" })).toHaveCount(0);
  await benPage.reload();
  await expect(messages(benPage)).toHaveText(["Welcome all"]);
  await message(benPage, "Welcome all").hover();
  await expect(
    toolbar(benPage, "Welcome all").getByRole("button", { name: "More actions for this message" }),
  ).toBeVisible();
  await expect(toolbar(benPage, "Welcome all").getByRole("button", { name: "Delete message" })).toHaveCount(0);
});

test("the message menu opens by right-click, from the keyboard and by a long press on a touch screen, moves with the arrow keys, edits and copies; on touch a tap toggles a reaction and a long press says who reacted", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const guild = await guildWith(service, ann, "Menu Corner");
  const annPage = await people.open(ann, guild.path, { permissions: ["clipboard-read", "clipboard-write"] });
  await live(annPage);
  await sendMessage(annPage, "general", "Right-click me");
  await expectAllSent(annPage);

  // Right-click: the menu at the pointer, its first item focused.
  await message(annPage, "Right-click me").getByTestId("message-content").click({ button: "right" });
  const menu = annPage.getByRole("menu", { name: "Message actions" });
  await expect(menu).toBeVisible();
  const items = menu.getByRole("menuitem");
  await expect(items).toHaveText([
    "Edit message",
    "Delete message",
    "Copy text",
    "Copy message ID",
    "Reply",
    "Add reaction",
    "Pin message",
    "Copy message link",
    "Create thread",
    /^Apps/,
  ]);
  await expect(items.first()).toBeFocused();
  await annPage.keyboard.press("ArrowDown");
  await expect(items.nth(1)).toBeFocused();
  await annPage.keyboard.press("End");
  await expect(items.last()).toBeFocused();
  expect(await axeViolations(annPage)).toEqual([]);
  await screen(annPage, "message-menu");
  await annPage.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  // Escape gives focus back to the message's "…" button.
  await expect(
    toolbar(annPage, "Right-click me").getByRole("button", { name: "More actions for this message" }),
  ).toBeFocused();

  // From the keyboard: focus on the "…" button shows the toolbar; Enter opens the menu.
  const more = toolbar(annPage, "Right-click me").getByRole("button", { name: "More actions for this message" });
  await annPage.mouse.move(0, 0);
  await composer(annPage).focus();
  await expect(toolbar(annPage, "Right-click me")).toHaveCSS("opacity", "0");
  await more.focus();
  await expect(toolbar(annPage, "Right-click me")).toHaveCSS("opacity", "1");
  await annPage.keyboard.press("ArrowLeft");
  await expect(toolbar(annPage, "Right-click me").getByRole("button", { name: "Delete message" })).toBeFocused();
  await annPage.keyboard.press("ArrowRight");
  await expect(more).toBeFocused();
  await annPage.keyboard.press("Enter");
  await expect(items.first()).toBeFocused();
  await annPage.keyboard.press("ArrowDown");
  await annPage.keyboard.press("ArrowDown");
  await expect(items.nth(2)).toHaveText("Copy text");
  await expect(items.nth(2)).toBeFocused();
  await annPage.keyboard.press("Enter");
  await expect(menu).toHaveCount(0);
  await expect.poll(() => annPage.evaluate(() => navigator.clipboard.readText())).toBe("Right-click me");

  const id = await message(annPage, "Right-click me").getAttribute("data-message-id");
  await more.focus();
  await annPage.keyboard.press("Enter");
  await annPage.keyboard.press("End");
  for (let i = 0; i < 6; i++) await annPage.keyboard.press("ArrowUp");
  await expect(items.nth(3)).toHaveText("Copy message ID");
  await expect(items.nth(3)).toBeFocused();
  await annPage.keyboard.press("Enter");
  await expect.poll(() => annPage.evaluate(() => navigator.clipboard.readText())).toBe(id);

  // Edit from the menu.
  await more.focus();
  await annPage.keyboard.press("Enter");
  await annPage.keyboard.press("Enter");
  const editor = annPage.getByRole("textbox", { name: "Edit message" });
  await expect(editor).toBeFocused();
  await editor.fill("Edited from the menu");
  await editor.press("Enter");
  await expect(messages(annPage)).toHaveText(["Edited from the menu(edited)"]);

  // At phone width, with the toolbar shown.
  await annPage.setViewportSize(PHONE);
  await message(annPage, "Edited from the menu").hover();
  await expect(toolbar(annPage, "Edited from the menu")).toHaveCSS("opacity", "1");
  await screen(annPage, "message-toolbar-phone");

  // On a touch screen: a tap on a reaction chip toggles mine, a long press on it says who reacted
  // (without toggling), and a long press on the message opens the same menu as a right-click.
  const { domain } = await service.domain();
  const app = await domain.applications.create(ann.id, "Cheer Bot");
  await domain.members.addBot(ann.id, BigInt(guild.guildId), app.application.id, ADMINISTRATOR);
  await domain.reactions.add(BigInt(guild.channelId), BigInt(id as string), "🎉", app.botUser.id);
  const phone = await people.open(ann, guild.path, { phone: true });
  await live(phone);
  const touched = message(phone, "Edited from the menu");
  const chip = touched.getByTestId("reaction-chip");
  await expect(chip).toHaveText("🎉1");
  await chip.tap();
  await expect(chip).toHaveAttribute("aria-pressed", "true");
  await expect(chip).toHaveText("🎉2");
  await longPress(phone, chip);
  await expect(touched.getByTestId("reactors-tooltip")).toBeVisible();
  await expect(touched.getByTestId("reactors-tooltip")).toContainText("Cheer Bot");
  await expect(touched.getByTestId("reactors-tooltip")).toContainText(`${ann.username}`);
  await expect(chip).toHaveAttribute("aria-pressed", "true");
  await expect(phone.getByRole("menu")).toHaveCount(0);
  await chip.tap();
  await expect(chip).toHaveAttribute("aria-pressed", "false");
  await expect(chip).toHaveText("🎉1");

  await longPress(phone, touched.getByTestId("message-content"));
  const touchMenu = phone.getByRole("menu", { name: "Message actions" });
  await expect(touchMenu.getByRole("menuitem")).toHaveText([
    "Edit message",
    "Delete message",
    "Copy text",
    "Copy message ID",
    "Reply",
    "Add reaction",
    "Pin message",
    "Copy message link",
    "Create thread",
    /^Apps/,
  ]);
  await expect(touchMenu).toBeInViewport({ ratio: 1 });
  expect(await axeViolations(phone)).toEqual([]);
  await screen(phone, "message-menu-touch");
  await touchMenu.getByRole("menuitem", { name: "Reply" }).tap();
  await expect(touchMenu).toHaveCount(0);
  await expect(phone.getByText(/Replying to/)).toBeVisible();
});
