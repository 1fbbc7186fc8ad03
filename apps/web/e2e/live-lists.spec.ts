import { expect, guildWith, live, moderatorBot, sidebars, test } from "./support/live-people";
import { openDialog } from "./support/people";

/** Members, channels and the guild rail follow the live stream: nobody reloads. */

test("someone who accepts an invite appears in the member list, and leaves it when kicked", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const guild = await guildWith(service, ann, "Member Hall");
  const bot = await moderatorBot(service, ann, guild.guildId);
  const invite = await (await service.domain()).domain.invites.create(BigInt(guild.channelId), ann.id, {});

  const annPage = await people.open(ann, guild.path);
  await live(annPage);
  const members = sidebars(annPage).members;
  await expect(members).toHaveCount(2);
  await expect(members.filter({ hasText: ben.username })).toHaveCount(0);

  const benPage = await people.open(ben, `/invite/${invite.code}`);
  await benPage.getByRole("button", { name: "Accept invite" }).click();
  await expect(benPage).toHaveURL(new RegExp(`${guild.path}$`));
  await expect(members.filter({ hasText: ben.username })).toHaveCount(1);
  await expect(members).toHaveCount(3);

  await bot.rest("DELETE", `/guilds/${guild.guildId}/members/${ben.id}`);
  await expect(members.filter({ hasText: ben.username })).toHaveCount(0);
  await expect(members).toHaveCount(2);

  await annPage.reload();
  await expect(members).toHaveCount(2);
  await expect(members.filter({ hasText: ben.username })).toHaveCount(0);
});

test("a new channel appears for the others, one hidden from them leaves their list, and a rename updates the list and the open header", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const guild = await guildWith(service, ann, "Channel Works", [ben]);
  const bot = await moderatorBot(service, ann, guild.guildId);

  const annPage = await people.open(ann, guild.path);
  const benPage = await people.open(ben, guild.path);
  await live(annPage);
  await live(benPage);
  const annChannels = sidebars(annPage).channels.getByRole("link");
  const benChannels = sidebars(benPage).channels.getByRole("link");
  await expect(benChannels).toHaveText(["general"]);

  const dialog = await openDialog(annPage, "Create a channel", "Create a channel");
  await dialog.getByRole("textbox", { name: "Channel name" }).fill("plans");
  await dialog.getByRole("button", { name: "Create channel" }).click();
  await expect(annChannels).toHaveText(["general", "plans"]);
  await expect(benChannels).toHaveText(["general", "plans"]);

  // Ben may no longer see #plans: it leaves his list, not Ann's.
  const plansId = (await annChannels.filter({ hasText: "plans" }).getAttribute("href"))?.split("/").pop();
  expect(plansId).toMatch(/^\d+$/);
  await bot.rest("PUT", `/channels/${plansId}/permissions/${ben.id}`, { type: 1, allow: "0", deny: "1024" });
  await expect(benChannels).toHaveText(["general"]);
  await expect(annChannels).toHaveText(["general", "plans"]);

  // Ben has #general open: the list, the header and the message box follow its new name.
  await bot.rest("PATCH", `/channels/${guild.channelId}`, { name: "lobby" });
  await expect(benChannels).toHaveText(["lobby"]);
  await expect(benPage.getByRole("heading", { level: 1 })).toHaveText("lobby");
  await expect(benPage.getByRole("textbox", { name: "Message #lobby" })).toBeEnabled();
  await expect(annChannels).toHaveText(["lobby", "plans"]);

  await benPage.reload();
  await expect(benChannels).toHaveText(["lobby"]);
  await expect(benPage.getByRole("heading", { level: 1 })).toHaveText("lobby");
});

test("a guild joined in another tab appears in the rail, and a rename shows in the rail and the sidebar title", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const first = await guildWith(service, ann, "First Guild", [ben]);
  const second = await guildWith(service, ann, "Second Guild");
  const invite = await (await service.domain()).domain.invites.create(BigInt(second.channelId), ann.id, {});

  const tabOne = await people.open(ben, first.path);
  await live(tabOne);
  const railOne = sidebars(tabOne).rail;
  await expect(railOne.getByRole("link", { name: "First Guild" })).toBeVisible();
  await expect(railOne.getByRole("link", { name: "Second Guild" })).toHaveCount(0);

  const tabTwo = await tabOne.context().newPage();
  await tabTwo.goto(`/invite/${invite.code}`);
  await tabTwo.getByRole("button", { name: "Accept invite" }).click();
  await expect(tabTwo).toHaveURL(new RegExp(`${second.path}$`));
  await expect(railOne.getByRole("link", { name: "Second Guild" })).toBeVisible();

  const annPage = await people.open(ann, second.path);
  await live(annPage);
  await live(tabTwo);
  const settings = await openDialog(annPage, "Guild settings", "Guild settings");
  await settings.getByRole("textbox", { name: "Guild name" }).fill("Renamed Guild");
  await settings.getByRole("button", { name: "Save name" }).click();
  await expect(settings).toBeHidden();

  await expect(tabTwo.getByTestId("sidebar-title")).toHaveText("Renamed Guild");
  for (const tab of [tabOne, tabTwo]) {
    const link = sidebars(tab).rail.getByRole("link", { name: "Renamed Guild" });
    await expect(link).toBeVisible();
    await expect(link).toHaveAccessibleDescription("Renamed Guild");
    await expect(sidebars(tab).rail.getByRole("link", { name: "Second Guild" })).toHaveCount(0);
  }

  await tabOne.reload();
  await expect(railOne.getByRole("link", { name: "Renamed Guild" })).toBeVisible();
});
