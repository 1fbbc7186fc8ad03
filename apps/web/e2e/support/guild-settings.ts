import { expect, type Locator, type Page } from "@playwright/test";
import { openDialog } from "./people";

/** Shows one section of the open guild settings by its navigation button, and waits for its heading. */
export async function showSettingsSection(settings: Locator, section: string): Promise<void> {
  if (section !== "Overview")
    await settings
      .getByRole("navigation", { name: "Guild settings sections" })
      .getByRole("button", { name: section })
      .click();
  await expect(settings.getByRole("heading", { name: section, exact: true })).toBeVisible();
}

/** Opens Guild settings at `section` (where it opens: Overview); answers the settings dialog. */
export async function openGuildSettings(page: Page, section = "Overview"): Promise<Locator> {
  const settings = await openDialog(page, "Guild settings", "Guild settings");
  await showSettingsSection(settings, section);
  return settings;
}
