import AxeBuilder from "@axe-core/playwright";
import { expect, guildWith, live, PHONE, test } from "./support/live-people";
import { screen } from "./support/people";

/** At a phone's width (390 px) the open channel fills the screen; the guilds and channels are a drawer. */

test("on a phone the channel fills the screen and the guilds and channels open as a drawer from its header", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const guild = await guildWith(service, ann, "Pocket Guild");
  const { domain } = await service.domain();
  const second = await domain.channels.create(BigInt(guild.guildId), ann.id, { name: "random", type: 0 });
  const page = await people.open(ann, guild.path);
  await page.setViewportSize(PHONE);
  await live(page);

  const channels = page.getByRole("navigation", { name: "Channels" });
  const toggle = page.getByRole("button", { name: "Guilds and channels" });
  await expect(channels).toBeHidden();
  await expect(page.getByRole("textbox", { name: "Message #general" })).toBeInViewport();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");

  await toggle.click();
  await expect(channels).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Guilds" })).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await screen(page, "phone-drawer");

  // Escape closes it and gives the focus back to the button that opened it.
  await channels.getByRole("link", { name: /general/ }).focus();
  await page.keyboard.press("Escape");
  await expect(channels).toBeHidden();
  await expect(toggle).toBeFocused();

  // Picking a channel closes it too.
  await toggle.click();
  await channels.getByRole("link", { name: /random/ }).click();
  await expect(page).toHaveURL(new RegExp(`/channels/${guild.guildId}/${second.id}$`));
  await expect(channels).toBeHidden();
  await expect(page.getByRole("textbox", { name: "Message #random" })).toBeInViewport();
});

test("on a phone the member list opens as a sheet from the channel's header and closes with Escape", async ({
  people,
  service,
}) => {
  const [ann, ben] = await Promise.all([people.get("ann"), people.get("ben")]);
  const guild = await guildWith(service, ann, "Sheet Guild", [ben]);
  const page = await people.open(ann, guild.path);
  await page.setViewportSize(PHONE);
  await live(page);

  const members = page.getByRole("dialog", { name: "Members" });
  const open = page.getByRole("button", { name: "Show members" });
  await expect(members).toBeHidden();
  await open.click();
  await expect(members).toBeVisible();
  await expect(members.getByTestId("member")).toHaveCount(2);
  await expect(members.getByText(ben.username)).toBeInViewport();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await screen(page, "phone-member-sheet");

  await page.keyboard.press("Escape");
  await expect(members).toBeHidden();
  await expect(open).toBeFocused();
  await open.click();
  await members.getByRole("button", { name: "Close members" }).click();
  await expect(members).toBeHidden();

  // Wide screens keep the list beside the chat and have no sheet button.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(open).toBeHidden();
  await expect(page.getByRole("complementary", { name: "Members" }).first()).toBeVisible();
});
