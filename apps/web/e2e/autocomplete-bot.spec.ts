import type { Interaction, RESTPostAPIApplicationCommandsJSONBody } from "discord.js";
import { axeViolations } from "./support/axe";
import { messageWith, pickCommand, startDiscordJsBot } from "./support/discordjs-bot";
import { expect, guildWith, live, PHONE, type Someone, test } from "./support/live-people";
import { screen } from "./support/people";

/**
 * Autocomplete with an unmodified discord.js 14 bot (issue 13): the choices under an option
 * depend on what is typed, the person picks one by its name and the bot receives its value; a
 * bot that never answers shows "Loading options failed" and the typed value can still be sent.
 */

const FRUITS = [
  { name: "Apple (red)", value: "apple" },
  { name: "Apricot (orange)", value: "apricot" },
  { name: "Banana (yellow)", value: "banana" },
  { name: "Blueberry (blue)", value: "blueberry" },
  { name: "Cherry (red)", value: "cherry" },
  { name: "Coconut (brown)", value: "coconut" },
];

/** What the bot was asked for, in order (each autocomplete's focused value). */
const asked: string[] = [];

const COMMANDS: RESTPostAPIApplicationCommandsJSONBody[] = [
  {
    name: "fruit",
    description: "Pick a fruit",
    options: [{ type: 3, name: "kind", description: "Which fruit", required: true, autocomplete: true }],
  },
  {
    name: "topic",
    description: "Set a topic",
    options: [{ type: 3, name: "subject", description: "About what", required: true, autocomplete: true }],
  },
];

/** The bot: choices for `fruit` starting with what is typed (slowly for "c"); `topic`'s suggestions never come. */
async function answer(interaction: Interaction): Promise<void> {
  if (interaction.isAutocomplete()) {
    if (interaction.commandName !== "fruit") return;
    const focused = interaction.options.getFocused(true);
    const typed = String(focused.value).toLowerCase();
    asked.push(typed);
    if (typed === "c") await new Promise((r) => setTimeout(r, 1_500));
    await interaction.respond(FRUITS.filter((f) => f.value.startsWith(typed)));
    return;
  }
  if (interaction.isChatInputCommand()) {
    if (interaction.commandName === "fruit")
      await interaction.reply(`The bot got ${interaction.options.getString("kind", true)}`);
    if (interaction.commandName === "topic")
      await interaction.reply(`Topic set: ${interaction.options.getString("subject", true)}`);
  }
}

function startBot(service: Parameters<typeof guildWith>[0], owner: Someone, guildId: string) {
  return startDiscordJsBot(service, owner, guildId, { name: "Picker", commands: COMMANDS, answer });
}

