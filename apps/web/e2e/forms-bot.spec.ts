import type { Page } from "@playwright/test";
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  type Interaction,
  LabelBuilder,
  ModalBuilder,
  type ModalSubmitInteraction,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
} from "discord.js";
import { axeViolations } from "./support/axe";
import { messageWith, pickCommand, startDiscordJsBot } from "./support/discordjs-bot";
import { expect, guildWith, live, PHONE, type Someone, test } from "./support/live-people";
import { screen } from "./support/people";

/**
 * A person fills in the forms of an unmodified discord.js 14 bot (issue 13): opened from a
 * slash command or a button, shown only in the tab that acted, checked before sending,
 * submitted once, and answered by the bot process that opened it (`awaitModalSubmit`).
 */

/** A label with a short text input, a label with a string select, and a legacy row with an optional paragraph. */
function feedbackForm(customId: string): ModalBuilder {
  return new ModalBuilder()
    .setCustomId(customId)
    .setTitle("Tell us about lunch")
    .addLabelComponents(
      new LabelBuilder()
        .setLabel("Your name")
        .setDescription("As you want it said")
        .setTextInputComponent(
          new TextInputBuilder().setCustomId("name").setStyle(TextInputStyle.Short).setMaxLength(20),
        ),
      new LabelBuilder()
        .setLabel("Favourite dish")
        .setStringSelectMenuComponent(
          new StringSelectMenuBuilder()
            .setCustomId("dish")
            .addOptions({ label: "Soup", value: "soup" }, { label: "Curry", value: "curry", description: "Spicy" }),
        ),
    )
    .addComponents(
      new ActionRowBuilder<TextInputBuilder>().addComponents(
        new TextInputBuilder()
          .setCustomId("story")
          .setLabel("Anything else?")
          .setStyle(TextInputStyle.Paragraph)
          .setRequired(false)
          .setMaxLength(200),
      ),
    );
}

/** What the bot heard: the interactions that opened forms (to try a second submit of one). */
const opened: string[] = [];

async function answer(interaction: Interaction): Promise<void> {
  if (interaction.isChatInputCommand() && interaction.commandName === "feedback") {
    await interaction.showModal(feedbackForm("feedback"));
    opened.push(interaction.id);
    const submitted = await interaction.awaitModalSubmit({ time: 60_000, filter: (i) => i.customId === "feedback" });
    await submitted.reply(thanks(submitted));
    return;
  }
  if (interaction.isChatInputCommand() && interaction.commandName === "mute-form") {
    await interaction.showModal(feedbackForm("ignored"));
    return; // its submission is never answered
  }
  if (interaction.isChatInputCommand() && interaction.commandName === "survey") {
    const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder().setCustomId("open-survey").setLabel("Answer the survey").setStyle(ButtonStyle.Primary),
    );
    await interaction.reply({ content: "Lunch survey", components: [row] });
    return;
  }
  if (interaction.isButton() && interaction.customId === "open-survey") {
    await interaction.showModal(feedbackForm("survey-form"));
    const submitted = await interaction.awaitModalSubmit({ time: 60_000, filter: (i) => i.customId === "survey-form" });
    if (submitted.isFromMessage())
      await submitted.update({ content: `Survey done: ${thanks(submitted)}`, components: [] });
  }
}

function thanks(submitted: ModalSubmitInteraction): string {
  const story = submitted.fields.getTextInputValue("story");
  return `Thanks ${submitted.fields.getTextInputValue("name")}, ${submitted.fields.getStringSelectValues("dish").join(", ")} it is${story ? ` (${story})` : ""}`;
}

function startBot(service: Parameters<typeof guildWith>[0], owner: Someone, guildId: string) {
  return startDiscordJsBot(service, owner, guildId, {
    name: "Helper",
    commands: [
      { name: "feedback", description: "Asks for feedback" },
      { name: "mute-form", description: "A form nobody answers" },
      { name: "survey", description: "A survey behind a button" },
    ],
    answer,
  });
}

/** Sends `/name`, which takes no options, with the keyboard. */
async function sendCommand(page: Page, name: string) {
  await pickCommand(page, name);
  await page.keyboard.press("Enter");
}

