import { axeViolations } from "./support/axe";
import { openGuildSettings } from "./support/guild-settings";
import { expect, guildWith, live, PHONE, test } from "./support/live-people";
import { screen } from "./support/people";

/** The guild settings' Audit log: what was done, by whom, filtered; only for View Audit Log. */

const DESKTOP = { width: 1280, height: 800 };

test("the owner reads who did what, filters by action and by person; a member without View Audit Log is told why", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const cara = await people.get("cara");
  const guild = await guildWith(service, ann, "Record Room", [ben, cara]);
  const { domain } = await service.domain();
  const gid = BigInt(guild.guildId);
  const staff = await domain.roles.create(ann.id, gid, { name: "Staff", permissions: (1n << 4n).toString() });
  await domain.memberRoles.addRole(ann.id, gid, ben.id, BigInt(staff.id));
  const plans = await domain.channels.create(gid, ben.id, { name: "plans", type: 0 });
  await domain.channels.create(gid, ann.id, { name: "news", type: 0 });
  await domain.channels.delete(BigInt(plans.id), ben.id);
  await domain.members.kick(ann.id, gid, cara.id);

  const page = await people.open(ann, guild.path);
  await page.setViewportSize(DESKTOP);
  await live(page);
  const settings = await openGuildSettings(page, "Audit log");
  const entries = settings.getByRole("list", { name: "Audit log entries" }).getByTestId("audit-entry");
  await expect(entries).toHaveText([
    new RegExp(`${ann.username} kicked ${cara.username}`),
    new RegExp(`${ben.username} deleted channel #plans`),
    new RegExp(`${ann.username} created channel #news`),
    new RegExp(`${ben.username} created channel #plans`),
    new RegExp(`${ann.username} gave ${ben.username} Staff`),
    new RegExp(`${ann.username} created role Staff`),
  ]);
  expect(await axeViolations(page)).toEqual([]);
  await screen(page, "guild-settings-audit-log");

  await settings.getByLabel("Done by").selectOption({ label: ben.username });
  await expect(entries).toHaveText([/deleted channel #plans/, /created channel #plans/]);
  await settings.getByLabel("Action").selectOption({ label: "Channel created" });
  await expect(entries).toHaveText([/created channel #plans/]);
  await settings.getByLabel("Action").selectOption({ label: "Member kicked" });
  await expect(settings.getByTestId("no-audit-entries")).toContainText("Nothing matches these filters");
  await settings.getByLabel("Done by").selectOption({ label: "Anyone" });
  await expect(entries).toHaveText([new RegExp(`kicked ${cara.username}`)]);
  await page.setViewportSize(PHONE);
  await screen(page, "guild-settings-audit-log-phone");
  expect(await axeViolations(page)).toEqual([]);

  // Ben has Manage Channels but not View Audit Log.
  const bensPage = await people.open(ben, guild.path);
  await live(bensPage);
  const bensSettings = await openGuildSettings(bensPage, "Audit log");
  await expect(bensSettings.getByText("Viewing the audit log needs View Audit Log.")).toBeVisible();
  await expect(bensSettings.getByTestId("audit-entry")).toHaveCount(0);
});
