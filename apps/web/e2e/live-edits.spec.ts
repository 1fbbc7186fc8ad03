import { expect, test } from "./fixtures/service";
import { createGuild, expectAllSent, messages, screen, sendMessage, signUp, uniqueName } from "./support/people";

const VIEW_SEND_MANAGE_MESSAGES = 1024n | 2048n | (1n << 13n);

/**
 * Edits and deletions by someone else (a bot, through the domain service and through REST)
 * reach the open page live, without a reload, and match what a reload shows.
 */
test("a bot's edits and deletions appear live without a reload", async ({ page, service }) => {
  const person = uniqueName("erin");
  await signUp(page, person);
  const { guildId, channelId } = await createGuild(page, "Edit Desk");

  const { domain } = await service.domain();
  const owner = await domain.users.findByUsername(person);
  if (!owner) throw new Error("the person was not created");
  const app = await domain.applications.create(owner.id, "Editor Bot");
  await domain.members.addBot(owner.id, BigInt(guildId), app.application.id, VIEW_SEND_MANAGE_MESSAGES);
  const bot = app.botUser.id;
  const channel = BigInt(channelId);

  await sendMessage(page, "general", "Morning, bot");
  await expect(messages(page)).toHaveText(["Morning, bot"]);
  await expectAllSent(page);
  const draft = await domain.messages.create(channel, bot, { content: "Meeting at 10" });
  await expect(messages(page)).toHaveText(["Morning, bot", "Meeting at 10"]);
  const botMessage = page.locator(`[data-testid="message"][data-message-id="${draft.id}"]`);
  await expect(botMessage.getByTestId("message-edited")).toHaveCount(0);

  // Edited through the domain service, as the REST API does for the bot: new text and "(edited)" in place.
  await domain.messages.edit(channel, BigInt(draft.id), bot, { content: "Meeting moved to 11" });
  await expect(messages(page)).toHaveText(["Morning, bot", "Meeting moved to 11(edited)"]);
  const edited = botMessage.getByTestId("message-edited");
  await expect(edited).toHaveText("(edited)");
  await expect(edited).toHaveAttribute("title", /^Edited .+/);
  await expect(edited).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
  await expect(page.getByRole("log").getByText("Meeting moved to 11")).toBeVisible();
  await screen(page, "chat-edited");

  // Edited again over REST with the bot's token (the path a real bot takes).
  const rest = await fetch(`${service.apiUrl}/channels/${channelId}/messages/${draft.id}`, {
    method: "PATCH",
    headers: { Authorization: `Bot ${app.botToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ content: "Meeting moved to 11:30" }),
  });
  expect(rest.status).toBe(200);
  await expect(messages(page)).toHaveText(["Morning, bot", "Meeting moved to 11:30(edited)"]);

  // Deleted: gone without a reload.
  await domain.messages.delete(channel, BigInt(draft.id), bot);
  await expect(messages(page)).toHaveText(["Morning, bot"]);

  // A bulk delete (Manage Messages) removes each message, the person's own included.
  const first = await domain.messages.create(channel, bot, { content: "spam one" });
  const second = await domain.messages.create(channel, bot, { content: "spam two" });
  await expect(messages(page)).toHaveText(["Morning, bot", "spam one", "spam two"]);
  await sendMessage(page, "general", "Keep this one");
  await expect(messages(page)).toHaveText(["Morning, bot", "spam one", "spam two", "Keep this one"]);
  await expectAllSent(page);
  const mine = await page.getByTestId("message").filter({ hasText: "Morning, bot" }).getAttribute("data-message-id");
  expect(mine).toMatch(/^\d+$/);
  await domain.messages.bulkDelete(channel, bot, { messages: [first.id, second.id, mine as string] });
  await expect(messages(page)).toHaveText(["Keep this one"]);

  // What the page shows live is what a reload shows.
  await page.reload();
  await expect(messages(page)).toHaveText(["Keep this one"]);
});
