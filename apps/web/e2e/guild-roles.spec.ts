import { Permission } from "@chat/domain";
import type { Locator } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { startDiscordJsBot } from "./support/discordjs-bot";
import { openGuildSettings } from "./support/guild-settings";
import { expect, guildWith, live, PHONE, test } from "./support/live-people";
import { screen } from "./support/people";

/** The Roles section of the guild settings: editing, reordering, rule 10's limits, live for others and bots. */

const DESKTOP = { width: 1280, height: 800 };

const roleNames = (settings: Locator) => settings.getByRole("list", { name: "Roles" }).getByTestId("role-name");
const roleRow = (settings: Locator, name: string) =>
  settings
    .getByTestId("role-row")
    .filter({ has: settings.page().getByTestId("role-name").getByText(name, { exact: true }) });

test("the owner creates and edits a role with its permissions and moves it by keyboard; a member and a discord.js bot follow live", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const guild = await guildWith(service, ann, "Role Hall", [ben]);
  const { domain } = await service.domain();
  await domain.roles.create(ann.id, BigInt(guild.guildId), { name: "Veterans", color: 0x206694 });
  const heard: string[] = [];
  const bot = await startDiscordJsBot(service, ann, guild.guildId, {
    name: "Role Watcher",
    commands: [],
    answer: async () => {},
  });
  bot.on("raw", (packet: { t?: string | null }) => {
    if (packet.t?.startsWith("GUILD_ROLE_")) heard.push(packet.t);
  });
  const botRoles = () => bot.guilds.cache.get(guild.guildId)?.roles.cache;
  try {
    const bens = await people.open(ben, guild.path);
    await live(bens);
    const watching = await openGuildSettings(bens, "Roles");
    await expect(roleNames(watching)).toHaveText(["Role Watcher", "Veterans", "@everyone"]);
    // Ben lacks Manage Roles: he may look, and is told why he can't change anything.
    await expect(watching.getByRole("button", { name: "Create role" })).toHaveAccessibleDescription(
      /Changing them needs the Manage Roles permission\./,
    );

    const page = await people.open(ann, guild.path);
    await page.setViewportSize(DESKTOP);
    await live(page);
    const settings = await openGuildSettings(page, "Roles");
    await expect(roleRow(settings, "Role Watcher").getByTestId("role-note")).toHaveText(
      "A bot’s own role · can’t be edited or deleted",
    );
    await settings.getByRole("button", { name: "Create role" }).click();
    const editor = settings.getByTestId("role-editor");
    await expect(editor.getByRole("heading", { name: "Edit role — new role" })).toBeFocused();
    await expect(roleNames(watching)).toHaveText(["Role Watcher", "Veterans", "new role", "@everyone"]);

    await editor.getByRole("textbox", { name: "Role name" }).fill("Crew");
    await editor.getByRole("button", { name: "Green #2ecc71" }).click();
    await expect(editor.getByRole("textbox", { name: "Hex colour" })).toHaveValue("#2ecc71");
    await editor.getByRole("textbox", { name: "Hex colour" }).fill("#3ba55c");
    await editor.getByRole("switch", { name: "Show members separately" }).check();
    await editor.getByRole("switch", { name: "Allow anyone to @mention this role" }).check();
    for (const permission of ["Manage Messages", "Pin Messages", "Speak", "Listen"])
      await editor.getByRole("switch", { name: permission, exact: true }).check();
    await expect(editor.getByRole("region", { name: "Unsaved changes" })).toContainText("You have unsaved changes.");
    expect(await axeViolations(page)).toEqual([]);
    await screen(page, "guild-settings-role-editor");
    // Leaving with changes unsaved is held back until they are saved or reset.
    await editor.getByRole("button", { name: "All roles" }).click();
    await expect(editor.getByRole("region", { name: "Unsaved changes" })).toContainText(
      "Save or reset your changes before leaving this role.",
    );
    await editor.getByRole("button", { name: "Save changes" }).click();
    await expect(editor.getByRole("region", { name: "Unsaved changes" })).toBeHidden();
    await expect(roleNames(watching)).toHaveText(["Role Watcher", "Veterans", "Crew", "@everyone"]);
    await editor.getByRole("heading", { name: "Edit role — Crew" }).scrollIntoViewIfNeeded();
    await screen(page, "guild-settings-role-editor-saved");

    // The bot got the changes as the gateway's events, its cache holding what was saved.
    await expect.poll(() => botRoles()?.find((r) => r.name === "Crew")?.color).toBe(0x3ba55c);
    const crew = botRoles()?.find((r) => r.name === "Crew");
    expect({ hoist: crew?.hoist, mentionable: crew?.mentionable }).toEqual({ hoist: true, mentionable: true });
    expect(crew?.permissions.bitfield).toBe(
      Permission.ManageMessages | Permission.PinMessages | Permission.Speak | Permission.Listen,
    );

    // By keyboard: back to the list (the focus lands on Crew), Tab to its up arrow, Enter.
    await editor.getByRole("button", { name: "All roles" }).click();
    await expect(settings.getByRole("button", { name: "Crew", exact: true })).toBeFocused();
    await page.keyboard.press("Tab");
    const up = settings.getByRole("button", { name: "Move Crew up" });
    await expect(up).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(roleNames(settings)).toHaveText(["Role Watcher", "Crew", "Veterans", "@everyone"]);
    await expect(settings.getByRole("status").filter({ hasText: "Crew moved to place 2 of 3." })).toBeAttached();
    await expect(up).toBeFocused();
    // Just under the bot's role: further up is still the owner's to choose.
    await expect(up).not.toHaveAttribute("aria-disabled");
    await expect(roleNames(watching)).toHaveText(["Role Watcher", "Crew", "Veterans", "@everyone"]);
    await expect.poll(() => botRoles()?.find((r) => r.name === "Crew")?.position).toBe(2);
    // Dragging puts it back under Veterans.
    await roleRow(settings, "Crew").dragTo(roleRow(settings, "Veterans"), { targetPosition: { x: 40, y: 40 } });
    await expect(roleNames(settings)).toHaveText(["Role Watcher", "Veterans", "Crew", "@everyone"]);
    await expect(roleNames(watching)).toHaveText(["Role Watcher", "Veterans", "Crew", "@everyone"]);
    expect(await axeViolations(page)).toEqual([]);
    await screen(page, "guild-settings-roles");

    // @everyone: only its permissions.
    await settings.getByRole("button", { name: "@everyone", exact: true }).click();
    await expect(editor.getByRole("textbox", { name: "Role name" })).toBeDisabled();
    await expect(
      editor.getByText("@everyone is every member of the guild: only its permissions can be changed."),
    ).toBeVisible();
    await expect(editor.getByRole("switch", { name: "Create Invite" })).toBeEnabled();
    await editor.getByRole("button", { name: "All roles" }).click();

    // Deleting asks first; the member's list and the bot follow.
    await settings.getByRole("button", { name: "Veterans", exact: true }).click();
    await editor.getByRole("button", { name: "Delete role…" }).click();
    await editor.getByRole("button", { name: "Yes, delete Veterans" }).click();
    await expect(settings.getByText("Veterans was deleted.")).toBeVisible();
    await expect(roleNames(settings)).toHaveText(["Role Watcher", "Crew", "@everyone"]);
    await expect(roleNames(watching)).toHaveText(["Role Watcher", "Crew", "@everyone"]);
    await expect.poll(() => botRoles()?.some((r) => r.name === "Veterans")).toBe(false);
    expect(new Set(heard)).toEqual(new Set(["GUILD_ROLE_CREATE", "GUILD_ROLE_UPDATE", "GUILD_ROLE_DELETE"]));

    await page.setViewportSize(PHONE);
    await screen(page, "guild-settings-roles-phone");
    expect(await axeViolations(page)).toEqual([]);
    await settings.getByRole("button", { name: "Crew", exact: true }).click();
    await screen(page, "guild-settings-role-editor-phone");
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await bot.destroy();
  }
});

