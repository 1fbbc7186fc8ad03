import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures/service";
import { logIn, PASSWORD, signUp, uniqueName } from "./support/people";

/**
 * The login and sign-up pages' `callbackUrl` (where a person goes once signed in) never
 * leads off the app, whatever it holds: characters browsers drop while parsing an address
 * (tab, newline), characters a Location header cannot carry (CR, NUL), backslashes, `//`,
 * encoded and double-encoded forms, absolute addresses. Signed in, the page redirects at once
 * (never a 500); signed out, the person signs in there and lands on the app.
 */
const EVIL = "evil.example";

/** Each `callbackUrl` as the query string carries it (already encoded). */
const VARIANTS: Record<string, string> = {
  tab: "%2F%09%2Fevil.example%2Fphish",
  newline: "%2F%0A%2Fevil.example%2Fphish",
  "carriage return": "%2F%0D%2Fevil.example%2Fphish",
  "CR LF (a header of its own)": "%2F%0D%0ASet-Cookie%3A%20x%3D1",
  NUL: "%2F%00%2Fevil.example%2Fphish",
  "leading tab": "%09%2F%2Fevil.example%2Fphish",
  "no-break space": "%2F%C2%A0%2Fevil.example",
  "protocol-relative //": "%2F%2Fevil.example%2Fphish",
  "/\\": "%2F%5Cevil.example%2Fphish",
  "\\\\": "%5C%5Cevil.example%2Fphish",
  "dot segments to //": "%2F..%2F%2Fevil.example%2Fphish",
  "tab written as %09 (kept: a path of the app)": "%2F%2509%2Fevil.example%2Fphish",
  "double-encoded //": "%252F%252Fevil.example%252Fphish",
  "double-encoded tab": "%252F%2509%252Fevil.example",
  "http://": "http%3A%2F%2Fevil.example%2Fphish",
  "https://": "https%3A%2F%2Fevil.example%2Fphish",
  "javascript:": "javascript%3Aalert(document.domain)",
  "two values": "%2Fchannels&callbackUrl=%2F%2Fevil.example",
};

/** A page on the evil site, should anything ever lead there. */
async function catchEvil(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => url.hostname === EVIL,
    (route) => route.fulfill({ contentType: "text/html", body: "<h1>phished</h1>" }),
  );
}

/**
 * Once the form is sent (or the page opened), the browser leaves the login or sign-up page for
 * the app's own origin: not the evil site, not an error page. Waits for the navigation to
 * commit only (the chat page itself need not finish loading).
 */
async function expectOnTheApp(page: Page, webUrl: string, what: string): Promise<void> {
  await page.waitForURL((url) => !/^\/(login|register)$/.test(url.pathname), { waitUntil: "commit", timeout: 30_000 });
  expect(new URL(page.url()).origin, `${what}: ${page.url()}`).toBe(webUrl);
}

for (const form of ["login", "register"] as const) {
  test(`signed in, /${form} with a callbackUrl that leaves the app redirects to a path of the app (never a 500)`, async ({
    page,
    service,
  }) => {
    test.setTimeout(240_000);
    await catchEvil(page.context());
    await signUp(page, uniqueName("back"));
    for (const [name, value] of Object.entries(VARIANTS)) {
      const answer = await page.request.get(`/${form}?callbackUrl=${value}`, { maxRedirects: 0 });
      expect(answer.status(), `${name}: ${await answer.text().catch(() => "")}`).toBe(307);
      const location = answer.headers().location ?? "";
      expect(location, name).toMatch(/^\/(?!\/)/);
      expect(new URL(location, service.webUrl).origin, name).toBe(service.webUrl);

      await page.goto(`/${form}?callbackUrl=${value}`, { waitUntil: "commit" });
      await expectOnTheApp(page, service.webUrl, name);
    }
    // A path of the app is kept.
    const kept = await page.request.get(`/${form}?callbackUrl=${encodeURIComponent("/settings/account")}`, {
      maxRedirects: 0,
    });
    expect(kept.headers().location).toBe("/settings/account");
  });
}

