import type { Browser, BrowserContext, Page } from "@playwright/test";
import { LAX_LIMITS } from "./fixtures/service";
import { expect, test } from "./fixtures/service";
import { formAlert, logIn, logOut, PASSWORD, signUp, uniqueName } from "./support/people";

// Each browser below comes from an address of its own: the web app believes X-Forwarded-For from loopback.
test.use({ serviceEnv: { ...LAX_LIMITS, TRUST_PROXY: "loopback" } });

const LOCKED = /^Too many sign-in attempts\. Try again in \d+ seconds\.$/;

/** A browser (a context of its own: its own cookies) whose requests come from `address`. */
async function browserAt(
  browser: Browser,
  baseURL: string,
  address: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": address } });
  return { context, page: await context.newPage() };
}

/** Submits the login form and waits for next-auth's answer. */
async function attemptLogIn(page: Page, username: string, password: string): Promise<void> {
  const answered = page.waitForResponse((response) => response.url().includes("/api/auth/callback/credentials"));
  await logIn(page, username, password);
  await answered;
}

/** Five wrong passwords from the attacker's browser lock the account: then the right one is refused there too. */
async function lockOut(browser: Browser, baseURL: string, username: string, address: string): Promise<Page> {
  const { page } = await browserAt(browser, baseURL, address);
  for (let i = 0; i < 5; i++) {
    await attemptLogIn(page, username, `wrong guess ${i}`);
    await expect(formAlert(page)).toHaveText("Wrong username or password.");
  }
  await attemptLogIn(page, username, PASSWORD);
  await expect(formAlert(page)).toHaveText(LOCKED);
  return page;
}

test("a browser that signed in before gets in with the right password while failures from elsewhere keep the account locked", async ({
  browser,
  baseURL,
}) => {
  const name = uniqueName("dana");
  const mine = await browserAt(browser, baseURL as string, "203.0.113.10");
  await signUp(mine.page, name);
  const device = (await mine.context.cookies()).find((cookie) => cookie.name === "chat-device");
  expect(device).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: false, path: "/" });
  // About a year.
  expect((device?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
  await logOut(mine.page);

  const attacker = await lockOut(browser, baseURL as string, name, "198.51.100.66");

  // The same browser, now on another network (an address the account never signed in from): only its cookie vouches for it.
  await mine.context.setExtraHTTPHeaders({ "x-forwarded-for": "192.0.2.77" });
  await attemptLogIn(mine.page, name, PASSWORD);
  await expect(mine.page).toHaveURL(/\/channels/);
  await expect(mine.page.getByTestId("current-user")).toHaveText(name);

  // The attacker's browser is still locked out, the right password too.
  await attemptLogIn(attacker, name, PASSWORD);
  await expect(formAlert(attacker)).toHaveText(LOCKED);
  // A new browser elsewhere without the cookie: locked out like anyone.
  const stranger = await browserAt(browser, baseURL as string, "192.0.2.78");
  await attemptLogIn(stranger.page, name, PASSWORD);
  await expect(formAlert(stranger.page)).toHaveText(LOCKED);
});

test("a new browser at the address the account signed in from gets in while the account is locked from elsewhere", async ({
  browser,
  baseURL,
}) => {
  const name = uniqueName("emma");
  const home = await browserAt(browser, baseURL as string, "203.0.113.20");
  await signUp(home.page, name);
  await logOut(home.page);
  await home.context.close();

  await lockOut(browser, baseURL as string, name, "198.51.100.67");

  // Another browser at home (no device cookie): the address is known to the account.
  const laptop = await browserAt(browser, baseURL as string, "203.0.113.20");
  expect(await laptop.context.cookies()).toEqual([]);
  await attemptLogIn(laptop.page, name, PASSWORD);
  await expect(laptop.page).toHaveURL(/\/channels/);
  await expect(laptop.page.getByTestId("current-user")).toHaveText(name);
});

test("a known browser's own wrong passwords lock it out too, with the same wait", async ({ browser, baseURL }) => {
  const name = uniqueName("finn");
  const mine = await browserAt(browser, baseURL as string, "203.0.113.30");
  await signUp(mine.page, name);
  await logOut(mine.page);
  for (let i = 0; i < 5; i++) {
    await attemptLogIn(mine.page, name, `wrong guess ${i}`);
    await expect(formAlert(mine.page)).toHaveText("Wrong username or password.");
  }
  await attemptLogIn(mine.page, name, PASSWORD);
  await expect(formAlert(mine.page)).toHaveText(LOCKED);
  const [, seconds] = (await formAlert(mine.page).textContent())?.match(/(\d+) seconds/) ?? [];
  expect(Number(seconds)).toBeGreaterThan(50);
  expect(Number(seconds)).toBeLessThanOrEqual(60);
  // Its failures are its own: another browser signs in from elsewhere.
  const other = await browserAt(browser, baseURL as string, "192.0.2.90");
  await attemptLogIn(other.page, name, PASSWORD);
  await expect(other.page).toHaveURL(/\/channels/);
});
