import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { expect, type RunningService, test } from "./fixtures/service";
import {
  createGuild,
  formAlert,
  logIn,
  logOut,
  openDialog,
  PASSWORD,
  screen,
  signUp,
  uniqueName,
} from "./support/people";

/** A second browser (its own cookies) signed in as `username`. */
async function secondBrowser(browser: Browser, service: RunningService, username: string, password = PASSWORD) {
  const context = await browser.newContext({ baseURL: service.webUrl, viewport: { width: 1280, height: 800 } });
  const tab = await context.newPage();
  await logIn(tab, username, password);
  await expect(tab).toHaveURL(/\/channels/);
  return { context, tab };
}

/** No accessibility rule broken on the page as it is now. */
async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("signing out ends the session: the old cookie, replayed in a new browser, lands on the login page", async ({
  page,
  browser,
  service,
}) => {
  await signUp(page, uniqueName("sid"));
  const cookies = await page.context().cookies();
  await logOut(page);

  const replay = await browser.newContext({ baseURL: service.webUrl });
  try {
    await replay.addCookies(cookies);
    const tab = await replay.newPage();
    await tab.goto("/channels");
    await expect(tab).toHaveURL(/\/login\?callbackUrl=%2Fchannels$/);
    expect((await tab.request.get("/api/trpc/account.me")).status()).toBe(401);
  } finally {
    await replay.close();
  }
});

test("log out everywhere signs out this browser and, at once, another one with a channel open", async ({
  page,
  browser,
  service,
}) => {
  const name = uniqueName("lou");
  await signUp(page, name);
  const { guildId, channelId } = await createGuild(page, "Everywhere");
  const other = await secondBrowser(browser, service, name);
  try {
    await other.tab.goto(`/channels/${guildId}/${channelId}`);
    await expect(other.tab.getByRole("textbox", { name: "Message #general" })).toBeEnabled();
    await expect(other.tab.getByText("Connecting…")).toHaveCount(0);

    await page.getByRole("link", { name: "User settings" }).click();
    await expect(page).toHaveURL(/\/settings\/account$/);
    const dialog = await openDialog(page, "Log out everywhere", "Log out everywhere?");
    await dialog.getByRole("button", { name: "Log out everywhere" }).click();
    await expect(page).toHaveURL(/\/login/);
    // The other browser's live channel ends with the session and sends it to log in, without a reload.
    await expect(other.tab).toHaveURL(new RegExp(`/login\\?callbackUrl=%2Fchannels%2F${guildId}%2F${channelId}$`), {
      timeout: 5_000,
    });
  } finally {
    await other.context.close();
  }
});

test("changing the password on the settings page keeps this browser signed in and signs out the others", async ({
  page,
  browser,
  service,
}) => {
  const name = uniqueName("pia");
  const newPassword = "a fresh passphrase";
  await signUp(page, name);
  const other = await secondBrowser(browser, service, name);
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/settings/account");
    await expect(page.getByRole("heading", { name: "My account" })).toBeVisible();
    await screen(page, "settings-account-desktop", { fullPage: true });
    await expectAccessible(page);

    const form = page.getByRole("form", { name: "Change password" });
    const current = form.getByLabel("Current password");
    await current.fill("not my password");
    await form.getByLabel("New password", { exact: true }).fill(newPassword);
    await form.getByLabel("Confirm new password").fill(newPassword);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByRole("alert")).toHaveText("Password does not match.");
    await expect(current).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, "settings-account-phone", { fullPage: true });
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    await current.fill(PASSWORD);
    await form.getByLabel("New password", { exact: true }).fill(newPassword);
    await form.getByLabel("Confirm new password").fill(newPassword);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByRole("status")).toHaveText("Password changed. Every other device was logged out.");

    // The other browser's open tab goes to the login page by itself (the server ends its live
    // stream with the session); navigating it before then raced that redirect. A page opened
    // there afterwards leads to the login page too.
    await expect(other.tab).toHaveURL(/\/login\?callbackUrl=/);
    await other.tab.goto("/channels");
    await expect(other.tab).toHaveURL(/\/login\?callbackUrl=%2Fchannels$/);
    await page.goto("/channels");
    await expect(page.getByTestId("current-user")).toHaveText(name);

    await logOut(page);
    await logIn(page, name);
    await expect(formAlert(page)).toHaveText("Wrong username or password.");
    await logIn(page, name, newPassword);
    await expect(page).toHaveURL(/\/channels$/);
  } finally {
    await other.context.close();
  }
});