test("a moderator below another role sees that role's controls unavailable with the reason, and grants only what they hold", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const cara = await people.get("cara");
  const guild = await guildWith(service, ann, "Ranked Hall", [cara]);
  const { domain } = await service.domain();
  const guildId = BigInt(guild.guildId);
  const helpers = await domain.roles.create(ann.id, guildId, { name: "Helpers" });
  const mods = await domain.roles.create(ann.id, guildId, {
    name: "Mods",
    permissions: (Permission.ManageRoles | Permission.KickMembers).toString(),
  });
  const admins = await domain.roles.create(ann.id, guildId, {
    name: "Admins",
    permissions: Permission.Administrator.toString(),
  });
  await domain.roles.move(ann.id, guildId, [
    { id: admins.id, position: 3 },
    { id: mods.id, position: 2 },
    { id: helpers.id, position: 1 },
  ]);
  await domain.memberRoles.addRole(ann.id, guildId, cara.id, BigInt(mods.id));

  const page = await people.open(cara, guild.path);
  await page.setViewportSize(DESKTOP);
  await live(page);
  const settings = await openGuildSettings(page, "Roles");
  await expect(roleNames(settings)).toHaveText(["Admins", "Mods", "Helpers", "@everyone"]);
  await expect(settings.getByText("You can change and move the roles below your highest role, Mods.")).toBeVisible();
  await expect(roleRow(settings, "Admins").getByTestId("role-note")).toHaveText(
    "Ranks above your highest role · can’t be changed or moved",
  );
  await expect(roleRow(settings, "Mods").getByTestId("role-note")).toHaveText(
    "Your highest role · only roles below it can be changed",
  );
  for (const direction of ["up", "down"]) {
    const arrow = settings.getByRole("button", { name: `Move Admins ${direction}` });
    await expect(arrow).toHaveAttribute("aria-disabled", "true");
    await expect(arrow).toHaveAccessibleDescription(
      "Admins ranks above your highest role, Mods: you can only edit and move roles below it.",
    );
  }
  await expect(settings.getByRole("button", { name: "Move Helpers up" })).toHaveAccessibleDescription(
    "Helpers can’t go higher: the roles above it are at or above your highest role.",
  );
  // An unavailable arrow does nothing, even pressed.
  await settings.getByRole("button", { name: "Move Admins down" }).focus();
  await page.keyboard.press("Enter");
  await expect(roleNames(settings)).toHaveText(["Admins", "Mods", "Helpers", "@everyone"]);
  expect(await axeViolations(page)).toEqual([]);
  await screen(page, "guild-settings-roles-moderator");

  await settings.getByRole("button", { name: "Admins", exact: true }).click();
  const editor = settings.getByTestId("role-editor");
  await expect(editor.getByTestId("role-edit-reason")).toHaveText(
    "Admins ranks above your highest role, Mods: you can only edit and move roles below it.",
  );
  await expect(editor.getByRole("textbox", { name: "Role name" })).toBeDisabled();
  await expect(editor.getByRole("switch", { name: "Administrator" })).toBeDisabled();
  const remove = editor.getByRole("button", { name: "Delete role…" });
  await expect(remove).toHaveAttribute("aria-disabled", "true");
  await expect(remove).toHaveAccessibleDescription(
    "Admins ranks above your highest role, Mods: you can only edit and move roles below it.",
  );
  await editor.getByRole("button", { name: "All roles" }).click();

  // Helpers is in reach: Kick Members (held) can be granted, Ban Members (not held) can't, and says why.
  await settings.getByRole("button", { name: "Helpers", exact: true }).click();
  await expect(editor.getByRole("switch", { name: "Ban Members" })).toBeDisabled();
  await expect(editor.getByRole("switch", { name: "Ban Members" })).toHaveAccessibleDescription(
    /You don’t have this permission yourself, so you can’t grant it\./,
  );
  await editor.getByRole("switch", { name: "Kick Members" }).check();
  await editor.getByRole("button", { name: "Save changes" }).click();
  await expect(editor.getByRole("region", { name: "Unsaved changes" })).toBeHidden();
  const stored = (await domain.roles.list(guildId, ann.id)).find((r) => r.id === helpers.id);
  expect(BigInt(stored?.permissions ?? "0")).toBe(Permission.KickMembers);

  await page.setViewportSize(PHONE);
  await screen(page, "guild-settings-role-moderator-phone");
  expect(await axeViolations(page)).toEqual([]);
});
