import {
  ActionRowBuilder,
  ApplicationCommandType,
  ButtonBuilder,
  ButtonStyle,
  type Interaction,
  MessageFlags,
  type RESTPostAPIApplicationCommandsJSONBody,
  StringSelectMenuBuilder,
} from "discord.js";
import { axeViolations } from "./support/axe";
import { chooserFrom } from "./support/file-chooser";
import { messageWith, pickCommand, startDiscordJsBot } from "./support/discordjs-bot";
import { expect, guildWith, live, PHONE, type Someone, test } from "./support/live-people";
import { screen } from "./support/people";

/**
 * A person uses commands and components of an unmodified discord.js 14 bot (issue 12): replies
 * with "<person> used /command", "<bot> is thinking…" while deferred, ephemeral replies only
 * they see, buttons and selects answered live, and "did not respond" when the bot is silent or
 * offline.
 */

const COMMANDS: RESTPostAPIApplicationCommandsJSONBody[] = [
  {
    name: "remind",
    description: "Set a reminder",
    options: [
      { type: 4, name: "minutes", description: "In how many minutes", required: true, min_value: 1, max_value: 600 },
      { type: 3, name: "note", description: "What to remember", max_length: 50 },
    ],
  },
  {
    name: "inspect",
    description: "Looks at a file",
    options: [
      { type: 11, name: "file", description: "The file to look at", required: true },
      { type: 3, name: "note", description: "Anything to add" },
    ],
  },
  { name: "slow", description: "Takes its time" },
  { name: "secret", description: "Tells only you" },
  { name: "silent", description: "Never answers" },
  { name: "lunch", description: "Vote for lunch" },
  { type: ApplicationCommandType.User, name: "High five" },
  { type: ApplicationCommandType.Message, name: "Quote" },
];

/** The bot's answers: each command and component as a discord.js bot writes them. */
async function answer(interaction: Interaction): Promise<void> {
  if (interaction.isChatInputCommand()) {
    switch (interaction.commandName) {
      case "remind":
        await interaction.reply(
          `In ${interaction.options.getInteger("minutes", true)} minutes: ${interaction.options.getString("note") ?? "something"}`,
        );
        return;
      case "inspect": {
        // Downloaded from the signed URL resolved.attachments carries, as a bot would.
        const file = interaction.options.getAttachment("file", true);
        const bytes = new Uint8Array(await (await fetch(file.url)).arrayBuffer());
        const firstLine = new TextDecoder().decode(bytes).split("\n")[0];
        await interaction.reply(
          `Got ${file.name}: ${bytes.byteLength} bytes (${file.size} said), starting “${firstLine}”`,
        );
        return;
      }
      case "slow":
        await interaction.deferReply();
        await new Promise((r) => setTimeout(r, 2_000));
        await interaction.editReply("Finally done");
        return;
      case "secret":
        await interaction.reply({
          content: "Only for your eyes",
          flags: MessageFlags.Ephemeral,
          components: [
            new ActionRowBuilder<ButtonBuilder>().addComponents(
              new ButtonBuilder().setCustomId("reveal").setLabel("Reveal").setStyle(ButtonStyle.Primary),
            ),
          ],
        });
        return;
      case "lunch": {
        const buttons = new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setCustomId("done").setLabel("Done").setStyle(ButtonStyle.Success),
          new ButtonBuilder().setCustomId("quiet").setLabel("Ignore me").setStyle(ButtonStyle.Secondary),
        );
        const select = new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
          new StringSelectMenuBuilder()
            .setCustomId("side")
            .setPlaceholder("Pick a side")
            .addOptions(
              { label: "Fries", value: "fries" },
              { label: "Salad", value: "salad", description: "The healthy one" },
            ),
        );
        await interaction.reply({ content: "What's for lunch?", components: [buttons, select] });
        return;
      }
      default:
        return; // "silent" never answers
    }
  }
  if (interaction.isUserContextMenuCommand()) {
    await interaction.reply(`High five for ${interaction.targetUser.username}!`);
    return;
  }
  if (interaction.isMessageContextMenuCommand()) {
    await interaction.reply(`Quoting: “${interaction.targetMessage.content}”`);
    return;
  }
  if (interaction.isButton() && interaction.customId === "reveal") {
    await interaction.update({ content: "The secret is 42", components: [] });
    return;
  }
  if (interaction.isButton() && interaction.customId === "done") {
    await interaction.update({ content: "Lunch is decided", components: [] });
    return;
  }
  if (interaction.isStringSelectMenu()) {
    await interaction.reply(`You picked ${interaction.values.join(", ")}`);
  }
}

