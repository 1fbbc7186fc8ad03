import { expect, guildWith, live, moderatorBot, PHONE, test } from "./support/live-people";
import { messages, screen } from "./support/people";

/** "X is typing…" under the other person's messages, from people and from bots. */

test("someone typing shows '<name> is typing…' to the others until their message arrives", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const guild = await guildWith(service, ann, "Typing Pool", [ben]);
  const annPage = await people.open(ann, guild.path);
  const benPage = await people.open(ben, guild.path);
  await live(annPage);
  await live(benPage);

  const box = annPage.getByRole("textbox", { name: "Message #general" });
  await box.pressSequentially("On my way");
  const indicator = benPage.getByTestId("typing-indicator");
  await expect(indicator).toHaveText(`${ann.username} is typing…`);
  // Nobody is told about their own typing.
  await expect(annPage.getByTestId("typing-indicator")).toHaveText("");
  await screen(benPage, "live-typing");
  await benPage.setViewportSize(PHONE);
  await screen(benPage, "live-typing-phone");

  await box.press("Enter");
  await expect(messages(benPage)).toHaveText(["On my way"]);
  await expect(indicator).toHaveText("");
});

test("a bot's typing request shows '<bot> is typing…'", async ({ people, service }) => {
  const ann = await people.get("ann");
  const guild = await guildWith(service, ann, "Bot Typing");
  const bot = await moderatorBot(service, ann, guild.guildId, "Helper Bot");
  const annPage = await people.open(ann, guild.path);
  await live(annPage);

  await bot.rest("POST", `/channels/${guild.channelId}/typing`);
  const indicator = annPage.getByTestId("typing-indicator");
  await expect(indicator).toHaveText("Helper Bot is typing…");

  await bot.rest("POST", `/channels/${guild.channelId}/messages`, { content: "Here is your answer" });
  await expect(messages(annPage)).toHaveText(["Here is your answer"]);
  await expect(indicator).toHaveText("");
});
