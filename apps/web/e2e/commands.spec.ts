import { axeViolations } from "./support/axe";
import { expect, guildWith, live, moderatorBot, PHONE, type Someone, test } from "./support/live-people";
import { screen } from "./support/people";

/**
 * People's side of application commands and message components (issue 12): the `/` picker,
 * the options form and its checks, the Apps menus, buttons and selects of bot messages and
 * the confirmation before a link button leaves the app.
 */

/** A bot "Helper" in the guild with slash, user and message commands registered as its own. */
async function helperWithCommands(service: Parameters<typeof guildWith>[0], owner: Someone, guildId: string) {
  const bot = await moderatorBot(service, owner, guildId, "Helper");
  const app = (await bot.rest("GET", "/applications/@me")) as { id: string };
  await bot.rest("PUT", `/applications/${app.id}/commands`, [
    {
      name: "remind",
      description: "Set a reminder",
      options: [
        { type: 4, name: "minutes", description: "In how many minutes", required: true, min_value: 1, max_value: 600 },
        { type: 3, name: "note", description: "What to remember", min_length: 2, max_length: 20 },
        {
          type: 3,
          name: "tone",
          description: "How to remind you",
          choices: [
            { name: "Gentle", value: "gentle" },
            { name: "Loud", value: "loud" },
          ],
        },
        { type: 7, name: "where", description: "Where to post it", channel_types: [0] },
      ],
    },
    { name: "ping", description: "Check the bot is there" },
    {
      name: "config",
      description: "Settings",
      options: [
        {
          type: 1,
          name: "show",
          description: "Show the settings",
          options: [{ type: 5, name: "all", description: "Every setting" }],
        },
      ],
    },
    { type: 2, name: "High five" },
    { type: 3, name: "Quote" },
  ]);
  return { bot, applicationId: app.id };
}

test("typing / opens the command picker; keyboard only, a command's options are filled and checked before sending", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const guild = await guildWith(service, ann, "Command Lab");
  await helperWithCommands(service, ann, guild.guildId);
  const page = await people.open(ann, guild.path);
  await live(page);

  const box = page.getByRole("textbox", { name: "Message #general" });
  await box.focus();
  await page.keyboard.type("/");
  const picker = page.getByRole("listbox", { name: "Commands" });
  await expect(picker).toBeVisible();
  await expect(picker.getByRole("group", { name: "Helper" })).toBeVisible();
  await expect(picker.getByRole("option")).toHaveText([/^\/config show/, /^\/ping/, /^\/remind/]);
  await expect(picker.getByRole("option", { name: /remind/ })).toContainText("Set a reminder");
  // The first entry is active; the composer points at it (combobox pattern), arrows move it.
  await expect(picker.getByRole("option", { selected: true })).toHaveText(/^\/config show/);
  await page.keyboard.press("ArrowDown");
  await expect(picker.getByRole("option", { selected: true })).toHaveText(/^\/ping/);
  await expect(box).toHaveAttribute(
    "aria-activedescendant",
    (await picker.getByRole("option", { selected: true }).getAttribute("id")) ?? "",
  );
  await expect.poll(() => axeViolations(page)).toEqual([]);
  await screen(page, "command-picker");

  // Filtered as they type; Escape closes it for that text.
  await page.keyboard.type("rem");
  await expect(picker.getByRole("option")).toHaveText([/^\/remind/]);
  await page.keyboard.press("Escape");
  await expect(picker).toHaveCount(0);
  await page.keyboard.press("Backspace");
  await expect(picker.getByRole("option")).toHaveText([/^\/remind/]);

  // Tab picks: the options form takes the composer's place, required option first and focused.
  await page.keyboard.press("Tab");
  const form = page.getByRole("form", { name: "/remind" });
  await expect(form).toBeVisible();
  await expect(form.getByTestId(/^option-/)).toHaveCount(4);
  await expect(form.getByTestId(/^option-/).first()).toHaveAttribute("data-testid", "option-minutes");
  const minutes = form.getByRole("textbox", { name: /minutes/ });
  await expect(minutes).toBeFocused();
  await expect(form.getByText("A whole number, 1–600")).toBeVisible();
  await expect(form.getByRole("radiogroup", { name: /tone/ }).getByRole("radio")).toHaveCount(2);
  await expect(form.getByRole("combobox", { name: /where/ })).toBeVisible();

  // Enter sends: nothing filled, so the form says what is missing and keeps focus on it.
  await page.keyboard.press("Enter");
  await expect(form.getByRole("alert")).toHaveText("One option needs fixing before the command can be sent.");
  await expect(form.getByText("Fill in minutes: it is required.")).toBeVisible();
  await expect(minutes).toHaveAttribute("aria-invalid", "true");
  await expect(minutes).toBeFocused();

  await page.keyboard.type("0");
  await page.keyboard.press("Enter");
  await expect(form.getByText("minutes must be at least 1.")).toBeVisible();
  await minutes.fill("");
  await page.keyboard.type("2.5");
  await page.keyboard.press("Enter");
  await expect(form.getByText("minutes must be a whole number.")).toBeVisible();
  await minutes.fill("");
  await page.keyboard.type("601");
  await page.keyboard.press("Enter");
  await expect(form.getByText("minutes must be at most 600.")).toBeVisible();
  await minutes.fill("");
  await page.keyboard.type("15");
  await expect(form.getByText(/minutes must/)).toHaveCount(0);

  // Tab on to the note: too short.
  await page.keyboard.press("Tab");
  await expect(form.getByRole("textbox", { name: /note/ })).toBeFocused();
  await page.keyboard.type("x");
  await page.keyboard.press("Enter");
  await expect(form.getByText("note needs at least 2 characters (now 1).")).toBeVisible();
  await expect(form.getByRole("textbox", { name: /note/ })).toBeFocused();
  await expect.poll(() => axeViolations(page)).toEqual([]);
  await screen(page, "command-form-errors");
  await page.setViewportSize(PHONE);
  await screen(page, "command-form-errors-phone");
  await page.setViewportSize({ width: 1440, height: 900 });

  // Escape goes back to the message box.
  await page.keyboard.press("Escape");
  await expect(form).toHaveCount(0);
  await expect(box).toBeFocused();
  await expect(box).toHaveValue("");
});

