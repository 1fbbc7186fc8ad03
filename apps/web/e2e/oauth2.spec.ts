import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures/service";
import { type DemoSite, startDemoSite } from "./support/demo-site";
import { logIn, openDialog, screen, signUp, uniqueName } from "./support/people";
import { twoColourPng } from "./support/png";

/**
 * "Log in with us": a developer registers a website in the portal, and a small website built
 * with openid-client logs a person in through our consent page (login flow rules 2–6).
 */
test.describe
  .serial("log in with us (OAuth2)", () => {
    let site: DemoSite;
    let clientId = "";
    const person = uniqueName("lena");
    const developer = uniqueName("dev");

    test.afterAll(async () => {
      await site?.close();
    });

    /** A fresh browser (signed out of our app) for the person. */
    async function personPage(browser: Browser, baseURL: string): Promise<Page> {
      const context = await browser.newContext({ baseURL });
      return context.newPage();
    }

    /** A fresh browser where the person has logged in to our app. */
    async function signedIn(browser: Browser, baseURL: string): Promise<Page> {
      const tab = await personPage(browser, baseURL);
      await tab.goto("/login");
      await logIn(tab, person);
      await expect(tab).toHaveURL(/\/channels/);
      return tab;
    }

    test("portal: the developer registers the website with a client secret shown once, redirects and a picture", async ({
      page,
      service,
    }) => {
      site = await startDemoSite({ webUrl: service.webUrl, apiUrl: service.apiUrl });
      await signUp(page, developer);
      await page.goto("/developers");
      const create = await openDialog(page, "New application", "Create an application");
      await create.getByLabel("Name").fill("Demo Site");
      await create.getByRole("button", { name: "Create" }).click();
      const ready = page.getByRole("dialog", { name: "“Demo Site” is ready" });
      const firstSecret = await ready.getByTestId("client-secret").inputValue();
      await ready.getByRole("link", { name: "Open application" }).click();

      await expect(page.getByRole("heading", { name: "Demo Site", exact: true })).toBeVisible();
      clientId = await page.getByTestId("client-id").inputValue();
      expect(clientId).toMatch(/^\d+$/);

      // Redirects: the validation messages, then the site's callback.
      const field = page.getByLabel("Add a redirect");
      const add = page.getByRole("button", { name: "Add", exact: true });
      for (const [uri, message] of [
        ["http://example.com/cb", "Must use https (http is allowed only for localhost and 127.0.0.1)."],
        ["https://example.com/cb#top", "Must not contain a fragment (#)."],
        ["example.com/cb", "Not a well formed URL."],
      ]) {
        await field.fill(uri);
        await add.click();
        await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
      }
      await field.fill("https://old.example/cb");
      await add.click();
      await expect(page.getByTestId("redirect-uri")).toHaveCount(1);
      await field.fill(site.callbackUrl);
      await add.click();
      await expect(page.getByTestId("redirect-uri")).toHaveText([
        /https:\/\/old\.example\/cb/,
        new RegExp(site.callbackUrl.replace(/[.?]/g, "\\$&")),
      ]);
      await page.getByRole("button", { name: "Remove https://old.example/cb" }).click();
      await expect(page.getByTestId("redirect-uri")).toHaveCount(1);

      // Picture.
      await page.getByLabel("Application picture").setInputFiles({
        name: "demo.png",
        mimeType: "image/png",
        buffer: twoColourPng(96, [91, 108, 240], [46, 168, 102]),
      });
      await expect(page.getByTestId("app-icon").first()).toHaveAttribute(
        "src",
        new RegExp(`/app-icons/${clientId}/[0-9a-f]{32}\\.png$`),
      );

      // Client secret reset: the new one is shown once; the first one is what creation showed.
      await page.getByRole("button", { name: "Reset secret" }).click();
      await page
        .getByRole("dialog", { name: "Reset client secret?" })
        .getByRole("button", { name: "Yes, reset it" })
        .click();
      const secret = await page.getByTestId("client-secret").inputValue();
      expect(secret).not.toBe(firstSecret);
      await screen(page, "portal-oauth2", { fullPage: true });
      await page.reload();
      await expect(page.getByTestId("client-secret")).toHaveCount(0);
      site.configure(clientId, secret);
    });

    test("unknown redirects are shown, never followed; a mistaken scope goes back to the website", async ({ page }) => {
      await signUp(page, uniqueName("visitor"));
      await page.goto(
        `/oauth2/authorize?client_id=${clientId}&response_type=code&scope=identify&redirect_uri=${encodeURIComponent("https://evil.example/cb")}`,
      );
      await expect(page.getByTestId("consent-error")).toContainText("Unknown redirect");
      await page.goto(
        `/oauth2/authorize?client_id=99999999&response_type=code&scope=identify&redirect_uri=${encodeURIComponent(site.callbackUrl)}`,
      );
      await expect(page.getByTestId("consent-error")).toContainText("Unknown application");
      await page.goto(
        `/oauth2/authorize?client_id=${clientId}&response_type=code&scope=email&state=s1&redirect_uri=${encodeURIComponent(site.callbackUrl)}`,
      );
      await expect(page.getByTestId("login-error")).toHaveText("invalid_scope");
    });

    test("the person logs in first, sees the application and the destination, and Cancel brings back access_denied", async ({
      browser,
      service,
    }) => {
      const setup = await personPage(browser, service.webUrl);
      await signUp(setup, person);
      const { domain } = await service.domain();
      const account = await domain.users.findByUsername(person);
      await domain.users.setAvatar(
        account?.id ?? 0n,
        `data:image/png;base64,${twoColourPng(32, [224, 71, 76], [230, 162, 60]).toString("base64")}`,
      );
      await setup.context().close();

      const tab = await personPage(browser, service.webUrl);
      await tab.goto(site.origin);
      await tab.getByRole("link", { name: "Log in with Chat" }).click();
      await expect(tab).toHaveURL(/\/login\?callbackUrl=%2Foauth2%2Fauthorize/);
      await logIn(tab, person);
      await expect(tab.getByTestId("consent-application")).toHaveText("Demo Site");
      await expect(tab.getByTestId("consent-destination")).toHaveText(site.origin);
      await expect(tab.getByTestId("app-icon")).toHaveAttribute("src", new RegExp(`/app-icons/${clientId}/`));
      await expect(tab.getByTestId("requested-scopes")).toContainText("Know your username");
      await screen(tab, "oauth2-consent");
      await tab.getByRole("link", { name: "Cancel" }).click();
      await expect(tab.getByTestId("login-error")).toHaveText("access_denied");
      await expect(tab.locator("body")).toContainText("state matches");
      await tab.context().close();
    });

    test("Authorise: the website shows the person's username and picture URL; prompt=none skips the page the second time", async ({
      browser,
      service,
    }) => {
      const tab = await signedIn(browser, service.webUrl);
      await tab.goto(`${site.origin}/login?prompt=none`);
      // Not authorised yet: prompt=none still asks.
      await expect(tab.getByTestId("consent-application")).toHaveText("Demo Site");
      await tab.getByRole("button", { name: "Authorise" }).click();
      await expect(tab.getByTestId("username")).toHaveText(person);
      const { domain } = await service.domain();
      const account = await domain.users.findByUsername(person);
      await expect(tab.getByTestId("user-id")).toHaveText(String(account?.id));
      await expect(tab.getByTestId("avatar-url")).toHaveText(
        `${service.serverUrl}/cdn/avatars/${account?.id}/${account?.avatarHash}.png`,
      );
      await screen(tab, "oauth2-demo-site");

      const authorizePages: number[] = [];
      tab.on("response", (response) => {
        if (new URL(response.url()).pathname === "/oauth2/authorize") authorizePages.push(response.status());
      });
      await tab.goto(`${site.origin}/login?prompt=none`);
      await expect(tab.getByTestId("username")).toHaveText(person);
      expect(authorizePages.length).toBeGreaterThan(0);
      expect(authorizePages.every((status) => status >= 300 && status < 400)).toBe(true);
      await tab.context().close();
    });

    test("the Public bot switch is about adding the bot only: with it off, the website still logs people in", async ({
      browser,
      page,
      service,
    }) => {
      await page.goto("/login");
      await logIn(page, developer);
      await expect(page).toHaveURL(/\/channels/);
      await page.goto(`/developers/applications/${clientId}`);
      await page.getByRole("switch", { name: "Public bot" }).uncheck();
      const { database } = await service.domain();
      await expect
        .poll(
          async () =>
            (await database.prisma.application.findUniqueOrThrow({ where: { id: BigInt(clientId) } })).botPublic,
        )
        .toBe(false);

      const tab = await signedIn(browser, service.webUrl);
      await tab.goto(`${site.origin}/login`);
      await expect(tab.getByTestId("consent-application")).toHaveText("Demo Site");
      await expect(tab.getByTestId("consent-error")).toHaveCount(0);
      await tab.getByRole("button", { name: "Authorise" }).click();
      await expect(tab.getByTestId("username")).toHaveText(person);
      await tab.context().close();
    });

    test("Authorised apps: removing the website stops its token, and it has to ask again", async ({
      browser,
      service,
    }) => {
      const tab = await signedIn(browser, service.webUrl);
      await tab.goto(`${site.origin}/login?prompt=none`);
      await expect(tab.getByTestId("username")).toHaveText(person);
      await tab.goto(`${site.origin}/me`);
      await expect(tab.getByTestId("identity-status")).toHaveText("200");

      await tab.goto("/channels");
      await tab.getByRole("link", { name: "User settings" }).click();
      await expect(tab).toHaveURL(/\/settings\/account$/);
      await tab.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Authorised apps" }).click();
      await expect(tab).toHaveURL(/\/settings\/authorized-apps$/);
      const row = tab.getByTestId("authorized-app").filter({ hasText: "Demo Site" });
      await expect(row).toContainText("Knows your username");
      await screen(tab, "settings-authorized-apps");
      await row.getByRole("button", { name: "Remove Demo Site" }).click();
      await tab
        .getByRole("dialog", { name: "Remove Demo Site?" })
        .getByRole("button", { name: "Remove", exact: true })
        .click();
      await expect(tab.getByTestId("no-authorized-apps")).toBeVisible();

      await tab.goto(`${site.origin}/me`);
      await expect(tab.getByTestId("identity-status")).toHaveText("401");
      await tab.goto(`${site.origin}/login?prompt=none`);
      await expect(tab.getByTestId("consent-application")).toHaveText("Demo Site");
      await tab.context().close();
    });

    test("deleting the application in the portal logs everyone out of the website", async ({
      browser,
      page,
      service,
    }) => {
      const tab = await signedIn(browser, service.webUrl);
      await tab.goto(`${site.origin}/login`);
      await tab.getByRole("button", { name: "Authorise" }).click();
      await expect(tab.getByTestId("username")).toHaveText(person);

      await page.goto("/login");
      await logIn(page, developer);
      await expect(page).toHaveURL(/\/channels/);
      await page.goto(`/developers/applications/${clientId}`);
      await page.getByRole("button", { name: "Delete application" }).click();
      await page
        .getByRole("dialog", { name: "Delete Demo Site?" })
        .getByRole("button", { name: "Yes, delete it" })
        .click();
      await expect(page).toHaveURL(/\/developers$/);
      await expect(page.getByTestId("no-applications")).toBeVisible();

      await tab.goto(`${site.origin}/me`);
      await expect(tab.getByTestId("identity-status")).toHaveText("401");
      await tab.goto(`${site.origin}/login`);
      await expect(tab.getByTestId("consent-error")).toContainText("Unknown application");
      await tab.context().close();
    });
  });
