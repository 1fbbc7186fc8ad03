import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/service";
import {
  createGuild,
  formAlert,
  logIn,
  logOut,
  PASSWORD,
  screen,
  sendMessage,
  signUp,
  uniqueName,
} from "./support/people";

// This file is about the limits themselves: the service runs with the real ones, not the suite's lax sign-up limit.
test.use({ serviceEnv: {} });

/** Submits the login form and waits for next-auth's answer (the form shows the same text twice in a row otherwise). */
async function attemptLogIn(page: Page, username: string, password: string): Promise<void> {
  const answered = page.waitForResponse((response) => response.url().includes("/api/auth/callback/credentials"));
  await logIn(page, username, password);
  await answered;
}

test("sign-up refuses a guessable password with the library's advice by the password field", async ({ page }) => {
  await page.goto("/register");
  await page.getByLabel("Username").fill(uniqueName("ivy"));
  await page.getByLabel("Password", { exact: true }).fill("12345678");
  await page.getByLabel("Confirm password").fill("12345678");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(formAlert(page)).toHaveText("This is a heavily used password. Add more words that are less common.");
  await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await screen(page, "register-weak-password");
});

test("a person's sixth message in five seconds is refused, saying when to try again", async ({ page }) => {
  await signUp(page, uniqueName("kim"));
  await createGuild(page, "Chatty");
  for (let i = 1; i <= 6; i++) await sendMessage(page, "general", `message ${i}`);
  await expect(page.getByText(/^You are sending messages too quickly\. Try again in [1-5] seconds?\./)).toBeVisible();
  await expect(page.getByRole("button", { name: "Retry" })).toHaveCount(1);
});

test("repeated wrong passwords lock the account: then the right password is refused too, with the wait in seconds", async ({
  page,
}) => {
  const name = uniqueName("jack");
  await signUp(page, name);
  await logOut(page);
  for (let i = 0; i < 5; i++) {
    await attemptLogIn(page, name, `wrong guess ${i}`);
    await expect(formAlert(page)).toHaveText("Wrong username or password.");
  }
  await attemptLogIn(page, name, PASSWORD);
  await expect(formAlert(page)).toHaveText(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
  const [, seconds] =
    (await formAlert(page).textContent())?.match(/^Too many sign-in attempts\. Try again in (\d+) seconds\.$/) ?? [];
  expect(Number(seconds)).toBeGreaterThan(50);
  expect(Number(seconds)).toBeLessThanOrEqual(60);
  await expect(page).toHaveURL(/\/login/);
  await screen(page, "login-throttled");
});

test("the sign-up form says when one address has created too many accounts, whatever address a client claims", async ({
  page,
}) => {
  // Two accounts so far in this file; three more through the same procedure the form calls reach the limit of five.
  // Each claims another address: without TRUST_PROXY neither header is believed.
  for (let i = 0; i < 3; i++) {
    const claimed = `198.51.100.${i + 1}`;
    const response = await page.request.post("/api/trpc/account.signUp", {
      data: { username: uniqueName("filler"), password: PASSWORD },
      headers: { "x-forwarded-for": claimed, "x-chat-peer-address": claimed },
    });
    expect(response.status()).toBe(200);
  }
  await page.goto("/register");
  await page.getByLabel("Username").fill(uniqueName("late"));
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(formAlert(page)).toHaveText(/^Too many sign-up attempts\. Try again in \d+ seconds\.$/);
});
