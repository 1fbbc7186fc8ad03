import type { Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { expect, guildWith, live, moderatorBot, test } from "./support/live-people";
import { screen } from "./support/people";

/** Records each desktop notification the page shows (the browser's own class, wrapped). */
const RECORD_NOTIFICATIONS = () => {
  const Real = window.Notification;
  const shown: Notification[] = [];
  (window as unknown as { __notifications: Notification[] }).__notifications = shown;
  window.Notification = class extends Real {
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      shown.push(this);
    }
  } as typeof Notification;
};

const shown = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __notifications: Notification[] }).__notifications.map((n) => `${n.title}: ${n.body}`),
  );

test("mentions notify on the desktop where they are not being read, a muted guild stays quiet, and a click opens the channel", async ({
  people,
  service,
}) => {
  const [ann, ben] = await Promise.all([people.get("ann"), people.get("ben")]);
  const { guildId, channelId, path } = await guildWith(service, ann, "Book Club", [ben]);
  const { domain } = await service.domain();
  const random = (await domain.channels.create(BigInt(guildId), ann.id, { name: "random", type: 0 })) as { id: string };

  // Asked in words first; "Not now" is remembered.
  const asked = await people.open(ben, path);
  await live(asked);
  await expect(asked.getByTestId("notifications-prompt")).toContainText("mentions you or sends you a direct message");
  expect(await axeViolations(asked)).toEqual([]);
  await asked.getByRole("button", { name: "Not now" }).click();
  await asked.reload();
  await live(asked);
  await expect(asked.getByTestId("notifications-prompt")).toHaveCount(0);

  const benPage = await people.open(ben, `/channels/${guildId}/${random.id}`, { permissions: ["notifications"] });
  await benPage.addInitScript(RECORD_NOTIFICATIONS);
  await benPage.reload();
  await live(benPage);
  await expect(benPage.getByTestId("notifications-prompt")).toHaveCount(0);

  const channel = BigInt(channelId);
  await domain.messages.create(channel, ann.id, { content: "nobody in particular" });
  await domain.messages.create(channel, ann.id, { content: `<@${ben.id}> your turn to pick the book` });
  await expect
    .poll(() => shown(benPage))
    .toEqual([`${ann.username} (#general, Book Club): @${ben.username} your turn to pick the book`]);

  // Muted: the mention is still counted, but no notification.
  const mute = benPage.getByRole("button", { name: "Mute notifications from Book Club" });
  await mute.click();
  await expect(mute).toHaveAttribute("aria-pressed", "true");
  await domain.messages.create(channel, ann.id, { content: `<@${ben.id}> are you there?` });
  await expect(benPage.getByRole("link", { name: "general" }).getByTestId("mention-badge")).toHaveText("2");
  await mute.click();
  await expect(mute).toHaveAttribute("aria-pressed", "false");
  await screen(benPage, "notifications-sidebar");

  // A click on the notification brings the channel; there, mentions no longer notify.
  await benPage.evaluate(() =>
    (window as unknown as { __notifications: Notification[] }).__notifications[0]?.onclick?.(new Event("click")),
  );
  await expect(benPage).toHaveURL(new RegExp(`/channels/${guildId}/${channelId}$`));
  await live(benPage);
  await domain.messages.create(channel, ann.id, { content: `<@${ben.id}> ok, see you here` });
  await expect(benPage.getByTestId("message").last()).toContainText("ok, see you here");
  expect(await shown(benPage)).toHaveLength(1);

  // A bot's direct message notifies, even with its guild muted; a click opens the conversation.
  await mute.click();
  const bot = await moderatorBot(service, ann, guildId, "Pager");
  const dm = (await bot.rest("POST", "/users/@me/channels", { recipient_id: ben.id.toString() })) as { id: string };
  await bot.rest("POST", `/channels/${dm.id}/messages`, { content: "Your build passed" });
  await expect.poll(() => shown(benPage)).toHaveLength(2);
  expect((await shown(benPage))[1]).toBe("Pager: Your build passed");
  await benPage.evaluate(() =>
    (window as unknown as { __notifications: Notification[] }).__notifications[1]?.onclick?.(new Event("click")),
  );
  await expect(benPage).toHaveURL(new RegExp(`/channels/@me/${dm.id}$`));
  await expect(benPage.getByRole("log").getByTestId("message-content")).toHaveText(["Your build passed"]);
});
