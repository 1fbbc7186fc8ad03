import type { Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { expect, guildWith, live, moderatorBot, PHONE, test } from "./support/live-people";
import { PASSWORD, screen } from "./support/people";
import { twoColourPng } from "./support/png";

/**
 * DMs, profile cards and one's own profile (issue 15): a bot's DM reaches the person live with
 * a badge on Home; a profile card opens the DM with a guild-mate; a display name and a cropped
 * picture reach the others live; deleting the account ends the session.
 */

const homeItem = (page: Page) =>
  page
    .getByRole("navigation", { name: "Guilds" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: "Home" }) });
/** A member of the member list, as the button opening their card. */
const memberButton = (page: Page, name: string) =>
  page
    .getByRole("complementary", { name: "Members" })
    .locator('button[aria-haspopup="dialog"]')
    .filter({ hasText: name });
const dmLink = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Direct messages" }).getByRole("link", { name: new RegExp(`^${name}`) });

test("a bot's DM reaches the person live with a Home badge and opens as a conversation", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const guild = await guildWith(service, ann, "Builds", [ben]);
  const bot = await moderatorBot(service, ann, guild.guildId, "Pager");
  const page = await people.open(ben, guild.path);
  await live(page);

  const dm = (await bot.rest("POST", "/users/@me/channels", { recipient_id: ben.id.toString() })) as { id: string };
  await bot.rest("POST", `/channels/${dm.id}/messages`, { content: "Your build passed" });
  await expect(homeItem(page).getByTestId("mention-badge")).toHaveText("1");
  await expect(page.getByRole("link", { name: "Home" })).toHaveAccessibleDescription("Home 1 mention");

  await page.getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(/\/channels\/@me$/);
  await expect(dmLink(page, "Pager")).toHaveAttribute("data-unread", "true");
  await dmLink(page, "Pager").click();
  await expect(page).toHaveURL(new RegExp(`/channels/@me/${dm.id}$`));
  await expect(page.getByRole("log").getByTestId("message-content")).toHaveText(["Your build passed"]);
  await expect(page.getByRole("textbox", { name: "Message @Pager" })).toBeEnabled();
  await expect(page.getByRole("complementary", { name: "Members" })).toHaveCount(0);
  await expect(homeItem(page).getByTestId("mention-badge")).toHaveCount(0);
  await expect(dmLink(page, "Pager")).not.toHaveAttribute("data-unread");

  // Another arrives while the DM is open: it shows at once, and stays read.
  await bot.rest("POST", `/channels/${dm.id}/messages`, { content: "Deploying now" });
  await expect(page.getByRole("log").getByTestId("message-content").last()).toHaveText("Deploying now");
  await expect.poll(() => axeViolations(page)).toEqual([]);
  await screen(page, "dm-bot");
  await page.setViewportSize(PHONE);
  await screen(page, "dm-bot-phone");
  await page.getByRole("button", { name: "Guilds and channels" }).click();
  await expect(dmLink(page, "Pager")).toBeVisible();
  await screen(page, "dm-home-phone");
});

