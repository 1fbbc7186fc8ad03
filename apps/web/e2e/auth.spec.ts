import { expect, test } from "./fixtures/service";
import { createGuild, formAlert, logIn, logOut, PASSWORD, screen, signUp, uniqueName } from "./support/people";

test("sign-up shows the username rules' messages", async ({ page }) => {
  await page.goto("/register");
  await screen(page, "register");
  const submit = page.getByRole("button", { name: "Create account" });
  await page.getByLabel("Username").fill("Not Valid!");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await submit.click();
  await expect(formAlert(page)).toHaveText(
    "Username can only contain lower-case letters, numbers, underscores and periods.",
  );

  await page.getByLabel("Username").fill("a");
  await submit.click();
  await expect(formAlert(page)).toHaveText("Must be between 2 and 32 in length.");

  await page.getByLabel("Username").fill(uniqueName("dora"));
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm password").fill("short");
  await submit.click();
  await expect(formAlert(page)).toHaveText("Use at least 8 characters.");
});

test("log in, log out, wrong password, taken username", async ({ page }) => {
  const name = uniqueName("erin");
  await signUp(page, name);
  await logOut(page);

  await logIn(page, name, "not the password");
  await expect(formAlert(page)).toHaveText("Wrong username or password.");
  await screen(page, "login-error");

  await page.goto("/login");
  await logIn(page, name);
  await expect(page).toHaveURL(/\/channels$/);
  await expect(page.getByTestId("current-user")).toHaveText(name);

  await logOut(page);
  await page.goto("/register");
  await page.getByLabel("Username").fill(name);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(formAlert(page)).toContainText("Username is unavailable");
});

test("a suspended account cannot log in", async ({ page, service }) => {
  const name = uniqueName("frank");
  await signUp(page, name);
  await logOut(page);
  const { database } = await service.domain();
  await database.prisma.user.update({ where: { username: name }, data: { suspendedAt: new Date() } });
  await logIn(page, name);
  await expect(formAlert(page)).toHaveText("This account is suspended.");
  await expect(page).toHaveURL(/\/login/);
});

test("signed-out visitors are sent to the login page and back", async ({ page }) => {
  const name = uniqueName("gina");
  await signUp(page, name);
  await logOut(page);
  await page.goto("/developers");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdevelopers/);
  await logIn(page, name);
  await expect(page).toHaveURL(/\/developers$/);
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
});

test("a deep link survives the detour through the login page", async ({ page }) => {
  const name = uniqueName("hugo");
  await signUp(page, name);
  const { guildId, channelId } = await createGuild(page, "Deep Link");
  await logOut(page);
  await page.goto(`/channels/${guildId}/${channelId}`);
  await expect(page).toHaveURL(new RegExp(`/login\\?callbackUrl=%2Fchannels%2F${guildId}%2F${channelId}$`));
  await logIn(page, name);
  await expect(page).toHaveURL(new RegExp(`/channels/${guildId}/${channelId}$`));
  await expect(page.getByRole("textbox", { name: "Message #general" })).toBeVisible();
});

test("the login and sign-up buttons wait for the page to be ready, so an early click is never lost", async ({
  page,
  request,
}) => {
  // As served, before any script runs: the buttons are disabled and the forms would never send a password in the address.
  for (const [path, button] of [
    ["/login", "Log in"],
    ["/register", "Create account"],
  ] as const) {
    const html = await (await request.get(path)).text();
    expect(html).toMatch(new RegExp(`<button[^>]*disabled[^>]*>(?:<[^>]+>)*${button}<`));
    expect(html).toMatch(/<form[^>]*method="post"/);
  }
  // Once hydrated they work.
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Log in" })).toBeEnabled();
});
