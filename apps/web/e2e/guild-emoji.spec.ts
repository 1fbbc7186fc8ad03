import { GatewayIntentBits } from "discord.js";
import { axeViolations } from "./support/axe";
import { startDiscordJsBot } from "./support/discordjs-bot";
import { openGuildSettings } from "./support/guild-settings";
import { expect, guildWith, live, PHONE, test } from "./support/live-people";
import { screen } from "./support/people";
import { twoColourPng } from "./support/png";

/** Custom emoji from the guild settings: upload, rename, delete; people and bots following live. */

const DESKTOP = { width: 1280, height: 800 };

test("the owner uploads, renames and deletes an emoji; a member watching and a bot follow each change", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const guild = await guildWith(service, ann, "Emoji Den", [ben]);
  const updates: { name: string | null }[][] = [];
  const client = await startDiscordJsBot(service, ann, guild.guildId, {
    name: "Emoji Watcher",
    commands: [],
    answer: async () => {},
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildExpressions],
  });
  client.on("raw", (packet: { t?: string | null; d?: { emojis?: { name: string | null }[] } }) => {
    if (packet.t === "GUILD_EMOJIS_UPDATE") updates.push(packet.d?.emojis ?? []);
  });
  try {
    const annPage = await people.open(ann, guild.path);
    const benPage = await people.open(ben, guild.path);
    await annPage.setViewportSize(DESKTOP);
    await Promise.all([live(annPage), live(benPage)]);
    const annSettings = await openGuildSettings(annPage, "Emoji");
    const benSettings = await openGuildSettings(benPage, "Emoji");
    await expect(annSettings.getByTestId("no-emoji")).toContainText("No custom emoji yet");
    // Ben has no Manage Guild Expressions: the form is there, unavailable, saying why.
    const benPicture = benSettings.getByLabel("Picture");
    await expect(benPicture).toBeDisabled();
    await expect(benPicture).toHaveAccessibleDescription(/needs Manage Guild Expressions/);

    // A picture over the limit is caught before anything is sent.
    const picture = annSettings.getByLabel("Picture");
    await picture.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(300 * 1024, 1) });
    await expect(annSettings.getByRole("alert")).toHaveText("That picture is 300 KB; an emoji can be at most 256 KB.");
    await expect(annSettings.getByRole("button", { name: "Upload emoji" })).toBeDisabled();

    await picture.setInputFiles({
      name: "party blob.png",
      mimeType: "image/png",
      buffer: twoColourPng(64, [91, 108, 240], [230, 162, 60]),
    });
    await expect(annSettings.getByLabel("Emoji name")).toHaveValue("party_blob");
    await annSettings.getByRole("button", { name: "Upload emoji" }).click();
    const annRows = annSettings.getByRole("list", { name: "Custom emoji" }).getByTestId("guild-emoji");
    await expect(annRows).toHaveCount(1);
    await expect(annRows).toContainText(":party_blob:");
    await expect(annRows).toContainText(`Uploaded by ${ann.username}`);
    await expect(annSettings.getByTestId("emoji-counts")).toHaveText(
      "1 of 50 still · 0 of 50 animated · pictures up to 256 KB",
    );
    await expect(annRows.getByRole("img", { name: ":party_blob:" })).toHaveJSProperty("naturalWidth", 64);
    const benRows = benSettings.getByRole("list", { name: "Custom emoji" }).getByTestId("guild-emoji");
    await expect(benRows).toContainText(":party_blob:");
    const benRename = benRows.getByRole("button", { name: "Rename :party_blob:" });
    await expect(benRename).toHaveAttribute("aria-disabled", "true");
    await expect(benRename).toHaveAccessibleDescription(/needs Manage Guild Expressions/);
    await expect.poll(() => updates.at(-1)?.map((e) => e.name)).toEqual(["party_blob"]);
    expect(await axeViolations(annPage)).toEqual([]);
    await screen(annPage, "guild-settings-emoji");
    await screen(benPage, "guild-settings-emoji-member");

    // Renamed by keyboard; a name the service refuses says why and keeps the old one.
    await annRows.getByRole("button", { name: "Rename :party_blob:" }).click();
    const nameField = annRows.getByLabel("New name for :party_blob:");
    await nameField.fill("no-dashes");
    await nameField.press("Enter");
    await expect(annSettings.getByRole("alert")).toContainText("letters, numbers and underscores");
    await nameField.fill("blob");
    await nameField.press("Enter");
    await expect(annRows).toContainText(":blob:");
    await expect(benRows).toContainText(":blob:");
    await expect.poll(() => updates.at(-1)?.map((e) => e.name)).toEqual(["blob"]);

    await annRows.getByRole("button", { name: "Delete :blob:" }).click();
    await annPage.setViewportSize(PHONE);
    await screen(annPage, "guild-settings-emoji-delete-phone");
    expect(await axeViolations(annPage)).toEqual([]);
    await annRows.getByRole("button", { name: "Delete :blob:" }).click();
    await expect(annSettings.getByTestId("no-emoji")).toBeVisible();
    await expect(benSettings.getByTestId("no-emoji")).toBeVisible();
    await expect.poll(() => updates.at(-1)).toEqual([]);
  } finally {
    await client.destroy();
  }
});