test("a message's and a member's context menus have an Apps entry with the message and user commands", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const guild = await guildWith(service, ann, "Menu Lab");
  const { bot } = await helperWithCommands(service, ann, guild.guildId);
  await bot.rest("POST", `/channels/${guild.channelId}/messages`, { content: "Something worth quoting" });
  const page = await people.open(ann, guild.path);
  await live(page);
  const message = page.getByTestId("message").filter({ hasText: "Something worth quoting" });

  // Right-click opens the message's menu at the pointer.
  await message.getByTestId("message-content").click({ button: "right" });
  const menu = page.getByRole("menu", { name: "Message actions" });
  await expect(menu).toBeVisible();
  // The message's own entries first (a bot's message: Delete, as Ann owns the guild, the copies, reply, reaction, pin, link and thread), then Apps.
  await expect(menu.getByRole("menuitem")).toHaveText([
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
  await page.keyboard.press("End");
  await expect(menu.getByRole("menuitem", { name: "Apps" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  const apps = page.getByRole("menu", { name: "Apps" });
  await expect(apps.getByRole("menuitem")).toHaveText([/^Quote\s*Helper/]);
  await expect(apps.getByRole("menuitem").first()).toBeFocused();
  await expect.poll(() => axeViolations(page)).toEqual([]);
  await screen(page, "message-apps-menu");
  await page.keyboard.press("ArrowLeft");
  await expect(apps).toHaveCount(0);
  await expect(menu.getByRole("menuitem", { name: "Apps" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);

  // The "…" button does the same, for keyboard and touch.
  const more = message.getByRole("button", { name: "More actions for this message" });
  await more.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toBeVisible();
  await expect(more).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(more).toBeFocused();

  // Right-clicking the author's name opens the member's menu: user commands on them (a click opens their profile card).
  await message.getByRole("button", { name: "Helper" }).click({ button: "right" });
  const memberMenu = page.getByRole("menu", { name: "Actions for Helper" });
  await memberMenu.getByRole("menuitem", { name: "Apps" }).click();
  await expect(page.getByRole("menu", { name: "Apps" }).getByRole("menuitem")).toHaveText([/^High five\s*Helper/]);
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
  await expect(memberMenu).toHaveCount(0);

  // And a member of the member list, by right-click.
  await page
    .getByRole("complementary", { name: "Members" })
    .getByTestId("member")
    .filter({ hasText: "Helper" })
    .click({ button: "right" });
  await expect(page.getByRole("menu", { name: "Actions for Helper" })).toBeVisible();
});

test("a bot's buttons and selects are shown with their styles, emoji, disabled state and placeholders; a link asks before leaving", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const guild = await guildWith(service, ann, "Button Lab");
  const bot = await moderatorBot(service, ann, guild.guildId, "Helper");
  const away = `${service.apiUrl}/gateway?from=button`;
  await bot.rest("POST", `/channels/${guild.channelId}/messages`, {
    content: "Vote for lunch",
    components: [
      {
        type: 1,
        components: [
          { type: 2, style: 1, label: "Pizza", custom_id: "pizza", emoji: { name: "🍕" } },
          { type: 2, style: 2, label: "Salad", custom_id: "salad" },
          { type: 2, style: 3, label: "Soup", custom_id: "soup" },
          { type: 2, style: 4, label: "Skip", custom_id: "skip", disabled: true },
          { type: 2, style: 5, label: "Menu", url: away },
        ],
      },
      {
        type: 1,
        components: [
          {
            type: 3,
            custom_id: "sides",
            placeholder: "Pick up to two sides",
            min_values: 1,
            max_values: 2,
            options: [
              { label: "Fries", value: "fries", description: "Crispy and salted" },
              { label: "Bread", value: "bread", emoji: { name: "🥖" } },
              { label: "Olives", value: "olives" },
            ],
          },
        ],
      },
      {
        type: 1,
        components: [{ type: 5, custom_id: "who", placeholder: "Who is coming?", max_values: 3, min_values: 0 }],
      },
    ],
  });
  const page = await people.open(ann, guild.path);
  await live(page);
  const message = page.getByTestId("message").filter({ hasText: "Vote for lunch" });
  const components = message.getByTestId("message-components");

  await expect(components.getByRole("button", { name: "Pizza" })).toContainText("🍕");
  await expect(components.getByRole("button", { name: "Salad" })).toBeEnabled();
  await expect(components.getByRole("button", { name: "Skip" })).toBeDisabled();
  await expect(components.getByRole("button", { name: /^Menu \(opens/ })).toBeEnabled();
  const sides = components.getByRole("button", { name: "Pick up to two sides" });
  await expect(sides).toHaveAttribute("aria-haspopup", "listbox");
  await expect(components.getByRole("button", { name: "Who is coming?" })).toBeVisible();

  // The string select's options with their descriptions and emoji; a multi-select says how many.
  await sides.click();
  const list = page.getByRole("listbox", { name: "Pick up to two sides" });
  await expect(list).toBeFocused();
  await expect(list).toHaveAttribute("aria-multiselectable", "true");
  await expect(list.getByRole("option")).toHaveText([/Fries\s*Crispy and salted/, /🥖\s*Bread/, /Olives/]);
  await expect(page.getByText("Choose 1–2 · 0 chosen")).toBeVisible();
  await expect(page.getByRole("button", { name: "Choose", exact: true })).toBeDisabled();
  await page.keyboard.press("Space");
  await expect(list.getByRole("option", { name: /Fries/ })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("button", { name: "Choose", exact: true })).toBeEnabled();
  await expect.poll(() => axeViolations(page)).toEqual([]);
  await screen(page, "message-components-select");
  await page.keyboard.press("Escape");
  await expect(list).toHaveCount(0);
  await expect(sides).toBeFocused();

  // The user select lists the guild's members.
  await components.getByRole("button", { name: "Who is coming?" }).click();
  await expect(
    page.getByRole("listbox", { name: "Who is coming?" }).getByRole("option", { name: new RegExp(ann.username) }),
  ).toBeVisible();
  await page.keyboard.press("Escape");

  // A link button: "You are leaving …" first; Go back stays, Visit site opens it in a new tab.
  await components.getByRole("button", { name: /^Menu/ }).click();
  const dialog = page.getByRole("dialog", { name: `You are leaving ${new URL(away).host}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("leaving-url")).toHaveText(away);
  await expect.poll(() => axeViolations(page)).toEqual([]);
  await screen(page, "leaving-dialog");
  await dialog.getByRole("button", { name: "Go back" }).click();
  await expect(dialog).toHaveCount(0);
  await components.getByRole("button", { name: /^Menu/ }).click();
  const popup = page.waitForEvent("popup");
  await dialog.getByRole("button", { name: "Visit site" }).click();
  expect((await popup).url()).toBe(away);

  await expect.poll(() => axeViolations(page)).toEqual([]);
  await screen(page, "message-components");
  await page.setViewportSize(PHONE);
  await screen(page, "message-components-phone");
});
