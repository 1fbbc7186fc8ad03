import { expect, test } from "./fixtures/service";
import { createGuild, expectAllSent, messages, screen, sendMessage, signUp, uniqueName } from "./support/people";
import { twoColourPng } from "./support/png";

test("sign up, create a guild and send a message", async ({ page }) => {
  const me = uniqueName("alice");
  await signUp(page, me);
  await expect(page.getByRole("heading", { name: `Welcome, ${me}!` })).toBeVisible();

  const { guildId, channelId } = await createGuild(page, "Alice's Den");
  expect(guildId).toMatch(/^\d+$/);
  expect(channelId).toMatch(/^\d+$/);
  const channels = page.getByRole("navigation", { name: "Channels" });
  await expect(channels.getByRole("link", { name: "general" })).toHaveAttribute("aria-current", "page");
  const voice = page.getByTestId("voice-channel");
  await expect(voice).toHaveText("General");

  await expect(page.getByTestId("empty-channel")).toHaveText("No messages yet — say hi");
  await page.getByRole("textbox", { name: "Message #general" }).focus();
  await screen(page, "chat-empty");

  await sendMessage(page, "general", "Hello, world!");
  await expect(messages(page)).toHaveText(["Hello, world!"]);
  await expect(page.getByTestId("empty-channel")).toHaveCount(0);

  // Shift+Enter adds a line; Enter sends.
  const box = page.getByRole("textbox", { name: "Message #general" });
  await box.pressSequentially("line one");
  await box.press("Shift+Enter");
  await box.pressSequentially("line two");
  await box.press("Enter");
  await expect(messages(page).last()).toHaveText("line one\nline two");
  await expect(box).toHaveValue("");

  await expectAllSent(page);
  await page.reload();
  await expect(messages(page)).toHaveText(["Hello, world!", "line one\nline two"]);
  await expect(page.getByTestId("message-author").first()).toHaveText(me);
});

test("another person and a bot appear live without a reload", async ({ page, browser, service }) => {
  const alice = uniqueName("alice");
  await signUp(page, alice);
  const { guildId, channelId } = await createGuild(page, "Live Room");
  await sendMessage(page, "general", "Anyone here?");
  await expect(messages(page)).toHaveText(["Anyone here?"]);

  const bobContext = await browser.newContext({ baseURL: service.webUrl });
  const bobPage = await bobContext.newPage();
  const bob = uniqueName("bob");
  await signUp(bobPage, bob);
  const { domain } = await service.domain();
  const bobUser = await domain.users.findByUsername(bob);
  await domain.members.addPerson(BigInt(guildId), bobUser?.id ?? 0n);

  await bobPage.goto(`/channels/${guildId}/${channelId}`);
  await expect(messages(bobPage)).toHaveText(["Anyone here?"]);

  await sendMessage(page, "general", "Hi Bob, this arrived live");
  await expect(messages(bobPage).last()).toHaveText("Hi Bob, this arrived live");

  await sendMessage(bobPage, "general", "Hello Alice — good to see you");
  await expect(messages(page).last()).toHaveText("Hello Alice — good to see you");

  // A bot's message (sent through the same domain service the REST API uses, from another process).
  const app = await domain.applications.create(bobUser?.id ?? 0n, "Greeter");
  await domain.members.addBot(
    BigInt((await domain.users.findByUsername(alice))?.id ?? 0n),
    BigInt(guildId),
    app.application.id,
    3072n,
  );
  await domain.messages.create(BigInt(channelId), app.botUser.id, { content: "Beep boop, welcome to Live Room!" });
  for (const p of [page, bobPage]) {
    await expect(messages(p).last()).toHaveText("Beep boop, welcome to Live Room!");
    const botMessage = p.getByTestId("message").filter({ hasText: "Beep boop" });
    await expect(botMessage.getByText("Bot", { exact: true })).toBeVisible();
  }
  await page.reload();
  await expect(page.getByRole("complementary", { name: "Members" }).getByTestId("member")).toHaveCount(3);
  await expect(messages(page)).toHaveCount(4);
  await screen(page, "chat-messages");
  await bobContext.close();
});

test("scrolling up loads older pages", async ({ page, service }) => {
  const me = uniqueName("carol");
  await signUp(page, me);
  const { guildId, channelId } = await createGuild(page, "History");
  const { domain } = await service.domain();
  const user = await domain.users.findByUsername(me);
  for (let i = 1; i <= 120; i++)
    await domain.messages.create(BigInt(channelId), user?.id ?? 0n, { content: `message ${i}` });

  await page.goto(`/channels/${guildId}/${channelId}`);
  await expect(messages(page).last()).toHaveText("message 120");
  await expect(messages(page)).toHaveCount(50);
  await expect(messages(page).last()).toBeInViewport();

  const scroller = page.getByTestId("message-scroller");
  await expect(async () => {
    await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
    await expect(page.getByRole("heading", { name: "Welcome to #general!" })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(messages(page)).toHaveCount(120);
  await expect(messages(page).first()).toHaveText("message 1");
});

test("shows a bot's picture and file from their signed URLs, and a picture that fails to load gets a fresh URL", async ({
  page,
  service,
}) => {
  const me = uniqueName("dora");
  await signUp(page, me);
  const { guildId, channelId } = await createGuild(page, "Files");
  const { domain } = await service.domain();
  const person = await domain.users.findByUsername(me);
  const app = await domain.applications.create(person?.id ?? 0n, "Reporter");
  await domain.members.addBot(person?.id ?? 0n, BigInt(guildId), app.application.id, 3072n);
  await domain.messages.create(
    BigInt(channelId),
    app.botUser.id,
    { content: "today's chart" },
    {
      files: [
        {
          index: 0,
          filename: "chart.png",
          contentType: "image/png",
          data: new Uint8Array(twoColourPng(48, [91, 108, 240], [46, 168, 102])),
        },
        { index: 1, filename: "notes.txt", contentType: null, data: new TextEncoder().encode("the numbers") },
      ],
    },
  );

  // The first URL the page asks for answers as an expired one does, every time it is asked for
  // (the browser may ask twice); the answer comes a second later, so the URL the page gets
  // afterwards is signed at another second and differs.
  let expired: string | null = null;
  await page.route("**/cdn/attachments/**", async (route) => {
    const url = route.request().url();
    expired ??= url;
    if (url !== expired) return route.continue();
    await new Promise((r) => setTimeout(r, 1_100));
    // The page may have moved on to a fresh URL meanwhile and dropped this request: then there is nothing left to answer.
    await route
      .fulfill({
        status: 404,
        contentType: "application/json",
        body: JSON.stringify({ message: "404: Not Found", code: 0 }),
      })
      .catch((error: unknown) => {
        if (!String(error).includes("Route is already handled")) throw error;
      });
  });
  await page.goto(`/channels/${guildId}/${channelId}`);
  const message = page.getByTestId("message").filter({ hasText: "today's chart" });
  const picture = message.getByRole("img", { name: "chart.png" });
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);
  const shown = (await picture.getAttribute("src")) as string;
  const firstUrl: string = expired ?? "";
  expect(firstUrl).not.toBe("");
  expect(new URL(shown).searchParams.get("hm")).not.toBe(new URL(firstUrl).searchParams.get("hm"));
  await screen(page, "chat-attachments");

  const file = message.getByTestId("message-file");
  await expect(file).toContainText("notes.txt");
  const href = (await file.getByRole("link", { name: "notes.txt", exact: true }).getAttribute("href")) as string;
  await page.unroute("**/cdn/attachments/**");
  expect(await (await page.request.get(href)).text()).toBe("the numbers");
});
