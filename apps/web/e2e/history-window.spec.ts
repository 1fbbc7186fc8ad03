import { expect, test } from "./fixtures/service";
import { axeViolations } from "./support/axe";
import { createGuild, messages, screen, signUp, uniqueName } from "./support/people";

/**
 * A long history keeps at most 150 messages in the page: scrolling up lets the newest go, a
 * bar offers to jump back to the present, and messages arriving while the reader is up there
 * are counted on it.
 */
test("scrolling through 400 messages keeps the page light, and Jump to present returns to the newest, counting those that arrived", async ({
  page,
  service,
}) => {
  const me = uniqueName("hana");
  await signUp(page, me);
  const { guildId, channelId } = await createGuild(page, "Archive");
  const { domain } = await service.domain();
  const person = await domain.users.findByUsername(me);
  if (!person) throw new Error("sign-up did not create the person");
  const app = await domain.applications.create(person.id, "Newsroom");
  await domain.members.addBot(person.id, BigInt(guildId), app.application.id, 3072n);
  for (let i = 1; i <= 400; i++)
    await domain.messages.create(BigInt(channelId), person.id, { content: `message ${i}` });

  await page.goto(`/channels/${guildId}/${channelId}`);
  await expect(messages(page).last()).toHaveText("message 400");
  await expect(page.getByTestId("jump-to-present")).toHaveCount(0);

  const scroller = page.getByTestId("message-scroller");
  const counts: number[] = [];
  await expect(async () => {
    await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
    counts.push(await messages(page).count());
    await expect(page.getByRole("heading", { name: "Welcome to #general!" })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 60_000 });
  expect(Math.max(...counts)).toBeLessThanOrEqual(150);
  await expect(messages(page).first()).toHaveText("message 1");
  await expect(page.getByText("message 400", { exact: true })).toHaveCount(0);
  const bar = page.getByTestId("jump-to-present");
  await expect(bar).toContainText("You’re viewing older messages");

  // A bot's message arrives while the reader is far up: the bar counts it.
  await domain.messages.create(BigInt(channelId), app.botUser.id, { content: "breaking news" });
  await expect(bar).toContainText("1 new message");
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await screen(page, "history-jump-to-present-phone");
  await page.setViewportSize({ width: 1280, height: 800 });

  await bar.getByRole("button", { name: "Jump to present" }).click();
  await expect(messages(page).last()).toHaveText("breaking news");
  await expect(messages(page).last()).toBeInViewport();
  await expect(bar).toHaveCount(0);
  expect(await messages(page).count()).toBeLessThanOrEqual(150);

  // Scrolling down from the top walks the window back to the present without a click.
  await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(page.getByTestId("jump-to-present")).toBeVisible();
  await expect(async () => {
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(page.getByTestId("jump-to-present")).toHaveCount(0, { timeout: 500 });
  }).toPass({ timeout: 30_000 });
  await expect(messages(page).last()).toHaveText("breaking news");
});
