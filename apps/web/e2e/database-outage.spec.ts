import { type PrivatePostgres, startPrivatePostgres } from "../../server/campaigns/support/private-postgres";
import { axeViolations } from "./support/axe";
import { test as base, expect, guildWith, live, moderatorBot, PHONE, sidebars } from "./support/live-people";
import { messages, screen, sendMessage } from "./support/people";
import { LAX_LIMITS, type RunningService, startService } from "./fixtures/service";

/**
 * The service runs on a PostgreSQL server of this spec's own, which it stops and starts (the
 * machine's shared one is never touched), so the spec runs in the embedded browser pass
 * (scripts/test.mjs) whatever E2E_DATABASE_URL says. Voice is off: not what this is about.
 */
const test = base.extend<{ postgres: PrivatePostgres }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as the first argument
  postgres: async ({}, use) => {
    const postgres = await startPrivatePostgres();
    try {
      await use(postgres);
    } finally {
      await postgres.remove();
    }
  },
  service: [
    async ({ postgres }, use) => {
      const service: RunningService = await startService(
        { ...LAX_LIMITS, LIVEKIT_URL: "" },
        { databaseAdminUrl: postgres.adminUrl },
      );
      try {
        await use(service);
      } finally {
        await service.stop();
      }
    },
    { scope: "test", timeout: 120_000 },
  ],
});

const BANNER = "Can’t reach the database. Reconnecting…";

test("while the database is down every tab says so and reconnects by itself: lists fill in, a failed send stays failed until retried once", async ({
  people,
  service,
  postgres,
}) => {
  const ann = await people.get("ann");
  const guild = await guildWith(service, ann, "Outage Guild");
  const bot = await moderatorBot(service, ann, guild.guildId);
  const news = (await bot.rest("POST", `/guilds/${guild.guildId}/channels`, { name: "news", type: 0 })) as {
    id: string;
  };
  await bot.rest("POST", `/channels/${news.id}/messages`, { content: "posted before the outage" });
  const storedCopies = async (content: string) =>
    ((await bot.rest("GET", `/channels/${guild.channelId}/messages?limit=100`)) as { content: string }[]).filter(
      (m) => m.content === content,
    ).length;

  // Two tabs of Ann's: one sends in #general, the other moves to #news.
  const writer = await people.open(ann, guild.path);
  const reader = await people.open(ann, guild.path);
  await live(writer);
  await live(reader);

  // While the database is down, #news's messages are asked for once: the bar's probe, not each query, keeps trying.
  let newsListRequests = 0;
  reader.on("request", (request) => {
    if (request.url().includes("messages.list") && decodeURIComponent(request.url()).includes(news.id))
      newsListRequests += 1;
  });

  await postgres.stop("immediate");
  await sendMessage(writer, "general", "sent while the database was down");
  const failed = writer.getByTestId("message").filter({ hasText: "sent while the database was down" });
  await expect(failed.getByRole("button", { name: "Retry" })).toBeVisible();
  const writerBanner = writer.getByRole("status").filter({ hasText: BANNER });
  await expect(writerBanner).toBeVisible();

  await sidebars(reader).channels.getByRole("link", { name: "news" }).click();
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText("news");
  await expect(reader.getByRole("status").filter({ hasText: BANNER })).toBeVisible();

  expect(await axeViolations(writer)).toEqual([]);
  // Above the header, never over it or the composer, on a wide screen and on a phone.
  const composer = writer.getByRole("textbox", { name: "Message #general" });
  const bannerBox = await writerBanner.boundingBox();
  const headerBox = await writer.getByRole("heading", { level: 1 }).boundingBox();
  expect(bannerBox && headerBox && bannerBox.y + bannerBox.height <= headerBox.y).toBe(true);
  await screen(writer, "database-outage-desktop");
  await writer.setViewportSize(PHONE);
  await expect(composer).toBeInViewport({ ratio: 1 });
  await expect(writer.getByRole("button", { name: "Guilds and channels" })).toBeInViewport({ ratio: 1 });
  await screen(writer, "database-outage-phone");

  expect(newsListRequests).toBe(1);
  const restarted = Date.now();
  await postgres.start();
  for (const page of [writer, reader]) {
    await expect(page.getByRole("status").filter({ hasText: BANNER })).toHaveCount(0, { timeout: 8_000 });
    await expect(page.getByTestId("database-outage")).toHaveText("Reconnected.");
  }
  console.log(
    `[database-outage] both tabs reconnected ${Date.now() - restarted} ms after PostgreSQL accepted connections again`,
  );
  await expect(messages(reader)).toHaveText(["posted before the outage"]);

  // Not sent again by itself (that could post it twice): it waits for the person's Retry.
  await expect(failed.getByRole("button", { name: "Retry" })).toBeVisible();
  expect(await storedCopies("sent while the database was down")).toBe(0);
  await failed.getByRole("button", { name: "Retry" }).click();
  await expect(messages(writer).filter({ hasText: "sent while the database was down" })).toHaveCount(1);
  await expect(writer.getByRole("button", { name: "Retry" })).toHaveCount(0);
  await expect.poll(() => storedCopies("sent while the database was down")).toBe(1);
});
