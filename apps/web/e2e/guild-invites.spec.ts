import type { Locator, Page } from "@playwright/test";
import { GatewayIntentBits } from "discord.js";
import type { APIInvite } from "discord-api-types/v10";
import { axeViolations } from "./support/axe";
import { startDiscordJsBot } from "./support/discordjs-bot";
import { openGuildSettings } from "./support/guild-settings";
import { expect, guildWith, live, moderatorBot, PHONE, test } from "./support/live-people";
import { openDialog, screen, sendMessage } from "./support/people";

/** Invite links from the web app: the dialog's reused link and its limits, the guild's Invites list, revoking. */

const DAY = 86_400;
const DESKTOP = { width: 1280, height: 800 };

/** Opens "Invite people" and answers the link it shows (once made). */
async function openInviteDialog(page: Page, guildName: string): Promise<{ dialog: Locator; link: string }> {
  const dialog = await openDialog(page, "Invite people", `Invite people to ${guildName}`);
  const field = dialog.getByTestId("invite-link");
  await expect(field).toHaveValue(/\/invite\/[A-Za-z0-9]+$/);
  return { dialog, link: await field.inputValue() };
}

const codeOf = (link: string) => link.split("/").pop() ?? "";

test("the invite dialog shows the same link each time it opens; other limits make a link with those limits", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const guild = await guildWith(service, ann, "Link Works");
  const bot = await moderatorBot(service, ann, guild.guildId);
  const page = await people.open(ann, guild.path);
  await page.setViewportSize(DESKTOP);
  await live(page);

  let { dialog, link } = await openInviteDialog(page, "Link Works");
  const first = link;
  await expect(dialog.getByTestId("invite-link-limits")).toHaveText("Expires in 1 day · Any number of uses");
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
  ({ dialog, link } = await openInviteDialog(page, "Link Works"));
  expect(link).toBe(first);
  // Not only this tab's memory: after a reload the same link comes back.
  await page.reload();
  await live(page);
  ({ dialog, link } = await openInviteDialog(page, "Link Works"));
  expect(link).toBe(first);

  await dialog.getByLabel("Expire after").selectOption({ label: "7 days" });
  await dialog.getByLabel("Max number of uses").selectOption({ label: "10 uses" });
  await dialog.getByRole("button", { name: "Update link" }).click();
  await expect(dialog.getByTestId("invite-link-limits")).toHaveText("Expires in 7 days · Up to 10 uses");
  const weekly = await dialog.getByTestId("invite-link").inputValue();
  expect(weekly).not.toBe(first);
  expect(await axeViolations(page)).toEqual([]);
  await screen(page, "invite-dialog-limits");

  await dialog.getByLabel("Expire after").selectOption({ label: "Never" });
  await dialog.getByLabel("Max number of uses").selectOption({ label: "No limit" });
  await dialog.getByRole("button", { name: "Update link" }).click();
  await expect(dialog.getByTestId("invite-link-limits")).toHaveText("Never expires · Any number of uses");
  const forever = await dialog.getByTestId("invite-link").inputValue();

  // What bots read back (REST, Manage Guild) holds the limits chosen.
  const invites = (await bot.rest("GET", `/guilds/${guild.guildId}/invites`)) as APIInvite[];
  const byCode = new Map(invites.map((invite) => [invite.code, invite]));
  expect(byCode.get(codeOf(first))).toMatchObject({ max_age: DAY, max_uses: 0 });
  const week = byCode.get(codeOf(weekly)) as APIInvite & { max_age: number; created_at: string };
  expect(week).toMatchObject({ max_age: 7 * DAY, max_uses: 10, uses: 0 });
  expect(Date.parse(week.expires_at ?? "") - Date.parse(week.created_at)).toBe(7 * DAY * 1000);
  expect(byCode.get(codeOf(forever))).toMatchObject({ max_age: 0, max_uses: 0, expires_at: null });
  // Only the links asked for: the choices on the way made none.
  expect(invites).toHaveLength(3);

  await page.setViewportSize(PHONE);
  await screen(page, "invite-dialog-phone");
  expect(await axeViolations(page)).toEqual([]);
});

