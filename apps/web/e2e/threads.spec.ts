import type { Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { expect, guildWith, live, moderatorBot, PHONE, test } from "./support/live-people";
import { expectAllSent, screen, sendMessage } from "./support/people";

function general(page: Page) {
  return page.getByRole("log", { name: "Messages in #general" });
}

function threadPanel(page: Page) {
  return page.getByTestId("thread-panel");
}

function threadMessages(page: Page) {
  return threadPanel(page).getByRole("log").getByTestId("message-content");
}

function threadMeta(page: Page) {
  return threadPanel(page).getByTestId("thread-meta");
}

/** The rows of the thread list panel's Active or Archived section. */
function listed(page: Page, section: "Active" | "Archived") {
  return page
    .getByTestId("thread-list")
    .getByRole("region", { name: `${section} threads` })
    .getByTestId("thread-row");
}

test("a bot's thread is listed and opens by its URL; Ann starts one from a message, Ben joins, posts and leaves live; archive and unarchive follow the state table", async ({
  people,
  service,
}) => {
  test.setTimeout(150_000);
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const guild = await guildWith(service, ann, "Thread Hall", [ben]);
  const bot = await moderatorBot(service, ann, guild.guildId, "Notes Bot");
  const botThread = (await bot.rest("POST", `/channels/${guild.channelId}/threads`, { name: "Bot notes" })) as {
    id: string;
  };
  await bot.rest("POST", `/channels/${botThread.id}/messages`, { content: "Hello from the bot" });

  // Ben opens the bot's thread by its URL: the channel with the thread beside it.
  const benPage = await people.open(ben, `/channels/${guild.guildId}/${botThread.id}`);
  await expect(threadPanel(benPage).getByTestId("thread-name")).toHaveText("Bot notes");
  await expect(threadMessages(benPage)).toHaveText(["Hello from the bot"]);
  await expect(general(benPage)).toBeVisible();
  await expect(threadPanel(benPage).getByRole("textbox", { name: "Message #Bot notes" })).toBeEnabled();
  await expect(benPage.getByRole("status").filter({ hasText: "Connecting…" })).toHaveCount(0);

  // Ann's thread list has it, active, with its count.
  const annPage = await people.open(ann, guild.path);
  await live(annPage);
  await annPage.getByRole("button", { name: "Threads" }).click();
  const list = annPage.getByTestId("thread-list");
  await expect(list.getByRole("region", { name: "Active threads" }).getByTestId("thread-row")).toHaveText([
    /Bot notes\s*1 message/,
  ]);
  expect(await axeViolations(annPage)).toEqual([]);
  await screen(annPage, "threads-list");
  await list.getByRole("button", { name: /Close threads/ }).click();
  await expect(list).toHaveCount(0);

  // Ann starts a thread from her message, from the message's menu.
  await sendMessage(annPage, "general", "Plans for Friday?");
  await expectAllSent(annPage);
  const starter = general(annPage).getByTestId("message").filter({ hasText: "Plans for Friday?" });
  await starter.hover();
  await starter.getByRole("button", { name: "More actions for this message" }).click();
  await annPage.getByRole("menuitem", { name: "Create thread" }).click();
  const dialog = annPage.getByRole("dialog", { name: "Create a thread" });
  await expect(dialog.getByLabel("Thread name")).toHaveValue("Plans for Friday?");
  await dialog.getByLabel("Thread name").fill("Friday plans");
  await dialog.getByRole("button", { name: "Create thread" }).click();
  await expect(threadPanel(annPage).getByTestId("thread-name")).toHaveText("Friday plans");
  await expect(annPage).toHaveURL(/\/channels\/\d+\/\d+$/);
  await expect(starter.getByTestId("thread-chip")).toHaveText(/Friday plans\s*· 0 messages/);

  // Ben sees the chip arrive live, opens the thread from it, joins and posts.
  const benStarter = general(benPage).getByTestId("message").filter({ hasText: "Plans for Friday?" });
  await expect(benStarter.getByTestId("thread-chip")).toHaveText(/Friday plans\s*· 0 messages/);
  await benStarter.getByTestId("thread-chip").click();
  await expect(threadPanel(benPage).getByTestId("thread-name")).toHaveText("Friday plans");
  await expect(threadMeta(benPage)).toContainText("1 member");
  await threadPanel(benPage).getByRole("button", { name: "Join" }).click();
  await expect(threadPanel(benPage).getByRole("button", { name: "Leave" })).toBeVisible();
  await expect(threadMeta(benPage)).toContainText("2 members");
  await sendMessage(benPage, "Friday plans", "Count me in");
  await expect(threadMessages(annPage)).toHaveText(["Count me in"]);
  await expect(starter.getByTestId("thread-chip")).toHaveText(/Friday plans\s*· 1 message/);

  // Reactions and replies inside the thread act on the thread's messages.
  const inThread = (p: typeof annPage) => threadPanel(p).getByTestId("message").filter({ hasText: "Count me in" });
  await inThread(annPage).hover();
  await inThread(annPage).getByRole("button", { name: "Add reaction" }).click();
  const picker = annPage.getByRole("dialog", { name: "Choose an emoji" });
  await picker.getByRole("combobox", { name: "Search emoji" }).fill("thumbs");
  await expect(picker.getByTestId("emoji-option").first()).toHaveAccessibleName(":+1:");
  await picker.getByTestId("emoji-option").first().click();
  await expect(inThread(benPage).getByTestId("reaction-chip")).toHaveText("👍1");
  await inThread(annPage).hover();
  await inThread(annPage).getByRole("button", { name: "Reply" }).click();
  await expect(threadPanel(annPage).getByText(/Replying to/)).toBeVisible();
  await sendMessage(annPage, "Friday plans", "Great, see you there");
  const reply = threadPanel(benPage).getByTestId("message").filter({ hasText: "Great, see you there" });
  await expect(reply).toContainText("Count me in");

  // Leaving.
  await threadPanel(benPage).getByRole("button", { name: "Leave" }).click();
  await expect(threadPanel(benPage).getByRole("button", { name: "Join" })).toBeVisible();
  await expect(threadMeta(benPage)).toContainText("1 member");

  // Archiving needs the starter (or Manage Messages): Ben is refused in plain words.
  await threadPanel(benPage).getByRole("button", { name: "Archive" }).click();
  await expect(threadPanel(benPage).getByRole("alert")).toContainText("Only the person who started this thread");
  // Ben watches the thread list while Ann archives: the thread moves from Active to Archived, live.
  await benPage.getByRole("button", { name: "Threads" }).click();
  await expect(listed(benPage, "Active").filter({ hasText: "Friday plans" })).toHaveCount(1);
  await threadPanel(annPage).getByRole("button", { name: "Archive" }).click();
  await expect(listed(benPage, "Archived")).toHaveText([/Friday plans/]);
  await expect(listed(benPage, "Active")).toHaveText([/Bot notes/]);
  await listed(benPage, "Archived").click();
  await expect(threadPanel(benPage).getByTestId("thread-archived")).toBeVisible();
  await expect(threadPanel(benPage).getByTestId("thread-archived-note")).toBeVisible();
  expect(await axeViolations(benPage)).toEqual([]);
  await screen(benPage, "thread-archived");

  // A message in an archived thread reopens it, for everyone.
  await sendMessage(benPage, "Friday plans", "Still on?");
  await expect(threadMessages(annPage)).toHaveText(["Count me in", "Great, see you there", "Still on?"]);
  await expect(threadPanel(annPage).getByTestId("thread-archived")).toHaveCount(0);
  await expect(threadPanel(annPage).getByRole("button", { name: "Archive" })).toBeVisible();

  // Archived again, anyone who can post unarchives it with the button; Ann's thread list moves it back to Active, live.
  await threadPanel(annPage).getByRole("button", { name: "Archive" }).click();
  await expect(threadPanel(benPage).getByTestId("thread-archived")).toBeVisible();
  await annPage.getByRole("button", { name: "Threads" }).click();
  await expect(listed(annPage, "Archived")).toHaveText([/Friday plans/]);
  await threadPanel(benPage).getByRole("button", { name: "Unarchive" }).click();
  await expect(threadPanel(benPage).getByTestId("thread-archived")).toHaveCount(0);
  await expect(listed(annPage, "Archived")).toHaveCount(0);
  await expect(listed(annPage, "Active").filter({ hasText: "Friday plans" })).toHaveCount(1);
  await expectAllSent(benPage);
});

test("on a phone the thread takes the whole screen and Back returns to the channel", async ({ people, service }) => {
  const ann = await people.get("ann");
  const guild = await guildWith(service, ann, "Phone Threads");
  const bot = await moderatorBot(service, ann, guild.guildId, "Pocket Bot");
  const thread = (await bot.rest("POST", `/channels/${guild.channelId}/threads`, { name: "Pocket notes" })) as {
    id: string;
  };
  await bot.rest("POST", `/channels/${thread.id}/messages`, { content: "Small screens too" });

  const page = await people.open(ann, `/channels/${guild.guildId}/${thread.id}`);
  await page.setViewportSize(PHONE);
  await expect(threadMessages(page)).toHaveText(["Small screens too"]);
  const box = await threadPanel(page).boundingBox();
  expect(box).toMatchObject({ x: 0, width: PHONE.width });
  expect(await axeViolations(page)).toEqual([]);
  await screen(page, "thread-phone");
  await threadPanel(page).getByRole("button", { name: "Close thread, back to #general" }).click();
  await expect(page).toHaveURL(new RegExp(`${guild.path}$`));
  await expect(threadPanel(page)).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: "Message #general" })).toBeVisible();

  // The list too, from the channel header.
  await page.getByRole("button", { name: "Threads" }).click();
  await expect(page.getByTestId("thread-list").getByTestId("thread-row")).toHaveText([/Pocket notes\s*1 message/]);
  await screen(page, "thread-list-phone");

  // A thread without a message, from the list: it opens at once, empty, ready for its first message.
  await page.getByRole("button", { name: "New thread" }).click();
  const dialog = page.getByRole("dialog", { name: "Create a thread" });
  await dialog.getByLabel("Thread name").fill("Pocket plans");
  await dialog.getByRole("button", { name: "Create thread" }).click();
  await expect(threadPanel(page).getByTestId("thread-name")).toHaveText("Pocket plans");
  await expect(threadPanel(page).getByRole("textbox", { name: "Message #Pocket plans" })).toBeFocused();
  await sendMessage(page, "Pocket plans", "First!");
  await expect(threadMessages(page)).toHaveText(["First!"]);
  await expect(threadMeta(page)).toContainText("1 message");

  // The channel says who started it, as a system row nobody can reply to.
  await page.getByRole("button", { name: /^Close thread/ }).click();
  const notice = page.getByTestId("system-message").filter({ hasText: "started a thread: Pocket plans." });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole("button", { name: "Reply" })).toHaveCount(0);
});
