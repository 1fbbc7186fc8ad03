import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type BrowserContext, expect, type Page } from "@playwright/test";
import { repoRoot } from "../fixtures/service";

export const PASSWORD = "correct horse battery";

/** A username unique to this run (2–32 of a-z 0-9 _ .). */
export function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(3).toString("hex")}`;
}

/**
 * How long an account may take to be made: hashing the password is slow by design, and a
 * service's first sign-up also loads the web app's sign-up route; on a busy machine together
 * they take longer than an assertion's usual wait. It is not what the specs measure.
 */
const SIGN_UP_WAIT = 45_000;

/** Signs up through the page and lands in the chat. */
export async function signUp(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.goto("/register");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/channels/, { timeout: SIGN_UP_WAIT });
  await expect(page.getByTestId("current-user")).toHaveText(username);
}

/**
 * Makes an account and signs `context` in as it over HTTP, as the sign-up form does (the app's
 * sign-up procedure, then next-auth's credentials sign-in) without loading a page: for specs
 * that need someone signed in, not the form itself (auth.spec and chat.spec sign up through it).
 */
export async function signUpOverHttp(
  context: BrowserContext,
  webUrl: string,
  username: string,
  password = PASSWORD,
): Promise<void> {
  const request = context.request;
  const headers = { origin: webUrl };
  const signUp = await request.post(`${webUrl}/api/trpc/account.signUp`, { data: { username, password }, headers });
  expect(signUp.status(), `sign-up of ${username}: ${await signUp.text()}`).toBe(200);
  const { csrfToken } = (await (await request.get(`${webUrl}/api/auth/csrf`)).json()) as { csrfToken: string };
  const signIn = await request.post(`${webUrl}/api/auth/callback/credentials`, {
    form: { csrfToken, username, password, callbackUrl: `${webUrl}/channels/@me`, json: "true" },
    headers,
    maxRedirects: 0,
  });
  expect(signIn.status(), `sign-in of ${username}: ${await signIn.text()}`).toBeLessThan(400);
  const session = (await (await request.get(`${webUrl}/api/auth/session`)).json()) as { user?: { name?: string } };
  expect(session.user, `${username} is signed in`).toBeTruthy();
}

/** Fills the login form; opens /login first unless the page is already there (keeping its callbackUrl). */
export async function logIn(page: Page, username: string, password = PASSWORD): Promise<void> {
  if (new URL(page.url()).pathname !== "/login") await page.goto("/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/** Creates a guild through the dialog and waits for its #general; returns the guild and channel ids. */
export async function createGuild(page: Page, name: string): Promise<{ guildId: string; channelId: string }> {
  const dialog = await openDialog(page, "Create a guild", "Create a guild");
  await dialog.getByLabel("Guild name").fill(name);
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL(/\/channels\/\d+\/\d+$/);
  await expect(page.getByRole("textbox", { name: "Message #general" })).toBeEnabled();
  const [, guildId = "", channelId = ""] = new URL(page.url()).pathname.match(/\/channels\/(\d+)\/(\d+)/) ?? [];
  return { guildId, channelId };
}

export async function sendMessage(page: Page, channelName: string, text: string): Promise<void> {
  const box = page.getByRole("textbox", { name: `Message #${channelName}` });
  await box.fill(text);
  await box.press("Enter");
}

export async function logOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** The error shown in the page's form (Next.js keeps its own empty role=alert route announcer). */
export function formAlert(page: Page) {
  return page.locator("form").getByRole("alert");
}

/** Waits until none of this tab's own messages is still on its way (a reload would drop one that is). */
export async function expectAllSent(page: Page): Promise<void> {
  await expect(page.getByRole("log").locator('[data-testid="message"][aria-busy="true"]')).toHaveCount(0);
}

export function messages(page: Page) {
  return page.getByRole("log").getByTestId("message-content");
}

/** Saves a screenshot of a main screen into .tmp/screens/ for review (the whole page with `fullPage`). */
export async function screen(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = join(repoRoot, ".tmp/screens");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: options.fullPage ?? false });
}

/** Clicks the button until its dialog opens: a click that lands before React hydrates the page is lost. */
export async function openDialog(page: Page, buttonName: string, dialogName: string) {
  const dialog = page.getByRole("dialog", { name: dialogName });
  await expect(async () => {
    await page.getByRole("button", { name: buttonName }).first().click();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return dialog;
}