test("Ann opens Ben's profile card from his message and messages him; Ben sees it live", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const guild = await guildWith(service, ann, "Cards", [ben]);
  const { domain } = await service.domain();
  const role = (await domain.roles.create(ann.id, BigInt(guild.guildId), { name: "Gardener", color: 0x2ecc71 })) as {
    id: string;
  };
  await domain.memberRoles.addRole(ann.id, BigInt(guild.guildId), ben.id, BigInt(role.id));

  const benPage = await people.open(ben, guild.path);
  await live(benPage);
  await benPage.getByRole("textbox", { name: "Message #general" }).fill("Who waters the plants?");
  await benPage.keyboard.press("Enter");

  const page = await people.open(ann, guild.path);
  await live(page);
  const said = page.getByRole("log").getByTestId("message").filter({ hasText: "Who waters the plants?" });
  await said.getByRole("button", { name: ben.username }).click();
  const card = page.getByRole("dialog", { name: `Profile of ${ben.username}` });
  await expect(card).toBeVisible();
  await expect(card).toContainText(`@${ben.username}`);
  await expect(card.getByRole("region", { name: "Roles" })).toContainText("Gardener");
  await expect.poll(() => axeViolations(page)).toEqual([]);
  await screen(page, "profile-card");
  await page.keyboard.press("Escape");
  await expect(card).toHaveCount(0);

  // Her own card (from the member list) has no Message button.
  await memberButton(page, ann.username).click();
  await expect(page.getByRole("dialog", { name: `Profile of ${ann.username}` })).toBeVisible();
  await expect(
    page.getByRole("dialog", { name: `Profile of ${ann.username}` }).getByRole("button", { name: /^Message/ }),
  ).toHaveCount(0);
  await page.keyboard.press("Escape");

  // At phone width the card fits the screen.
  await page.setViewportSize(PHONE);
  await said.getByRole("button", { name: ben.username }).click();
  await expect(card).toBeInViewport({ ratio: 1 });
  await screen(page, "profile-card-phone");
  await card.getByRole("button", { name: `Message ${ben.username}` }).click();
  await expect(page).toHaveURL(/\/channels\/@me\/\d+$/);
  const box = page.getByRole("textbox", { name: `Message @${ben.username}` });
  await box.fill("I will, on Tuesdays");
  await box.press("Enter");

  await expect(homeItem(benPage).getByTestId("mention-badge")).toHaveText("1");
  await benPage.getByRole("link", { name: "Home" }).click();
  await dmLink(benPage, ann.username).click();
  await expect(benPage.getByRole("log").getByTestId("message-content")).toHaveText(["I will, on Tuesdays"]);
  await benPage.getByRole("textbox", { name: `Message @${ann.username}` }).fill("Thank you!");
  await benPage.keyboard.press("Enter");
  await expect(page.getByRole("log").getByTestId("message-content").last()).toHaveText("Thank you!");
});

test("Cat sets a display name and a cropped picture that Ben sees live, then deletes her account", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const cat = await people.get("cat");
  const guild = await guildWith(service, ann, "Profiles", [ben, cat]);
  const benPage = await people.open(ben, guild.path);
  await live(benPage);
  await expect(memberButton(benPage, cat.username)).toBeVisible();

  const page = await people.open(cat, "/settings/account");
  // Past the field's own limit (as a script could send it), the server's refusal is shown on the field.
  await page.getByLabel("Display name").evaluate((input: HTMLInputElement) => input.removeAttribute("maxlength"));
  await page.getByLabel("Display name").fill("x".repeat(33));
  await page.getByRole("button", { name: "Save display name" }).click();
  await expect(page.getByLabel("Display name")).toHaveAccessibleDescription("Must be between 1 and 32 in length.");
  await page.getByLabel("Display name").fill("Catherine Wheel");
  await page.getByRole("button", { name: "Save display name" }).click();
  await expect(page.getByText("Display name saved.")).toBeVisible();
  await expect(memberButton(benPage, "Catherine Wheel")).toBeVisible();

  await page
    .getByLabel("Picture file")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: twoColourPng(400, [200, 60, 60], [40, 90, 200]) });
  const cropper = page.getByRole("dialog", { name: "Crop your picture" });
  await expect(cropper.getByTestId("avatar-cropper").locator("img")).toBeVisible();
  await cropper.getByRole("slider", { name: "Zoom" }).fill("1.5");
  await expect.poll(() => axeViolations(page)).toEqual([]);
  await screen(page, "settings-crop");
  await cropper.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Picture saved.")).toBeVisible();
  await expect(page.getByRole("main").getByTestId("avatar-picture")).toBeVisible();
  await expect.poll(() => axeViolations(page)).toEqual([]);
  await screen(page, "settings-profile");
  await page.setViewportSize(PHONE);
  await screen(page, "settings-profile-phone");

  const catRow = memberButton(benPage, "Catherine Wheel");
  await expect(catRow.getByTestId("avatar-picture")).toBeVisible();
  await expect
    .poll(() =>
      catRow.getByTestId("avatar-picture").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBe(256);
  await screen(benPage, "member-avatar");

  await page.getByRole("button", { name: "Delete account" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(confirm.getByRole("button", { name: "Delete my account" })).toBeDisabled();
  await confirm.getByLabel("Type DELETE to confirm").fill("DELETE");
  await expect(confirm.getByRole("button", { name: "Delete my account" })).toBeDisabled();
  await confirm.getByLabel("Your password").fill("not my password");
  await confirm.getByRole("button", { name: "Delete my account" }).click();
  await expect(confirm.getByText("Password does not match.")).toBeVisible();
  await confirm.getByLabel("Your password").fill(PASSWORD);
  await confirm.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(memberButton(benPage, "Catherine Wheel")).toHaveCount(0);
});
