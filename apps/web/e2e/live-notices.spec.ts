import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, guildWith, live, moderatorBot, PHONE, sidebars, test } from "./support/live-people";
import { screen } from "./support/people";

/** When the guild or channel on screen goes away, the person is told why, not left on a dead page. */

function notice(page: Page) {
  return page.getByTestId("live-notice");
}

test("kicked while viewing the guild: a notice says so, the guild leaves the rail, and Got it dismisses it", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const guild = await guildWith(service, ann, "Kick Corner", [ben]);
  const bot = await moderatorBot(service, ann, guild.guildId);
  const benPage = await people.open(ben, guild.path);
  await live(benPage);
  const rail = sidebars(benPage).rail;
  await expect(rail.getByRole("link", { name: "Kick Corner" })).toBeVisible();

  await bot.rest("DELETE", `/guilds/${guild.guildId}/members/${ben.id}`);
  await expect(notice(benPage)).toHaveRole("alert");
  await expect(notice(benPage).getByRole("heading")).toHaveText("You’re no longer in Kick Corner");
  await expect(rail.getByRole("link", { name: "Kick Corner" })).toHaveCount(0);
  // Taken Home, where the notice stays until read.
  await expect(benPage).toHaveURL(/\/channels$/);
  await expect(notice(benPage)).toBeVisible();
  // The tab's title follows the place (Next.js puts the route's own in after the move).
  await expect(benPage).toHaveTitle("Chat");

  const { violations } = await new AxeBuilder({ page: benPage }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await screen(benPage, "live-notice");
  await benPage.setViewportSize(PHONE);
  await screen(benPage, "live-notice-phone");

  await notice(benPage).getByRole("button", { name: "Got it" }).click();
  await expect(notice(benPage)).toHaveCount(0);
  await expect(benPage.getByRole("heading", { name: `Welcome, ${ben.username}!` })).toBeVisible();
});

test("banned while viewing the guild: the same notice, and the guild leaves the rail", async ({ people, service }) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const guild = await guildWith(service, ann, "Ban Hammer", [ben]);
  const bot = await moderatorBot(service, ann, guild.guildId);
  const benPage = await people.open(ben, guild.path);
  await live(benPage);

  await bot.rest("PUT", `/guilds/${guild.guildId}/bans/${ben.id}`, {});
  await expect(notice(benPage).getByRole("heading")).toHaveText("You’re no longer in Ban Hammer");
  await expect(sidebars(benPage).rail.getByRole("link", { name: "Ban Hammer" })).toHaveCount(0);
  await notice(benPage).getByRole("button", { name: "Got it" }).click();
  await expect(notice(benPage)).toHaveCount(0);
});

test("the open channel is deleted: '#name is gone', and it leaves the channel list", async ({ people, service }) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const guild = await guildWith(service, ann, "Shrinking Guild", [ben]);
  const bot = await moderatorBot(service, ann, guild.guildId);
  const doomed = await (await service.domain()).domain.channels.create(BigInt(guild.guildId), ann.id, {
    name: "doomed",
  });
  const benPage = await people.open(ben, `/channels/${guild.guildId}/${doomed.id}`);
  await live(benPage);
  const channels = sidebars(benPage).channels.getByRole("link");
  await expect(channels).toHaveText(["general", "doomed"]);

  await bot.rest("DELETE", `/channels/${doomed.id}`);
  await expect(notice(benPage)).toHaveRole("alert");
  await expect(notice(benPage).getByRole("heading")).toHaveText("#doomed is gone");
  await expect(channels).toHaveText(["general"]);
  // Taken to the guild, where the notice stays until read; then its first channel opens.
  await expect(benPage).toHaveURL(new RegExp(`/channels/${guild.guildId}$`));
  await expect(notice(benPage)).toBeVisible();
  await notice(benPage).getByRole("button", { name: "Got it" }).click();
  await expect(notice(benPage)).toHaveCount(0);
  await expect(benPage.getByRole("textbox", { name: "Message #general" })).toBeEnabled();
});

test("the guild is deleted while someone views it: '… was deleted'", async ({ people, service }) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const guild = await guildWith(service, ann, "Ghost Town", [ben]);
  const benPage = await people.open(ben, guild.path);
  await live(benPage);

  await (await service.domain()).domain.guildSettings.remove(ann.id, BigInt(guild.guildId));
  await expect(notice(benPage)).toHaveRole("alert");
  await expect(notice(benPage).getByRole("heading")).toHaveText("Ghost Town was deleted");
  await expect(sidebars(benPage).rail.getByRole("link", { name: "Ghost Town" })).toHaveCount(0);
  await expect(benPage).toHaveURL(/\/channels$/);
  await expect(notice(benPage)).toBeVisible();
  await notice(benPage).getByRole("button", { name: "Got it" }).click();
  await expect(notice(benPage)).toHaveCount(0);
});
