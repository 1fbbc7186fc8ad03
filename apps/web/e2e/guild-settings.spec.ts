import { expect, test } from "./fixtures/service";
import { axeViolations } from "./support/axe";
import { createGuild, openDialog, screen, signUp, uniqueName } from "./support/people";

test("the owner renames the guild and then deletes it", async ({ page }) => {
  await signUp(page, uniqueName("owner"));
  const { guildId } = await createGuild(page, "Before Rename");
  await expect(page.getByTestId("sidebar-title")).toHaveText("Before Rename");

  let dialog = await openDialog(page, "Guild settings", "Guild settings");
  const name = dialog.getByRole("textbox", { name: "Guild name" });
  await name.fill("x");
  await dialog.getByRole("button", { name: "Save name" }).click();
  await expect(dialog.getByText("Must be between 2 and 100 in length.")).toBeVisible();
  await name.fill("After Rename");
  expect(await axeViolations(page)).toEqual([]);
  await screen(page, "guild-settings");
  await name.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("sidebar-title")).toHaveText("After Rename");
  await page.reload();
  await expect(page.getByTestId("sidebar-title")).toHaveText("After Rename");

  dialog = await openDialog(page, "Guild settings", "Guild settings");
  await dialog.getByRole("button", { name: "Delete guild…" }).click();
  await dialog.getByRole("button", { name: "Yes, delete After Rename" }).click();
  await expect(page).toHaveURL(/\/channels$/);
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  await page.goto(`/channels/${guildId}`);
  await expect(page.getByRole("heading", { name: "Guild not found" })).toBeVisible();
});
