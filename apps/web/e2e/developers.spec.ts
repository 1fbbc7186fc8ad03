import { Permission } from "@chat/domain";
import { expect, test } from "./fixtures/service";
import { createGuild, logIn, openDialog, screen, signUp, uniqueName } from "./support/people";

async function botTokenWorks(apiUrl: string, token: string): Promise<number> {
  const response = await fetch(`${apiUrl}/users/@me`, { headers: { authorization: `Bot ${token}` } });
  return response.status;
}

test("portal: create an application, reset its token, build an invite link and add the bot", async ({
  page,
  browser,
  service,
}) => {
  const owner = uniqueName("olive");
  await signUp(page, owner);
  const { guildId } = await createGuild(page, "Bot Garage");

  await page.goto("/developers");
  await expect(page.getByTestId("no-applications")).toBeVisible();
  const createDialog = await openDialog(page, "New application", "Create an application");
  await createDialog.getByLabel("Name").fill("Helper Bot");
  await createDialog.getByRole("button", { name: "Create" }).click();

  const ready = page.getByRole("dialog", { name: "“Helper Bot” is ready" });
  await expect(ready.getByRole("note")).toContainText("won’t be shown again");
  const firstToken = await ready.getByTestId("bot-token").inputValue();
  const secret = await ready.getByTestId("client-secret").inputValue();
  expect(firstToken.split(".")).toHaveLength(3);
  expect(secret.length).toBeGreaterThan(20);
  await expect(ready.getByRole("button", { name: "Copy Bot token" })).toBeVisible();
  expect(await botTokenWorks(service.apiUrl, firstToken)).toBe(200);
  await screen(page, "portal-created");
  await ready.getByRole("button", { name: "Done" }).click();

  await expect(page.getByTestId("application-card")).toHaveCount(1);
  await screen(page, "portal");
  await page.reload();
  await expect(page.getByTestId("secrets-reveal")).toHaveCount(0);
  await expect(page.getByText(firstToken)).toHaveCount(0);

  await page.getByTestId("application-card").click();
  await expect(page.getByRole("heading", { name: "Helper Bot" })).toBeVisible();
  await expect(page.getByTestId("bot-username")).toHaveText("@helper_bot");
  const appId = await page.getByTestId("application-id").inputValue();
  expect(appId).toMatch(/^\d+$/);

  // Reset: confirm, new token once, the old one stops working.
  await page.getByRole("button", { name: "Reset token" }).click();
  await page.getByRole("dialog", { name: "Reset bot token?" }).getByRole("button", { name: "Yes, reset it" }).click();
  const newToken = await page.getByTestId("bot-token").inputValue();
  expect(newToken).not.toBe(firstToken);
  expect(await botTokenWorks(service.apiUrl, firstToken)).toBe(401);
  expect(await botTokenWorks(service.apiUrl, newToken)).toBe(200);

  // Invite link: the defaults plus Listen (bit 61).
  await page.getByRole("checkbox", { name: "Listen" }).check();
  const bits = Permission.ViewChannel | Permission.SendMessages | Permission.ReadMessageHistory | Permission.Listen;
  await expect(page.getByTestId("permission-bits")).toHaveText(bits.toString());
  const link = await page.getByTestId("invite-link").inputValue();
  expect(link).toBe(`${service.webUrl}/oauth2/authorize?client_id=${appId}&scope=bot&permissions=${bits}`);
  expect((BigInt(new URL(link).searchParams.get("permissions") ?? "0") >> 61n) & 1n).toBe(1n);
  await page.getByRole("checkbox", { name: "Send Messages", exact: true }).uncheck();
  await expect(page.getByTestId("permission-bits")).toHaveText((bits & ~Permission.SendMessages).toString());
  await page.getByRole("checkbox", { name: "Send Messages", exact: true }).check();
  await screen(page, "portal-application");

  // A signed-out visitor is sent to log in and comes back to the consent page.
  const visitor = await browser.newContext({ baseURL: service.webUrl });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(link);
  await expect(visitorPage).toHaveURL(/\/login\?callbackUrl=%2Foauth2%2Fauthorize/);
  await logIn(visitorPage, owner);
  await expect(visitorPage.getByTestId("consent-application")).toHaveText("Helper Bot");
  await visitor.close();

  // The guild owner authorises the bot into the chosen guild.
  await page.goto(link);
  await expect(page.getByTestId("consent-application")).toHaveText("Helper Bot");
  const requested = page.getByTestId("requested-permissions");
  for (const label of ["View Channels", "Send Messages", "Read Message History", "Listen"])
    await expect(requested.getByText(label, { exact: true })).toBeVisible();
  // Listen says what it means: hearing people in voice, never through @everyone, and shown to them.
  await expect(requested.getByText(/Hear what people say in the voice channels it joins/)).toContainText(
    "everyone in the channel sees that it can hear",
  );
  await page.getByLabel("Add to guild").selectOption({ label: "Bot Garage" });
  await screen(page, "consent");
  await page.getByRole("button", { name: "Authorise" }).click();
  await expect(page.getByTestId("consent-success")).toContainText("was added to Bot Garage");
  await page.getByRole("link", { name: "Go to Bot Garage" }).click();

  const members = page.getByRole("complementary", { name: "Members" });
  await expect(members.getByTestId("member").filter({ hasText: "Helper Bot" })).toContainText("Bot");
  const { database } = await service.domain();
  const role = await database.prisma.role.findFirst({
    where: { guildId: BigInt(guildId), botApplicationId: BigInt(appId) },
  });
  expect(role?.permissions).toBe(bits);
  await screen(page, "chat-with-bot");
});

