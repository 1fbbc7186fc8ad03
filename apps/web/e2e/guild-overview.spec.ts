import { GatewayIntentBits } from "discord.js";
import { axeViolations } from "./support/axe";
import { startDiscordJsBot } from "./support/discordjs-bot";
import { openGuildSettings } from "./support/guild-settings";
import { expect, guildWith, live, PHONE, test } from "./support/live-people";
import { screen } from "./support/people";
import { twoColourPng } from "./support/png";

/** The guild overview: icon with crop, vanity link and its uses, handing the guild to someone else. */

const DESKTOP = { width: 1280, height: 800 };

test("the owner sets an icon and a vanity link, then hands the guild to a member; everyone and a bot follow live", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const cara = await people.get("cara");
  const guild = await guildWith(service, ann, "Tea Club", [ben]);
  const updates: { icon: string | null; owner_id: string; vanity_url_code: string | null }[] = [];
  const client = await startDiscordJsBot(service, ann, guild.guildId, {
    name: "Overview Watcher",
    commands: [],
    answer: async () => {},
    intents: [GatewayIntentBits.Guilds],
  });
  client.on("raw", (packet: { t?: string | null; d?: (typeof updates)[number] }) => {
    if (packet.t === "GUILD_UPDATE" && packet.d) updates.push(packet.d);
  });
  try {
    const annPage = await people.open(ann, guild.path);
    const benPage = await people.open(ben, guild.path);
    await annPage.setViewportSize(DESKTOP);
    await Promise.all([live(annPage), live(benPage)]);
    const settings = await openGuildSettings(annPage);

    // Icon: picked, cropped in the dialog, saved; Ben's guild rail shows it without a reload.
    await settings.getByLabel("Icon file").setInputFiles({
      name: "tea.png",
      mimeType: "image/png",
      buffer: twoColourPng(300, [46, 160, 67], [250, 240, 230]),
    });
    const cropper = annPage.getByRole("dialog", { name: "Crop the guild icon" });
    await expect(cropper).toBeVisible();
    await cropper.getByRole("button", { name: "Apply" }).click();
    await expect(cropper).toBeHidden();
    await expect(settings.getByTestId("guild-icon-preview").locator("img")).toHaveJSProperty("complete", true);
    const benRail = benPage.getByRole("navigation", { name: "Guilds" }).getByRole("link", { name: "Tea Club" });
    await expect(benRail.locator("img")).toHaveAttribute("src", /\/icons\/\d+\/[0-9a-f]{32}\.png/);
    await expect.poll(() => updates.at(-1)?.icon ?? null).toMatch(/^[0-9a-f]{32}$/);

    // Vanity link: a malformed code says why; a good one works for a newcomer and counts them.
    const code = settings.getByLabel("Vanity link code");
    await code.fill("tea club");
    await settings.getByRole("button", { name: "Save link" }).click();
    await expect(settings.getByRole("alert")).toContainText("letters, numbers and hyphens");
    await code.fill("tea-club-e2e");
    await settings.getByRole("button", { name: "Save link" }).click();
    await expect(settings.getByTestId("vanity-uses")).toContainText("0 people have joined through");
    await expect.poll(() => updates.at(-1)?.vanity_url_code ?? null).toBe("tea-club-e2e");
    const caraPage = await people.open(cara, "/invite/tea-club-e2e");
    await caraPage.getByRole("button", { name: "Accept invite" }).click();
    await expect(caraPage).toHaveURL(new RegExp(`/channels/${guild.guildId}`));
    await settings.getByRole("button", { name: "Invites" }).click();
    await settings.getByRole("button", { name: "Overview" }).click();
    await expect(settings.getByTestId("vanity-uses")).toContainText("1 person has joined through");
    expect(await axeViolations(annPage)).toEqual([]);
    await screen(annPage, "guild-settings-overview", { fullPage: true });

    // Ownership: Ann chooses Ben, confirms; her owner-only parts go, Ben's appear, both live.
    const benSettings = await openGuildSettings(benPage);
    await expect(benSettings.getByText("Seeing the vanity link needs Manage Guild.")).toBeVisible();
    await expect(benSettings.getByRole("heading", { name: "Transfer ownership" })).toHaveCount(0);
    await settings.getByLabel("New owner").selectOption({ label: ben.username });
    await settings.getByRole("button", { name: "Transfer ownership…" }).click();
    await annPage.setViewportSize(PHONE);
    await screen(annPage, "guild-settings-transfer-phone");
    expect(await axeViolations(annPage)).toEqual([]);
    await settings.getByRole("button", { name: `Yes, make ${ben.username} the owner` }).click();
    await expect(settings.getByRole("heading", { name: "Transfer ownership" })).toHaveCount(0);
    await expect(settings.getByText("Seeing the vanity link needs Manage Guild.")).toBeVisible();
    await expect(benSettings.getByRole("heading", { name: "Transfer ownership" })).toBeVisible();
    await expect(benSettings.getByLabel("Vanity link code")).toHaveValue("tea-club-e2e");
    await expect.poll(() => updates.at(-1)?.owner_id).toBe(ben.id.toString());
  } finally {
    await client.destroy();
  }
});