test("signed out, logging in on a login page whose callbackUrl leaves the app lands on the app", async ({
  browser,
  service,
}) => {
  test.setTimeout(240_000);
  const setUp = await browser.newContext({ baseURL: service.webUrl });
  const name = uniqueName("lena");
  await signUp(await setUp.newPage(), name);
  await setUp.close();
  // One browser signed out again before each variant (its cookies cleared, as a new browser has
  // none): its cache keeps the pages' scripts, so each variant costs a sign-in, not a cold start.
  const context = await browser.newContext({ baseURL: service.webUrl });
  await catchEvil(context);
  const page = await context.newPage();
  for (const [variant, value] of Object.entries(VARIANTS)) {
    await context.clearCookies();
    await page.goto(`/login?callbackUrl=${value}`);
    await logIn(page, name, PASSWORD);
    await expectOnTheApp(page, service.webUrl, variant);
  }
  await context.close();
});

test("signed out, signing up on a sign-up page whose callbackUrl leaves the app lands on the app", async ({
  browser,
  service,
}) => {
  test.setTimeout(300_000);
  // One browser signed out again before each variant, as in the test above.
  const context = await browser.newContext({ baseURL: service.webUrl });
  await catchEvil(context);
  const page = await context.newPage();
  for (const [variant, value] of Object.entries(VARIANTS)) {
    await context.clearCookies();
    await page.goto(`/register?callbackUrl=${value}`);
    await page.getByLabel("Username").fill(uniqueName("rita"));
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await expectOnTheApp(page, service.webUrl, variant);
  }
  await context.close();
});

test("a path of the app in callbackUrl is where signing in leads", async ({ browser, service }) => {
  const setUp = await browser.newContext({ baseURL: service.webUrl });
  const name = uniqueName("pat");
  await signUp(await setUp.newPage(), name);
  await setUp.close();
  const context = await browser.newContext({ baseURL: service.webUrl });
  const page = await context.newPage();
  await page.goto(`/login?callbackUrl=${encodeURIComponent("/settings/account")}`);
  await logIn(page, name);
  await expect(page).toHaveURL(`${service.webUrl}/settings/account`);
  await context.close();
});

test("next-auth's own endpoints send a callbackUrl that leaves the app back to the app", async ({ page, service }) => {
  for (const [name, value] of Object.entries(VARIANTS)) {
    const answer = await page.request.get(`/api/auth/signin?callbackUrl=${value}`, { maxRedirects: 0 });
    expect(answer.status(), name).toBe(302);
    const location = new URL(answer.headers().location ?? "", service.webUrl);
    expect(location.origin, name).toBe(service.webUrl);
    // The login page it leads to is handed the app's own root, never the evil address.
    const callbackUrl = location.searchParams.get("callbackUrl") ?? "";
    expect(new URL(callbackUrl, service.webUrl).origin, name).toBe(service.webUrl);
  }
});

test("next-auth's sign-out with a callbackUrl holding CR LF or leading off the app answers a redirect to the app, never a 500", async ({
  page,
  service,
}) => {
  await signUp(page, uniqueName("olga"));
  for (const [name, value] of Object.entries(VARIANTS)) {
    const { csrfToken } = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
    const callbackUrl = decodeURIComponent(value);
    const asForm = await page.request.post("/api/auth/signout", { form: { csrfToken, callbackUrl }, maxRedirects: 0 });
    expect(asForm.status(), name).toBe(302);
    expect(new URL(asForm.headers().location ?? "", service.webUrl).origin, name).toBe(service.webUrl);
    const asJson = await page.request.post("/api/auth/signout", {
      form: { csrfToken, callbackUrl, json: "true" },
      maxRedirects: 0,
    });
    expect(asJson.status(), name).toBe(200);
    expect(new URL(((await asJson.json()) as { url: string }).url).origin, name).toBe(service.webUrl);
  }
});
