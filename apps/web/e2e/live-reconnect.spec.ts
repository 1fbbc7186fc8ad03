import { test as base, expect, guildWith, live, moderatorBot, sidebars } from "./support/live-people";
import { messages } from "./support/people";
import { type Relay, startRelay } from "./support/relay";

const test = base.extend<{ relay: Relay }>({
  relay: async ({ service }, use) => {
    const relay = await startRelay(service.webUrl);
    await use(relay);
    await relay.close();
  },
});

type Sent = { id: string };

/**
 * The person's browser reaches the web app through a relay: going offline drops its open
 * connections (Chromium's offline mode alone leaves an open live stream flowing) and refuses
 * new ones until it is back online.
 */
test("a tab cut off from its live stream catches up on edits, deletions, new messages and a rename when it is back, as a reload shows", async ({
  people,
  service,
  relay,
}) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const guild = await guildWith(service, ann, "Patchy Network", [ben]);
  const bot = await moderatorBot(service, ann, guild.guildId);
  const post = (content: string) =>
    bot.rest("POST", `/channels/${guild.channelId}/messages`, { content }) as Promise<Sent>;
  await post("stays as it is");
  const toEdit = await post("will be edited");
  const toDelete = await post("will be deleted");

  const benPage = await people.open(ben, guild.path, { baseURL: relay.url });
  const streams: Promise<string | null>[] = [];
  benPage.on("request", (request) => {
    if (request.url().includes("/api/trpc/live.stream"))
      streams.push(request.allHeaders().then((h) => h["last-event-id"] ?? null));
  });
  await live(benPage);
  // One event seen live: the tab has a cursor to resume from.
  await post("seen live");
  await expect(messages(benPage)).toHaveText(["stays as it is", "will be edited", "will be deleted", "seen live"]);

  const context = benPage.context();
  await context.setOffline(true);
  relay.cut();
  const loadedAgain: string[] = [];
  benPage.on("request", (request) => {
    if (request.url().includes("messages.list")) loadedAgain.push(request.url());
  });
  const badge = benPage.getByRole("status").filter({ hasText: "Reconnecting…" });
  await expect(badge).toBeVisible();

  await bot.rest("PATCH", `/channels/${guild.channelId}/messages/${toEdit.id}`, { content: "edited while away" });
  await bot.rest("DELETE", `/channels/${guild.channelId}/messages/${toDelete.id}`);
  await post("sent while away");
  await bot.rest("PATCH", `/channels/${guild.channelId}`, { name: "renamed-away" });
  await expect(badge).toBeVisible();

  relay.restore();
  await context.setOffline(false);
  const caughtUp = async () => {
    await expect(messages(benPage)).toHaveText([
      "stays as it is",
      "edited while away(edited)",
      "seen live",
      "sent while away",
    ]);
    await expect(benPage.getByRole("heading", { level: 1 })).toHaveText("renamed-away");
    await expect(sidebars(benPage).channels.getByRole("link")).toHaveText(["renamed-away"]);
    await expect(benPage.getByRole("textbox", { name: "Message #renamed-away" })).toBeEnabled();
  };
  await caughtUp();
  await expect(badge).toHaveCount(0);
  // Resumed from the last event seen (within the resume window): replayed, nothing loaded again.
  expect((await Promise.all(streams)).at(-1)).toMatch(/\S/);
  expect(loadedAgain).toEqual([]);

  await benPage.reload();
  await caughtUp();
});
