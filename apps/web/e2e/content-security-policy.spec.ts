import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/service";
import { createGuild, messages, openDialog, sendMessage, signUp, uniqueName } from "./support/people";

/**
 * Every kind of page answers with a Content-Security-Policy whose nonce is new on each load
 * and is the one on the page's scripts, works under it without a single violation, and
 * cannot be framed by another site.
 */

/** Collects the page's CSP violations: the DOM's report and Chromium's console line. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** A page's answer, to the browser or to a request of the test's own. */
interface Answer {
  url(): string;
  headers(): Record<string, string>;
  text(): Promise<string>;
}

/** Checks the page's policy and that every script tag of its HTML carries the policy's nonce; returns the nonce. */
async function policyNonce(response: Answer | null): Promise<string> {
  if (!response) throw new Error("no response");
  const policy = response.headers()["content-security-policy"] ?? "";
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1] ?? "";
  expect(nonce, `${response.url()}: ${policy}`).not.toBe("");
  for (const directive of [
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ]) {
    expect(policy).toContain(directive);
  }
  expect(policy).not.toContain("unsafe-eval");
  expect(response.headers()["x-frame-options"]).toBe("DENY");
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  const scriptTags = (await response.text()).match(/<script\b[^>]*>/g) ?? [];
  expect(scriptTags.length).toBeGreaterThan(0);
  for (const tag of scriptTags) expect(tag, response.url()).toContain(` nonce="${nonce}"`);
  return nonce;
}

/** Loads the page twice: a fresh nonce each time. Returns the second response. */
async function loadTwice(page: Page, path: string): Promise<Answer | null> {
  const first = await policyNonce(await page.goto(path));
  const again = await page.reload();
  expect(await policyNonce(again)).not.toBe(first);
  return again;
}

test("every kind of page has a nonce-based policy and runs without violating it", async ({ page, service }) => {
  const violations = await watchViolations(page);
  const expectNoViolations = (where: string) => expect(violations, where).toEqual([]);

  await loadTwice(page, "/login");
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
  await loadTwice(page, "/register");
  expectNoViolations("login, register");

  const name = uniqueName("csp");
  await signUp(page, name);
  await loadTwice(page, "/channels");
  const { guildId, channelId } = await createGuild(page, "Policy Place");
  await loadTwice(page, `/channels/${guildId}/${channelId}`);
  // tRPC and its event stream under the policy: the message comes back live.
  await sendMessage(page, "general", "allowed by the policy");
  await expect(messages(page)).toHaveText(["allowed by the policy"]);
  expectNoViolations("chat");

  const { domain } = await service.domain();
  const me = await domain.users.findByUsername(name);
  if (!me) throw new Error("the person was not created");
  const app = await domain.applications.create(me.id, "Policy Site");
  const appId = app.application.id;
  const redirectUri = "https://site.example/callback";
  await domain.applicationSettings.addRedirectUri(me.id, appId, redirectUri);
  const invite = await domain.invites.create(BigInt(channelId), me.id, {});

  await loadTwice(page, "/settings/authorized-apps");
  await loadTwice(page, "/developers");
  await openDialog(page, "New application", "Create an application");
  await loadTwice(page, `/developers/applications/${appId}`);
  await expect(page.getByRole("heading", { name: "Policy Site", exact: true })).toBeVisible();
  await loadTwice(page, `/invite/${invite.code}`);
  await expect(page.getByText("You’re already a member of Policy Place.")).toBeVisible();
  expectNoViolations("settings, developers, invite");

  // The consent page, then on to the website: the approval leaves for another origin.
  await page.route(`${redirectUri}?*`, (route) => route.fulfill({ contentType: "text/html", body: "<p>website</p>" }));
  const consent = `/oauth2/authorize?${new URLSearchParams({ client_id: String(appId), response_type: "code", scope: "identify", redirect_uri: redirectUri, state: "s1" })}`;
  const consentPage = await loadTwice(page, consent);
  // Its address carries the website's state and PKCE challenge: never sent on as a referrer.
  expect(consentPage?.headers()["referrer-policy"]).toBe("no-referrer");
  await expect(page.getByTestId("consent-application")).toHaveText("Policy Site");
  expectNoViolations("consent");
  await page.getByRole("button", { name: "Authorise" }).click();
  await expect(page).toHaveURL(/^https:\/\/site\.example\/callback\?code=[^&]+&state=s1$/);

  const missing = await page.goto("/no/such/page");
  expect(missing?.status()).toBe(404);
  const missingNonce = await policyNonce(missing);
  expect(await policyNonce(await page.reload())).not.toBe(missingNonce);
  await expect(page.getByRole("heading", { name: "This page doesn’t exist" })).toBeVisible();
  expectNoViolations("not found");
});