test.describe("autocomplete with a discord.js bot", () => {
  test("keyboard only: the choices follow what is typed; the person sees the chosen name, the bot gets its value", async ({
    people,
    service,
  }) => {
    const ann = await people.get("ann");
    const guild = await guildWith(service, ann, "Fruit Stand");
    const bot = await startBot(service, ann, guild.guildId);
    try {
      const page = await people.open(ann, guild.path);
      await live(page);
      await pickCommand(page, "fruit");
      const kind = page.getByRole("combobox", { name: /kind/ });
      await expect(kind).toBeFocused();
      const choices = page.getByRole("listbox", { name: "Options for kind" });
      // Focused and empty: every fruit.
      await expect(choices.getByRole("option")).toHaveCount(FRUITS.length);
      await page.keyboard.type("ap");
      await expect(choices.getByRole("option")).toHaveText(["Apple (red)", "Apricot (orange)"]);
      await page.keyboard.type("r");
      await expect(choices.getByRole("option")).toHaveText(["Apricot (orange)"]);
      await page.keyboard.press("Backspace");
      await page.keyboard.press("Backspace");
      await page.keyboard.press("Backspace");
      await page.keyboard.type("b");
      await expect(choices.getByRole("option")).toHaveText(["Banana (yellow)", "Blueberry (blue)"]);
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("ArrowDown");
      await expect(choices.getByRole("option", { selected: true })).toHaveText("Blueberry (blue)");
      await expect(kind).toHaveAttribute("aria-activedescendant", /choice-1$/);
      await expect.poll(() => axeViolations(page)).toEqual([]);
      await screen(page, "autocomplete-choices");
      await page.keyboard.press("Enter");
      await expect(kind).toHaveValue("Blueberry (blue)");
      await expect(choices).toHaveCount(0);
      await page.keyboard.press("Enter");
      await expect(page.getByRole("form", { name: "/fruit" })).toHaveCount(0);
      const reply = messageWith(page, "The bot got blueberry");
      await expect(reply).toBeVisible();
      await expect(reply.getByTestId("interaction-header")).toHaveText(`${ann.username} used /fruit`);
      // Nothing of the typing shows in the channel: only the command's reply.
      await expect(page.getByRole("log").getByTestId("message")).toHaveCount(1);
    } finally {
      await bot.destroy();
    }
  });

  test("an answer to what was typed before arrives late and is ignored", async ({ people, service }) => {
    const ann = await people.get("ann");
    const guild = await guildWith(service, ann, "Late Fruit");
    const bot = await startBot(service, ann, guild.guildId);
    try {
      const page = await people.open(ann, guild.path);
      await live(page);
      await pickCommand(page, "fruit");
      const choices = page.getByRole("listbox", { name: "Options for kind" });
      await expect(choices.getByRole("option")).toHaveCount(FRUITS.length);
      await page.keyboard.type("c");
      await expect.poll(() => asked.includes("c")).toBe(true);
      await page.keyboard.type("h");
      await expect(choices.getByRole("option")).toHaveText(["Cherry (red)"]);
      // The answer for "c" (Cherry and Coconut) comes 1.5 s after it was asked: the list keeps "ch"'s.
      await page.waitForTimeout(2_000);
      await expect(choices.getByRole("option")).toHaveText(["Cherry (red)"]);
    } finally {
      await bot.destroy();
    }
  });

  test("on a phone, a choice is picked by touch", async ({ people, service }) => {
    const ann = await people.get("ann");
    const guild = await guildWith(service, ann, "Phone Fruit");
    const bot = await startBot(service, ann, guild.guildId);
    try {
      const page = await people.open(ann, guild.path);
      await page.setViewportSize(PHONE);
      await live(page);
      await pickCommand(page, "fruit");
      await page.keyboard.type("a");
      const choices = page.getByRole("listbox", { name: "Options for kind" });
      await expect(choices.getByRole("option")).toHaveText(["Apple (red)", "Apricot (orange)"]);
      await screen(page, "autocomplete-choices-phone");
      await choices.getByRole("option", { name: "Apple (red)" }).click();
      await expect(page.getByRole("combobox", { name: /kind/ })).toHaveValue("Apple (red)");
      await page.getByRole("button", { name: "Send command" }).click();
      await expect(messageWith(page, "The bot got apple")).toBeVisible();
    } finally {
      await bot.destroy();
    }
  });

  test("a bot that never answers shows 'Loading options failed', and the command is still sent with the typed value", async ({
    people,
    service,
  }) => {
    const ann = await people.get("ann");
    const guild = await guildWith(service, ann, "Quiet Topics");
    const bot = await startBot(service, ann, guild.guildId);
    try {
      const page = await people.open(ann, guild.path);
      await live(page);
      await pickCommand(page, "topic");
      await page.keyboard.type("cats");
      const form = page.getByRole("form", { name: "/topic" });
      await expect(form.getByRole("status")).toHaveText("Loading options…");
      await expect(form.getByRole("status")).toHaveText("Loading options failed", { timeout: 8_000 });
      await expect.poll(() => axeViolations(page)).toEqual([]);
      await screen(page, "autocomplete-failed");
      await page.keyboard.press("Enter");
      await expect(messageWith(page, "Topic set: cats")).toBeVisible();
      // The failed suggestion is not a failed command: nothing says the application did not respond.
      await expect(page.getByTestId("pending-command")).toHaveCount(0);
    } finally {
      await bot.destroy();
    }
  });
});
