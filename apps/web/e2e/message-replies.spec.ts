import type { Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { expect, guildWith, live, PHONE, test } from "./support/live-people";
import { expectAllSent, screen, sendMessage } from "./support/people";

function message(page: Page, text: string | RegExp) {
  return page
    .getByRole("log")
    .getByTestId("message")
    .filter({ has: page.getByTestId("message-content").filter({ hasText: text }) });
}

function composer(page: Page) {
  return page.getByRole("textbox", { name: "Message #general" });
}

test("Ann replies to Ben: the quote jumps to the original, a message link opens it highlighted, and a deleted original says so, live", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const guild = await guildWith(service, ann, "Reply Room", [ben]);
  const annPage = await people.open(ann, guild.path, { permissions: ["clipboard-read", "clipboard-write"] });
  const benPage = await people.open(ben, guild.path);
  await live(annPage);
  await live(benPage);

  await sendMessage(benPage, "general", "Who is bringing the cake?");
  for (const text of ["Plates are in the cupboard", "Doors open at six", "Music is sorted", "Balloons too"])
    await sendMessage(benPage, "general", text);
  await expectAllSent(benPage);
  await expect(message(annPage, "Balloons too")).toBeVisible();

  // Reply from the toolbar: the composer says to whom, and Escape gives up.
  await message(annPage, "Who is bringing the cake?").hover();
  await message(annPage, "Who is bringing the cake?").getByRole("button", { name: "Reply" }).click();
  const bar = annPage.getByTestId("reply-bar");
  await expect(bar).toHaveText(`Replying to ${ben.username}`);
  await expect(composer(annPage)).toBeFocused();
  await composer(annPage).press("Escape");
  await expect(bar).toHaveCount(0);

  // Again from the menu (right-click), and send.
  await message(annPage, "Who is bringing the cake?").getByTestId("message-content").click({ button: "right" });
  await annPage.getByRole("menu", { name: "Message actions" }).getByRole("menuitem", { name: "Reply" }).click();
  await expect(bar).toBeVisible();
  await expect(composer(annPage)).toBeFocused();
  await composer(annPage).fill("I will, chocolate");
  expect(await axeViolations(annPage)).toEqual([]);
  await screen(annPage, "reply-composer");
  await composer(annPage).press("Enter");
  await expect(bar).toHaveCount(0);
  await expectAllSent(annPage);

  for (const page of [annPage, benPage]) {
    const quote = message(page, "I will, chocolate").getByTestId("reply-quote");
    await expect(quote).toContainText(`@${ben.username}`);
    await expect(quote).toContainText("Who is bringing the cake?");
  }

  // The quote jumps to the original and highlights it.
  await benPage.getByRole("log").evaluate((log) => log.closest("[data-testid=message-scroller]")?.scrollTo(0, 1e6));
  await message(benPage, "I will, chocolate")
    .getByRole("button", { name: /Jump to the original message/ })
    .click();
  const original = message(benPage, "Who is bringing the cake?");
  await expect(original).toHaveAttribute("data-highlighted", "true");
  await expect(original).toBeFocused();
  await expect(original).toBeInViewport();
  await screen(benPage, "reply-jump");
  await expect(original).not.toHaveAttribute("data-highlighted", "true", { timeout: 5_000 });

  // Copy message link; opening it shows the message highlighted.
  await message(annPage, "Doors open at six").getByTestId("message-content").click({ button: "right" });
  await annPage
    .getByRole("menu", { name: "Message actions" })
    .getByRole("menuitem", { name: "Copy message link" })
    .click();
  const doorsId = await message(annPage, "Doors open at six").getAttribute("data-message-id");
  const link = await annPage.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(`${new URL(annPage.url()).origin}/channels/${guild.guildId}/${guild.channelId}/${doorsId}`);
  await benPage.goto(new URL(link).pathname);
  await expect(message(benPage, "Doors open at six")).toHaveAttribute("data-highlighted", "true");

  // Ben deletes the original: the reply says so on Ann's page at once, and after a reload.
  await live(benPage);
  await message(benPage, "Who is bringing the cake?").hover();
  await message(benPage, "Who is bringing the cake?")
    .getByRole("button", { name: "Delete message" })
    .click({ modifiers: ["Shift"] });
  const annQuote = message(annPage, "I will, chocolate").getByTestId("reply-quote");
  await expect(annQuote).toHaveText("Original message was deleted");
  await annPage.reload();
  await expect(annQuote).toHaveText("Original message was deleted");
  await annPage.setViewportSize(PHONE);
  await screen(annPage, "reply-deleted-phone");
});