function startBot(service: Parameters<typeof guildWith>[0], owner: Someone, guildId: string) {
  return startDiscordJsBot(service, owner, guildId, { name: "Helper", commands: COMMANDS, answer });
}

test.describe("commands and components of a discord.js bot", () => {
  test("keyboard only: a slash command with options is sent, shown on its way, and answered with '<person> used /remind'", async ({
    people,
    service,
  }) => {
    const ann = await people.get("ann");
    const guild = await guildWith(service, ann, "Bot Commands");
    const bot = await startBot(service, ann, guild.guildId);
    try {
      const page = await people.open(ann, guild.path);
      await live(page);
      await pickCommand(page, "remind");
      await page.keyboard.type("15");
      await page.keyboard.press("Tab");
      await page.keyboard.type("stretch");
      await page.keyboard.press("Enter");
      // The form gives way to the message box once the interaction exists.
      await expect(page.getByRole("form", { name: "/remind" })).toHaveCount(0);
      await expect(page.getByRole("textbox", { name: "Message #general" })).toBeFocused();
      const reply = messageWith(page, "In 15 minutes: stretch");
      await expect(reply).toBeVisible();
      await expect(reply.getByTestId("interaction-header")).toHaveText(`${ann.username} used /remind`);
      await expect(page.getByTestId("pending-command")).toHaveCount(0);
      await expect.poll(() => axeViolations(page)).toEqual([]);
      await screen(page, "command-reply");
      await page.setViewportSize(PHONE);
      await screen(page, "command-reply-phone");
    } finally {
      await bot.destroy();
    }
  });

  test("an attachment option: the person picks a file (too big is said at once), sends it, and the bot downloads it", async ({
    people,
    service,
  }) => {
    const ann = await people.get("ann");
    const guild = await guildWith(service, ann, "File Bot");
    const bot = await startBot(service, ann, guild.guildId);
    try {
      const page = await people.open(ann, guild.path);
      await live(page);
      await pickCommand(page, "inspect");
      const form = page.getByRole("form", { name: "/inspect" });
      const picker = form.getByLabel(/^file/);
      // The file field comes first and has the focus; Space opens the browser's chooser.
      await expect(picker).toBeFocused();
      await (await chooserFrom(page, "Space")).setFiles({
        name: "huge.bin",
        mimeType: "application/octet-stream",
        buffer: Buffer.alloc(25 * 1024 * 1024 + 1),
      });
      await expect(form.getByTestId("option-file")).toContainText("huge.bin is too big: files can be at most 25 MB.");
      await expect(form.getByTestId("chosen-file")).toHaveText("huge.bin");

      const text = "first line of the notes\nsecond line\n".repeat(40);
      await picker.focus();
      await (await chooserFrom(page, "Enter")).setFiles({
        name: "notes.txt",
        mimeType: "text/plain",
        buffer: Buffer.from(text),
      });
      await expect(form.getByTestId("chosen-file")).toHaveText("notes.txt");
      await expect(form.getByTestId("option-file")).toContainText("1.4 KB");
      await expect(form.getByTestId("option-file")).not.toContainText("too big");
      await expect.poll(() => axeViolations(page)).toEqual([]);
      await screen(page, "command-attachment");
      await page.setViewportSize(PHONE);
      await screen(page, "command-attachment-phone");
      await page.setViewportSize({ width: 1280, height: 800 });

      // Removed, then the form asks for it again; picked again, it is sent.
      await form.getByRole("button", { name: "Remove notes.txt" }).click();
      await expect(form.getByTestId("chosen-file")).toHaveCount(0);
      await form.getByRole("button", { name: "Send command" }).click();
      await expect(form.getByTestId("option-file")).toContainText("Fill in file: choose a file.");
      await picker.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from(text) });
      await form.getByRole("button", { name: "Send command" }).click();
      const reply = messageWith(page, "Got notes.txt");
      await expect(reply).toHaveText(
        new RegExp(`Got notes.txt: ${text.length} bytes \\(${text.length} said\\), starting “first line of the notes”`),
      );
      await expect(reply.getByTestId("interaction-header")).toHaveText(`${ann.username} used /inspect`);
    } finally {
      await bot.destroy();
    }
  });

  test("a deferred reply shows '<bot> is thinking…' until it is filled; a silent bot gives 'The application did not respond'", async ({
    people,
    service,
  }) => {
    const ann = await people.get("ann");
    const guild = await guildWith(service, ann, "Slow Bot");
    const bot = await startBot(service, ann, guild.guildId);
    try {
      const page = await people.open(ann, guild.path);
      await live(page);
      await pickCommand(page, "slow");
      await page.keyboard.press("Enter");
      const thinking = page.getByRole("log").getByTestId("thinking");
      await expect(thinking).toHaveText("Helper is thinking…");
      await screen(page, "command-thinking");
      await expect(messageWith(page, "Finally done")).toBeVisible();
      await expect(thinking).toHaveCount(0);
      await expect(messageWith(page, "Finally done").getByTestId("interaction-header")).toHaveText(
        `${ann.username} used /slow`,
      );

      await pickCommand(page, "silent");
      await page.keyboard.press("Enter");
      const pending = page.getByTestId("pending-command");
      await expect(pending).toContainText(/Sending command…|Waiting for Helper…/);
      await expect(pending).toContainText("The application did not respond", { timeout: 8_000 });
      await screen(page, "command-did-not-respond");
      await pending.getByRole("button", { name: "Dismiss" }).click();
      await expect(pending).toHaveCount(0);
    } finally {
      await bot.destroy();
    }
  });

  test("an ephemeral reply is shown only to the person who used the command, until dismissed", async ({
    people,
    service,
  }) => {
    const ann = await people.get("ann");
    const ben = await people.get("ben");
    const guild = await guildWith(service, ann, "Secret Bot", [ben]);
    const bot = await startBot(service, ann, guild.guildId);
    try {
      const annPage = await people.open(ann, guild.path);
      const benPage = await people.open(ben, guild.path);
      await live(annPage);
      await live(benPage);
      await pickCommand(annPage, "secret");
      await annPage.keyboard.press("Enter");
      const secret = messageWith(annPage, "Only for your eyes");
      await expect(secret.getByTestId("ephemeral-note")).toHaveText("Only you can see this · Dismiss");
      await expect(secret.getByTestId("interaction-header")).toHaveText(`${ann.username} used /secret`);
      await expect.poll(() => axeViolations(annPage)).toEqual([]);
      await screen(annPage, "command-ephemeral");
      // Ben sends something after it: he sees his own message, never Ann's secret.
      await benPage.getByRole("textbox", { name: "Message #general" }).fill("anything new?");
      await benPage.keyboard.press("Enter");
      await expect(messageWith(annPage, "anything new?")).toBeVisible();
      await expect(messageWith(benPage, "Only for your eyes")).toHaveCount(0);
      // Its button works for its person: the bot's update edits it in place, still only theirs.
      await secret.getByRole("button", { name: "Reveal" }).click();
      const revealed = messageWith(annPage, "The secret is 42");
      await expect(revealed.getByTestId("ephemeral-note")).toBeVisible();
      await expect(revealed.getByTestId("message-components")).toHaveCount(0);
      await expect(messageWith(annPage, "Only for your eyes")).toHaveCount(0);
      await expect(messageWith(benPage, "The secret is 42")).toHaveCount(0);
      await revealed.getByRole("button", { name: "Dismiss" }).click();
      await expect(revealed).toHaveCount(0);
    } finally {
      await bot.destroy();
    }
  });

  test("a button shows a spinner until the bot updates the message; a select's pick is answered; an unanswered click fails", async ({
    people,
    service,
  }) => {
    const ann = await people.get("ann");
    const guild = await guildWith(service, ann, "Lunch Bot");
    const bot = await startBot(service, ann, guild.guildId);
    try {
      const page = await people.open(ann, guild.path);
      await live(page);
      await pickCommand(page, "lunch");
      await page.keyboard.press("Enter");
      const lunch = messageWith(page, "What's for lunch?");
      await expect(lunch.getByRole("button", { name: "Done" })).toBeVisible();

      await lunch.getByRole("button", { name: "Pick a side" }).click();
      await page.getByRole("listbox", { name: "Pick a side" }).getByRole("option", { name: /Salad/ }).click();
      await expect(messageWith(page, "You picked salad")).toBeVisible();

      await lunch.getByRole("button", { name: "Ignore me" }).click();
      // A spinner on it while the app has its 3 seconds; the other components wait too.
      const ignore = lunch.getByTestId("component-button").nth(1);
      await expect(ignore).toHaveAttribute("aria-busy", "true");
      await expect(ignore.getByRole("img", { name: "Waiting for the app" })).toBeVisible();
      await expect(lunch.getByRole("button", { name: "Done" })).toBeDisabled();
      await expect(lunch.getByTestId("interaction-failed")).toContainText("This interaction failed", {
        timeout: 8_000,
      });
      await screen(page, "component-failed");

      await lunch.getByRole("button", { name: "Done" }).click();
      // Updated in place (callback type 7): new text, no components, nothing failed.
      const decided = messageWith(page, "Lunch is decided");
      await expect(decided).toBeVisible();
      await expect(decided.getByTestId("message-components")).toHaveCount(0);
      await expect(messageWith(page, "What's for lunch?")).toHaveCount(0);
    } finally {
      await bot.destroy();
    }
  });

  test("user and message commands from the Apps menus", async ({ people, service }) => {
    const ann = await people.get("ann");
    const ben = await people.get("ben");
    const guild = await guildWith(service, ann, "Apps Bot", [ben]);
    const bot = await startBot(service, ann, guild.guildId);
    try {
      const benPage = await people.open(ben, guild.path);
      await live(benPage);
      await benPage.getByRole("textbox", { name: "Message #general" }).fill("Lunch at noon");
      await benPage.keyboard.press("Enter");
      const page = await people.open(ann, guild.path);
      await live(page);

      const said = messageWith(page, "Lunch at noon");
      await said.getByTestId("message-content").click({ button: "right" });
      await page.getByRole("menu", { name: "Message actions" }).getByRole("menuitem", { name: "Apps" }).click();
      await page.getByRole("menu", { name: "Apps" }).getByRole("menuitem", { name: /Quote/ }).click();
      const quote = messageWith(page, "Quoting: “Lunch at noon”");
      await expect(quote).toBeVisible();
      await expect(quote.getByTestId("interaction-header")).toHaveText(`${ann.username} used Quote`);

      await page
        .getByRole("complementary", { name: "Members" })
        .getByRole("button", { name: `More actions for ${ben.username}` })
        .click();
      await page
        .getByRole("menu", { name: `Actions for ${ben.username}` })
        .getByRole("menuitem", { name: "Apps" })
        .click();
      await page
        .getByRole("menu", { name: "Apps" })
        .getByRole("menuitem", { name: /High five/ })
        .click();
      await expect(messageWith(page, `High five for ${ben.username}!`).getByTestId("interaction-header")).toHaveText(
        `${ann.username} used High five`,
      );
    } finally {
      await bot.destroy();
    }
  });

  test("with the bot offline a command does not respond and a click fails at once", async ({ people, service }) => {
    const ann = await people.get("ann");
    const guild = await guildWith(service, ann, "Offline Bot");
    const bot = await startBot(service, ann, guild.guildId);
    const page = await people.open(ann, guild.path);
    await live(page);
    await pickCommand(page, "lunch");
    await page.keyboard.press("Enter");
    const lunch = messageWith(page, "What's for lunch?");
    await expect(lunch.getByRole("button", { name: "Done" })).toBeVisible();
    await bot.destroy();

    // At once: sooner than the 3 seconds a connected bot would have had.
    let started = Date.now();
    await lunch.getByRole("button", { name: "Done" }).click();
    await expect(lunch.getByTestId("interaction-failed")).toContainText("This interaction failed");
    expect(Date.now() - started).toBeLessThan(2_900);
    await pickCommand(page, "remind");
    await page.keyboard.type("5");
    started = Date.now();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("pending-command")).toContainText("The application did not respond");
    expect(Date.now() - started).toBeLessThan(2_900);
    await screen(page, "command-bot-offline");
  });
});