test("consent page: unknown client_id and guilds without Manage Guild", async ({ page }) => {
  await signUp(page, uniqueName("pete"));
  await page.goto("/oauth2/authorize?client_id=999999999&scope=bot&permissions=0");
  await expect(page.getByTestId("consent-error")).toContainText("Unknown application");
  await page.goto("/oauth2/authorize?scope=bot");
  await expect(page.getByTestId("consent-error")).toContainText("no client_id");
});

test("portal: the Public bot switch; a private bot's consent page tells others only its owner can add it", async ({
  page,
  browser,
  service,
}) => {
  const developer = uniqueName("quinn");
  await signUp(page, developer);
  const { guildId: ownGuildId } = await createGuild(page, "Quinn's Lab");
  await page.goto("/developers");
  const create = await openDialog(page, "New application", "Create an application");
  await create.getByLabel("Name").fill("Quiet Bot");
  await create.getByRole("button", { name: "Create" }).click();
  await page
    .getByRole("dialog", { name: "“Quiet Bot” is ready" })
    .getByRole("link", { name: "Open application" })
    .click();
  const appId = await page.getByTestId("application-id").inputValue();

  // New applications are public; the switch is labelled and says what it does.
  const publicBot = page.getByRole("switch", { name: "Public bot" });
  await expect(publicBot).toBeChecked();
  await expect(publicBot).toHaveAccessibleDescription(
    "Anyone who manages a guild can add your bot with its invite link. Off: only you can add it.",
  );
  await publicBot.uncheck();
  await expect(publicBot).not.toBeChecked();
  const { database } = await service.domain();
  await expect
    .poll(async () => (await database.prisma.application.findUniqueOrThrow({ where: { id: BigInt(appId) } })).botPublic)
    .toBe(false);
  await page.reload();
  await expect(page.getByRole("switch", { name: "Public bot" })).not.toBeChecked();
  await screen(page, "portal-private-bot");

  // Someone else who manages a guild opens the invite link: the page says why they can't add it.
  const link = `/oauth2/authorize?client_id=${appId}&scope=bot&permissions=3072`;
  const other = await browser.newContext({ baseURL: service.webUrl, viewport: { width: 1280, height: 800 } });
  const otherPage = await other.newPage();
  await signUp(otherPage, uniqueName("rhea"));
  const { guildId: otherGuildId } = await createGuild(otherPage, "Rhea's Den");
  await otherPage.goto(link);
  const refusal = otherPage.getByTestId("consent-error");
  await expect(refusal).toContainText("Quiet Bot can’t be added");
  await expect(refusal).toContainText("This bot is private: only its owner can add it.");
  await expect(otherPage.getByRole("button", { name: "Authorise" })).toHaveCount(0);
  await screen(otherPage, "consent-private-bot");
  await otherPage.setViewportSize({ width: 390, height: 844 });
  await expect(refusal).toBeInViewport();
  await screen(otherPage, "consent-private-bot-phone");
  await otherPage.setViewportSize({ width: 1280, height: 800 });

  // The server refuses too: a consent page opened while the bot was public, submitted after it went private.
  await page.getByRole("switch", { name: "Public bot" }).check();
  await expect
    .poll(async () => (await database.prisma.application.findUniqueOrThrow({ where: { id: BigInt(appId) } })).botPublic)
    .toBe(true);
  await otherPage.goto(link);
  await expect(otherPage.getByTestId("consent-application")).toHaveText("Quiet Bot");
  await otherPage.getByLabel("Add to guild").selectOption({ label: "Rhea's Den" });
  await page.getByRole("switch", { name: "Public bot" }).uncheck();
  await expect
    .poll(async () => (await database.prisma.application.findUniqueOrThrow({ where: { id: BigInt(appId) } })).botPublic)
    .toBe(false);
  await otherPage.getByRole("button", { name: "Authorise" }).click();
  await expect(
    otherPage.getByRole("alert").filter({ hasText: "This bot is private: only its owner can add it." }),
  ).toBeVisible();
  expect(await database.prisma.member.count({ where: { guildId: BigInt(otherGuildId), userId: BigInt(appId) } })).toBe(
    0,
  );
  await other.close();

  // Its owner still adds it.
  await page.goto(link);
  await expect(page.getByTestId("consent-application")).toHaveText("Quiet Bot");
  await page.getByLabel("Add to guild").selectOption({ label: "Quinn's Lab" });
  await page.getByRole("button", { name: "Authorise" }).click();
  await expect(page.getByTestId("consent-success")).toContainText("was added to Quinn's Lab");
  expect(await database.prisma.member.count({ where: { guildId: BigInt(ownGuildId), userId: BigInt(appId) } })).toBe(1);
});