test("another site cannot frame a page (frame-ancestors 'none')", async ({ page, service }) => {
  // Another origin on this machine (a public one would be stopped by Chromium's local network rules first).
  const framer = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html" });
    response.end(
      `<iframe name="app" src="${service.webUrl}/login"></iframe><iframe name="control" src="${service.serverUrl}/api/v10/gateway"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => framer.listen(0, "127.0.0.1", resolve));
  try {
    const refusal = page.waitForEvent("console", (message) => message.text().includes("frame-ancestors 'none'"));
    await page.goto(`http://127.0.0.1:${(framer.address() as AddressInfo).port}/`);
    await refusal;
    // The control frame (an address without the policy) does load in the same page.
    await expect(page.frameLocator("iframe[name=control]").locator("body")).toContainText('"url"');
    await expect(page.frameLocator("iframe[name=app]").getByRole("button", { name: "Log in" })).toHaveCount(0);
    expect(page.frame({ name: "app" })?.url()).not.toContain(service.webUrl);
  } finally {
    framer.closeAllConnections();
    await new Promise((resolve) => framer.close(resolve));
  }
});

/** The headers every answer carries, whatever it is (a page's policy has a nonce; anything else gets the fixed one). */
function expectSecurityHeaders(response: Answer, what: string): void {
  const headers = response.headers();
  expect(headers["content-security-policy"], what).toContain("frame-ancestors 'none'");
  expect(headers["content-security-policy"], what).toMatch(/(^|; )default-src /);
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["x-content-type-options"], what).toBe("nosniff");
}

test("prefetched pages carry the policy their scripts' nonce is in, and every other answer the security headers", async ({
  page,
  service,
}) => {
  const violations = await watchViolations(page);
  await signUp(page, uniqueName("prefetch"));
  const { guildId, channelId } = await createGuild(page, "Prefetched");

  // A prefetch is a page like any other: if it is shown, its scripts run under its own policy.
  for (const path of [
    "/login",
    "/register",
    "/channels",
    `/channels/${guildId}/${channelId}`,
    "/developers",
    "/settings/account",
  ]) {
    for (const headers of [
      { purpose: "prefetch" },
      { "sec-purpose": "prefetch" },
      { "next-router-prefetch": "1" },
    ] as Record<string, string>[]) {
      const answer = await page.request.get(path, { headers, maxRedirects: 0 });
      const what = `${path} ${JSON.stringify(headers)}`;
      expectSecurityHeaders(answer, what);
      if ((answer.headers()["content-type"] ?? "").startsWith("text/html")) await policyNonce(answer);
    }
    // The router's own fetches of a page (React Server Components payloads), prefetched or not.
    for (const headers of [{ rsc: "1" }, { rsc: "1", "next-router-prefetch": "1" }] as Record<string, string>[]) {
      expectSecurityHeaders(
        await page.request.get(path, { headers, maxRedirects: 0 }),
        `${path} ${JSON.stringify(headers)}`,
      );
    }
  }

  // next-auth's own pages and endpoints: the fixed policy (nothing may run, nothing may frame them).
  for (const path of [
    "/api/auth/signout",
    "/api/auth/signin",
    "/api/auth/error",
    "/api/auth/csrf",
    "/api/auth/session",
    "/api/auth/providers",
  ]) {
    const answer = await page.request.get(path, { maxRedirects: 0 });
    expectSecurityHeaders(answer, path);
    expect(answer.headers()["content-security-policy"], path).toContain("default-src 'none'");
  }
  // tRPC, health checks, pictures' routes, built assets, the not-found answer of /api.
  const asset = /<script[^>]+src="([^"]+\.js)"/.exec(await (await page.request.get("/login")).text())?.[1];
  if (!asset) throw new Error("the login page names no script");
  for (const path of [
    "/api/trpc/guilds.list",
    "/api/trpc/account.me,guilds.list?batch=1&input=%7B%7D",
    "/healthz",
    "/readyz",
    asset,
    "/app-icons/1/2.png",
    "/api/nothing-here",
    "/favicon.ico",
  ]) {
    expectSecurityHeaders(await page.request.get(path, { maxRedirects: 0 }), path);
  }

  // next-auth's sign-out page, shown under the fixed policy: it works (its form posts to the app) without a violation.
  await page.goto("/api/auth/signout");
  await page.getByRole("button", { name: "Sign out" }).click();
  // Signed out: the app's root sends the visitor on to sign in.
  await expect(page).toHaveURL(new RegExp(`^${service.webUrl}/(login|register)`));
  expect(violations).toEqual([]);
});
