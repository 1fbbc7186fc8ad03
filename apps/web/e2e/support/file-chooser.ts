import type { FileChooser, Page } from "@playwright/test";
import { expect } from "../fixtures/service";

/**
 * The file chooser a key opens on the focused file field. Once in a long run under load
 * Chromium let a key press pass without opening it (the field focused, no chooser for 90 s), as
 * a person would press again, so does this, after 5 s.
 */
export async function chooserFrom(page: Page, key: "Space" | "Enter"): Promise<FileChooser> {
  let chooser: FileChooser | undefined;
  await expect(async () => {
    const opening = page.waitForEvent("filechooser", { timeout: 5_000 });
    await page.keyboard.press(key);
    chooser = await opening;
  }).toPass({ timeout: 30_000 });
  return chooser as FileChooser;
}
