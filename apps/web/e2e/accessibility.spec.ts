import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/service";
import { axeViolations } from "./support/axe";
import { createGuild, formAlert, logOut, openDialog, PASSWORD, signUp, uniqueName } from "./support/people";

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** axe finds nothing on the page as it is now, at a desktop's and at a phone's width. */
async function expectAccessible(page: Page, where: string): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expect.poll(() => axeViolations(page), { message: `${where} at ${size.width} px` }).toEqual([]);
  }
  await page.setViewportSize(WIDTHS[0] as { width: number; height: number });
}

test("sign-up, login (with their error messages), the portal, an application, the consent page and the settings break no accessibility rule", async ({
  page,
}) => {
  await page.goto("/register");
  await expectAccessible(page, "sign-up");
  await page.getByLabel("Username").fill("Not Valid!");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(formAlert(page)).toBeVisible();
  await expectAccessible(page, "sign-up with an error");

  const name = uniqueName("ada");
  await signUp(page, name);
  const { guildId } = await createGuild(page, "Accessible Guild");
  await expectAccessible(page, "chat");
  await logOut(page);
  await page.getByLabel("Username").fill(name);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(formAlert(page)).toBeVisible();
  await expectAccessible(page, "login with an error");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/channels/);

  await page.goto("/developers");
  await expect(page.getByTestId("no-applications")).toBeVisible();
  await expectAccessible(page, "portal, no applications");
  const create = await openDialog(page, "New application", "Create an application");
  await create.getByLabel("Name").fill("Reader Bot");
  await create.getByRole("button", { name: "Create" }).click();
  const ready = page.getByRole("dialog", { name: "“Reader Bot” is ready" });
  await expect(ready.getByTestId("bot-token")).toBeVisible();
  await expectAccessible(page, "portal, the new application's secrets");
  await ready.getByRole("button", { name: "Done" }).click();
  await page.getByTestId("application-card").click();
  await expect(page.getByRole("heading", { name: "Reader Bot" })).toBeVisible();
  await expectAccessible(page, "application page");
  const clientId = page.url().split("/").at(-1);

  await page.goto(`/oauth2/authorize?client_id=${clientId}&scope=bot&permissions=3072&guild_id=${guildId}`);
  await expect(page.getByRole("button", { name: "Authorise" })).toBeVisible();
  await expectAccessible(page, "bot consent page");

  await page.goto("/settings/authorized-apps");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAccessible(page, "authorized apps settings");
});
