import { GatewayIntentBits } from "discord.js";
import { axeViolations } from "./support/axe";
import { startDiscordJsBot } from "./support/discordjs-bot";
import { openGuildSettings } from "./support/guild-settings";
import { expect, guildWith, live, PHONE, sidebars, test } from "./support/live-people";
import { screen } from "./support/people";

/** Channels and categories, and the permission overwrites editor, with people and a bot watching live. */

const DESKTOP = { width: 1280, height: 900 };

test("the owner groups channels in categories, hides #general from all but a role and syncs it back; people and a bot follow live", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const cara = await people.get("cara");
  const guild = await guildWith(service, ann, "Workshop", [ben, cara]);
  const { domain } = await service.domain();
  const crew = await domain.roles.create(ann.id, BigInt(guild.guildId), { name: "Crew" });
  await domain.memberRoles.addRole(ann.id, BigInt(guild.guildId), ben.id, BigInt(crew.id));
  const seen: { t: string; id: string; type: number; name: string; parent_id: string | null }[] = [];
  const client = await startDiscordJsBot(service, ann, guild.guildId, {
    name: "Channel Watcher",
    commands: [],
    answer: async () => {},
    intents: [GatewayIntentBits.Guilds],
  });
  client.on(
    "raw",
    (packet: { t?: string | null; d?: { id: string; type: number; name: string; parent_id?: string | null } }) => {
      if (packet.t?.startsWith("CHANNEL_") && packet.d)
        seen.push({
          t: packet.t,
          id: packet.d.id,
          type: packet.d.type,
          name: packet.d.name,
          parent_id: packet.d.parent_id ?? null,
        });
    },
  );
  const botSaw = (t: string, id: string) => seen.some((e) => e.t === t && e.id === id);
  try {
    const annPage = await people.open(ann, guild.path);
    const benPage = await people.open(ben, guild.path);
    const caraPage = await people.open(cara, guild.path);
    await annPage.setViewportSize(DESKTOP);
    await Promise.all([live(annPage), live(benPage), live(caraPage)]);
    const settings = await openGuildSettings(annPage, "Channels");

    // Two categories; the second moves above the first with its arrow, for Ben too.
    for (const name of ["Projects", "Archive"]) {
      await settings.getByRole("button", { name: "Create category" }).click();
      const dialog = annPage.getByRole("dialog", { name: "Create a category" });
      await dialog.getByLabel("Category name").fill(name);
      await dialog.getByRole("button", { name: "Create category" }).click();
      await expect(dialog).toBeHidden();
    }
    const benCategories = sidebars(benPage).channels.getByTestId("channel-category");
    await expect(benCategories).toHaveCount(2);
    await settings.getByRole("button", { name: "Move Archive up" }).click();
    await expect(settings.getByRole("button", { name: "Move Archive up" })).toBeFocused();
    await expect(benCategories.first()).toHaveAccessibleName("Archive");
    const archiveMade = () => seen.find((e) => e.t === "CHANNEL_CREATE" && e.type === 4 && e.name === "Archive");
    await expect.poll(archiveMade).toBeDefined();
    const archive = archiveMade() as { id: string };

    // #general goes into Projects: Ben's sidebar shows it there, the bot gets its parent.
    await settings.getByRole("button", { name: /^general/ }).click();
    await settings.getByLabel("Category", { exact: true }).selectOption({ label: "Projects" });
    await settings.getByRole("button", { name: "Save channel" }).click();
    await expect(
      benPage.getByRole("region", { name: "Projects" }).getByRole("link", { name: "general" }),
    ).toBeVisible();
    await expect
      .poll(() => seen.some((e) => e.t === "CHANNEL_UPDATE" && e.id === guild.channelId && e.parent_id !== null))
      .toBe(true);
    await expect(settings.getByTestId("sync-state")).toContainText("In sync with Projects");

    // Hidden from @everyone, shown to Crew: the effective result follows the unsaved choices.
    const permissions = settings.getByTestId("overwrite-permissions");
    await permissions.getByRole("radiogroup", { name: "View Channels" }).getByRole("radio", { name: "Deny" }).check();
    await settings.getByLabel("Add a role or member").selectOption({ label: "Crew" });
    await expect(permissions.getByRole("heading", { name: "Crew" })).toBeVisible();
    await permissions.getByRole("radiogroup", { name: "View Channels" }).getByRole("radio", { name: "Allow" }).check();
    const effective = settings.getByTestId("effective-permissions");
    await effective.getByLabel("Member").selectOption({ label: cara.username });
    await expect(effective.getByTestId("effective-summary")).toHaveText(`${cara.username} can’t see this channel.`);
    await effective.getByLabel("Member").selectOption({ label: ben.username });
    await expect(effective.getByTestId("effective-summary")).toHaveText(`${ben.username} can see this channel.`);
    expect(await axeViolations(annPage)).toEqual([]);
    await screen(annPage, "guild-settings-channel-permissions", { fullPage: true });
    await settings.getByRole("button", { name: "Save changes" }).click();
    await expect(settings.getByTestId("sync-state")).toContainText("Not in sync with Projects");

    // Cara loses the channel live, Ben keeps it; the bot (no Crew role) is told it is gone.
    await expect(sidebars(caraPage).channels.getByRole("link", { name: "general" })).toHaveCount(0);
    await expect(benPage.getByRole("link", { name: "general" })).toBeVisible();
    await expect.poll(() => botSaw("CHANNEL_DELETE", guild.channelId)).toBe(true);

    await annPage.setViewportSize(PHONE);
    await screen(annPage, "guild-settings-channel-permissions-phone");
    expect(await axeViolations(annPage)).toEqual([]);

    // Synced back with Projects (no overwrites): Cara and the bot get it again.
    await settings.getByRole("button", { name: "Sync with Projects" }).click();
    await expect(settings.getByTestId("sync-state")).toContainText("In sync with Projects");
    await expect(
      caraPage.getByRole("region", { name: "Projects" }).getByRole("link", { name: "general" }),
    ).toBeVisible();
    await expect.poll(() => botSaw("CHANNEL_CREATE", guild.channelId)).toBe(true);

    // Archive deleted after confirming: gone for Ben and the bot.
    await annPage.setViewportSize(DESKTOP);
    await settings.getByRole("button", { name: "All channels" }).click();
    await settings.getByRole("button", { name: /^Archive/ }).click();
    await settings.getByRole("button", { name: "Delete category…" }).click();
    await settings.getByRole("button", { name: "Yes, delete Archive" }).click();
    await expect(settings.getByText("Archive was deleted.")).toBeVisible();
    await expect(benCategories).toHaveCount(1);
    await expect.poll(() => botSaw("CHANNEL_DELETE", archive.id)).toBe(true);
    await screen(annPage, "guild-settings-channels", { fullPage: true });
    await screen(benPage, "sidebar-categories");
  } finally {
    await client.destroy();
  }
});
