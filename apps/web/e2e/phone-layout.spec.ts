import AxeBuilder from "@axe-core/playwright";
import { expect, guildWith, live, PHONE, test } from "./support/live-people";
import { screen } from "./support/people";

/** At a phone's width (390 px) the open channel fills the screen; the guilds and channels are a drawer. */

test("on a phone the channel fills the screen and the guilds and channels open as a drawer from its header", async ({ people, service }) => {
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