test("the Invites list shows inviter, uses and expiry; a revoked link no longer works and a bot hears of no invite events", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const cara = await people.get("cara");
  const dan = await people.get("dan");
  const guild = await guildWith(service, ann, "Invite Desk", [ben]);
  const { domain } = await service.domain();
  const heard: string[] = [];
  const client = await startDiscordJsBot(service, ann, guild.guildId, {
    name: "Listener",
    commands: [],
    answer: async () => {},
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildInvites, GatewayIntentBits.GuildMessages],
  });
  client.on("raw", (packet: { t?: string | null }) => {
    if (packet.t) heard.push(packet.t);
  });
  try {
    const bens = await domain.invites.create(BigInt(guild.channelId), ben.id, { max_age: DAY, max_uses: 5 });
    await domain.invites.accept(cara.id, bens.code);
    const page = await people.open(ann, guild.path);
    await page.setViewportSize(DESKTOP);
    await live(page);
    const { link } = await openInviteDialog(page, "Invite Desk");
    await page.keyboard.press("Escape");
    const anns = codeOf(link);

    const settings = await openGuildSettings(page, "Invites");
    const rows = settings.getByRole("list", { name: "Invites" }).getByTestId("guild-invite");
    await expect(rows).toHaveCount(2);
    const bensRow = rows.filter({ hasText: bens.code });
    await expect(bensRow.getByTestId("invite-inviter")).toHaveText(ben.username);
    await expect(bensRow.getByTestId("invite-uses")).toHaveText("1 of 5 uses");
    await expect(bensRow.getByTestId("invite-expiry")).toHaveText("Expires in 1 day");
    const annsRow = rows.filter({ hasText: anns });
    await expect(annsRow.getByTestId("invite-inviter")).toHaveText(ann.username);
    await expect(annsRow.getByTestId("invite-uses")).toHaveText("0 uses");
    expect(await axeViolations(page)).toEqual([]);
    await screen(page, "guild-settings-invites");

    await bensRow.getByRole("button", { name: `Revoke invite ${bens.code}` }).click();
    await expect(rows).toHaveCount(1);
    await expect(settings.getByRole("status").filter({ hasText: `Invite ${bens.code} revoked.` })).toBeAttached();
    await page.setViewportSize(PHONE);
    await screen(page, "guild-settings-invites-phone");
    expect(await axeViolations(page)).toEqual([]);

    // Someone else following the revoked link finds it gone.
    const dansPage = await people.open(dan, `/invite/${bens.code}`);
    await expect(dansPage.getByRole("heading", { name: "This invite doesn’t work" })).toBeVisible();

    // No event tells the list of new invites: opening the section again asks for it again.
    await settings.getByRole("button", { name: "Overview" }).click();
    const newer = await domain.invites.create(BigInt(guild.channelId), ben.id, { max_age: 0, max_uses: 1 });
    await settings.getByRole("button", { name: "Invites" }).click();
    await expect(rows).toHaveText([new RegExp(anns), new RegExp(newer.code)]);

    // The spec sends bots no invite events: by the time this message reaches the bot, nothing about invites came before it.
    await page.keyboard.press("Escape");
    await expect(settings).toBeHidden();
    await page.setViewportSize(DESKTOP);
    await sendMessage(page, "general", "after the invites");
    await expect.poll(() => heard.includes("MESSAGE_CREATE")).toBe(true);
    expect(heard.filter((t) => t.startsWith("INVITE_"))).toEqual([]);
  } finally {
    await client.destroy();
  }
});

test("a member without Manage Guild sees their own invite with Revoke unavailable, and why", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const guild = await guildWith(service, ann, "Member View", [ben]);
  const bot = await moderatorBot(service, ann, guild.guildId);
  const { domain } = await service.domain();
  await domain.invites.create(BigInt(guild.channelId), ann.id, { max_age: 0 });
  const page = await people.open(ben, guild.path);
  await page.setViewportSize(DESKTOP);
  await live(page);
  const { link } = await openInviteDialog(page, "Member View");
  await page.keyboard.press("Escape");

  // By keyboard: the settings open on the first section's button; Tab goes along the sections to Invites.
  const settings = await openDialog(page, "Guild settings", "Guild settings");
  await expect(settings.getByRole("button", { name: "Overview" })).toBeFocused();
  const invitesButton = settings.getByRole("button", { name: "Invites" });
  for (let tabs = 0; tabs < 8 && !(await invitesButton.evaluate((button) => button === document.activeElement)); tabs++)
    await page.keyboard.press("Tab");
  await expect(invitesButton).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(settings.getByRole("heading", { name: "Invites" })).toBeVisible();
  const rows = settings.getByRole("list", { name: "Invites" }).getByTestId("guild-invite");
  await expect(rows).toHaveText([new RegExp(codeOf(link))]);
  const revoke = rows.getByRole("button", { name: `Revoke invite ${codeOf(link)}` });
  await expect(revoke).toHaveAttribute("aria-disabled", "true");
  await expect(revoke).toHaveAccessibleDescription(
    /Revoking needs Manage Guild, or Manage Channels in the invite’s channel\./,
  );
  await revoke.focus();
  await page.keyboard.press("Enter");
  await expect(rows).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
  await screen(page, "guild-settings-invites-member");
  const invites = (await bot.rest("GET", `/guilds/${guild.guildId}/invites`)) as APIInvite[];
  expect(invites.map((i) => i.code)).toContain(codeOf(link));
});
