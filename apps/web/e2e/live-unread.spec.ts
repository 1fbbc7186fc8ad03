import { expect, test } from "./fixtures/service";
import { createGuild, logIn, messages, screen, sendMessage, signUp, uniqueName } from "./support/people";

/**
 * Unread markers, mention badges, the "New messages" divider and the title's count follow what
 * the other person sends, live; reading a channel in one tab clears it in every tab and on the
 * person's other devices (read states are stored per person); a reload shows the same.
 */
test("unread channels, mention badges, the new-messages divider and the title count follow live and agree across tabs and devices", async ({
  page,
  browser,
  service,
}) => {
  const alice = uniqueName("alice");
  await signUp(page, alice);
  const { guildId, channelId: general } = await createGuild(page, "Unread Club");
  const { domain } = await service.domain();
  const aliceUser = await domain.users.findByUsername(alice);
  if (!aliceUser) throw new Error("sign-up did not create Alice");
  const random = (await domain.channels.create(BigInt(guildId), aliceUser.id, { name: "random", type: 0 })) as {
    id: string;
  };

  const bobContext = await browser.newContext({ baseURL: service.webUrl });
  const bobPage = await bobContext.newPage();
  const bob = uniqueName("bob");
  await signUp(bobPage, bob);
  const bobUser = await domain.users.findByUsername(bob);
  if (!bobUser) throw new Error("sign-up did not create Bob");
  await domain.members.addPerson(BigInt(guildId), bobUser.id);
  await bobPage.goto(`/channels/${guildId}/${general}`);
  const bobSecondTab = await bobContext.newPage();
  await bobSecondTab.goto(`/channels/${guildId}/${general}`);
  // Bob's other device (its own browser and sign-in) sits on Home: the guild is not open there, so its rail item carries the marks.
  const otherDeviceContext = await browser.newContext({ baseURL: service.webUrl });
  const otherDevice = await otherDeviceContext.newPage();
  await logIn(otherDevice, bob);
  await expect(otherDevice).toHaveURL(/\/channels/);
  await otherDevice.goto("/channels/@me");
  const randomLink = (p: typeof page) =>
    p.getByRole("navigation", { name: "Channels" }).getByRole("link", { name: "random" });
  const rail = (p: typeof page) =>
    p
      .getByRole("navigation", { name: "Guilds" })
      .getByRole("listitem")
      .filter({ has: p.getByRole("link", { name: "Unread Club" }) });
  for (const p of [bobPage, bobSecondTab]) await expect(randomLink(p)).not.toHaveAttribute("data-unread");

  // A message in #random: unread for Bob (bold, described as unread), no mention yet.
  await page.goto(`/channels/${guildId}/${random.id}`);
  await sendMessage(page, "random", "anyone around?");
  for (const p of [bobPage, bobSecondTab]) {
    await expect(randomLink(p)).toHaveAttribute("data-unread", "true");
    await expect(randomLink(p)).toHaveAccessibleDescription("Unread messages");
    await expect(randomLink(p).getByTestId("mention-badge")).toHaveCount(0);
  }
  await expect(rail(otherDevice).getByRole("link", { name: "Unread Club" })).toHaveAttribute("data-unread", "true");
  await expect(rail(otherDevice).getByTestId("mention-badge")).toHaveCount(0);

  // Two mentions of Bob: badges on the channel and the guild, and the count in the title.
  await sendMessage(page, "random", `<@${bobUser.id}> are you there?`);
  await sendMessage(page, "random", `<@${bobUser.id}> ping`);
  for (const p of [bobPage, bobSecondTab]) {
    await expect(randomLink(p).getByTestId("mention-badge")).toHaveText("2");
    await expect(randomLink(p)).toHaveAccessibleDescription("2 mentions");
    await expect(rail(p).getByTestId("mention-badge")).toHaveText("2");
    await expect(p).toHaveTitle("(2) #general · Chat");
  }
  await expect(rail(otherDevice).getByTestId("mention-badge")).toHaveText("2");
  await screen(bobPage, "unread-mentions");
  await bobPage.setViewportSize({ width: 390, height: 844 });
  await screen(bobPage, "unread-mentions-phone");
  await bobPage.setViewportSize({ width: 1440, height: 900 });

  // Bob opens #random in one tab: the divider marks where the new messages begin; both tabs clear.
  await randomLink(bobPage).click();
  await expect(messages(bobPage)).toHaveText(["anyone around?", `@${bob} are you there?`, `@${bob} ping`]);
  const divider = bobPage.getByTestId("new-messages-divider");
  await expect(divider).toHaveText("New messages");
  await expect(divider.locator("xpath=following-sibling::*[1]")).toContainText("anyone around?");
  await screen(bobPage, "new-messages-divider");
  for (const p of [bobPage, bobSecondTab, otherDevice])
    await expect(rail(p).getByTestId("mention-badge")).toHaveCount(0);
  for (const p of [bobPage, bobSecondTab]) await expect(randomLink(p).getByTestId("mention-badge")).toHaveCount(0);
  await expect(rail(otherDevice).getByRole("link", { name: "Unread Club" })).not.toHaveAttribute("data-unread");
  await expect(bobPage).toHaveTitle("#random · Chat");
  await expect(bobSecondTab).toHaveTitle("#general · Chat");
  await expect(randomLink(bobSecondTab)).not.toHaveAttribute("data-unread");

  // Bob's own message never makes a channel unread for him; Alice's next one does, in the other tab.
  await sendMessage(bobPage, "random", "here now");
  await expect(messages(page).last()).toHaveText("here now");
  await expect(randomLink(bobSecondTab)).not.toHaveAttribute("data-unread");

  // What the tabs show live is what a reload shows (stored per person).
  await bobSecondTab.reload();
  await expect(randomLink(bobSecondTab)).not.toHaveAttribute("data-unread");
  await expect(bobSecondTab).toHaveTitle("#general · Chat");
  await otherDevice.reload();
  await expect(rail(otherDevice).getByRole("link", { name: "Unread Club" })).not.toHaveAttribute("data-unread");
  await otherDeviceContext.close();
  await bobContext.close();
});