test.describe("forms of a discord.js bot", () => {
  test("a form from a slash command opens in the acting tab only, refuses a missing required answer, and is answered by the bot", async ({
    people,
    service,
  }) => {
    const ann = await people.get("ann");
    const guild = await guildWith(service, ann, "Form Bot");
    const bot = await startBot(service, ann, guild.guildId);
    try {
      const page = await people.open(ann, guild.path);
      const otherTab = await page.context().newPage();
      await otherTab.goto(guild.path);
      await live(page);
      await live(otherTab);
      await sendCommand(page, "feedback");
      const dialog = page.getByRole("dialog", { name: "Tell us about lunch" });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText("Helper");
      await expect(dialog.getByText("As you want it said")).toBeVisible();
      const name = dialog.getByRole("textbox", { name: "Your name" });
      await expect(name).toBeFocused();
      await expect(otherTab.getByRole("dialog")).toHaveCount(0);

      // Nothing filled in: refused in the dialog, the name and the dish named.
      await dialog.getByRole("button", { name: "Submit" }).click();
      await expect(dialog.getByRole("alert").filter({ hasText: "This field is required." })).toHaveCount(2);
      await expect(name).toBeFocused();
      await expect.poll(() => axeViolations(page)).toEqual([]);
      await screen(page, "form-required");

      await page.keyboard.type("Ada");
      await expect(dialog.getByText("3 / 20")).toBeVisible();
      await dialog.getByRole("combobox", { name: "Favourite dish" }).selectOption("curry");
      await dialog.getByRole("textbox", { name: "Anything else?" }).fill("More rice please");
      await expect(dialog.getByRole("alert")).toHaveCount(0);
      await screen(page, "form-filled");
      await dialog.getByRole("button", { name: "Submit" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(messageWith(page, "Thanks Ada, curry it is (More rice please)")).toBeVisible();
      await expect(messageWith(otherTab, "Thanks Ada, curry it is (More rice please)")).toBeVisible();
      await expect(otherTab.getByRole("dialog")).toHaveCount(0);

      // A second submit of the same form is refused by the service.
      const { domain } = await service.domain();
      const interactionId = opened.at(-1) as string;
      await expect(
        domain.interactions.submitForm(ann.id, {
          interactionId: BigInt(interactionId),
          answers: { name: "Ada", dish: ["soup"] },
        }),
      ).rejects.toMatchObject({ code: 40060 });
      // ...and so is a missing required answer, by the service too.
      await sendCommand(page, "feedback");
      await expect(dialog).toBeVisible();
      const again = opened.at(-1) as string;
      await expect(
        domain.interactions.submitForm(ann.id, { interactionId: BigInt(again), answers: { dish: ["soup"] } }),
      ).rejects.toMatchObject({
        code: 50035,
        errors: { answers: { name: expect.anything() } },
      });
      await page.setViewportSize(PHONE);
      await screen(page, "form-phone");
    } finally {
      await bot.destroy();
    }
  });

  test("a form from a button: its answer edits the button's message", async ({ people, service }) => {
    const ann = await people.get("ann");
    const guild = await guildWith(service, ann, "Survey Bot");
    const bot = await startBot(service, ann, guild.guildId);
    try {
      const page = await people.open(ann, guild.path);
      await live(page);
      await sendCommand(page, "survey");
      const survey = messageWith(page, "Lunch survey");
      await survey.getByRole("button", { name: "Answer the survey" }).click();
      const dialog = page.getByRole("dialog", { name: "Tell us about lunch" });
      await dialog.getByRole("textbox", { name: "Your name" }).fill("Bo");
      await dialog.getByRole("combobox", { name: "Favourite dish" }).selectOption("soup");
      await dialog.getByRole("button", { name: "Submit" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(messageWith(page, "Survey done: Thanks Bo, soup it is")).toBeVisible();
      await expect(page.getByRole("button", { name: "Answer the survey" })).toHaveCount(0);
    } finally {
      await bot.destroy();
    }
  });

  test("a submission the bot never answers keeps the dialog and its answers, with an error", async ({
    people,
    service,
  }) => {
    const ann = await people.get("ann");
    const guild = await guildWith(service, ann, "Mute Bot");
    const bot = await startBot(service, ann, guild.guildId);
    try {
      const page = await people.open(ann, guild.path);
      await live(page);
      await sendCommand(page, "mute-form");
      const dialog = page.getByRole("dialog", { name: "Tell us about lunch" });
      await dialog.getByRole("textbox", { name: "Your name" }).fill("Cy");
      await dialog.getByRole("combobox", { name: "Favourite dish" }).selectOption("soup");
      await dialog.getByRole("button", { name: "Submit" }).click();
      await expect(dialog.getByRole("button", { name: "Submitting…" })).toBeVisible();
      await expect(dialog.getByRole("alert")).toContainText("The application did not respond", { timeout: 10_000 });
      await expect(dialog.getByRole("textbox", { name: "Your name" })).toHaveValue("Cy");
      await expect(dialog.getByRole("button", { name: "Submit" })).toBeEnabled();
      await screen(page, "form-not-answered");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toHaveCount(0);
    } finally {
      await bot.destroy();
    }
  });
});
