import { expect, test } from "./fixtures/service";
import { createGuild, messages, openDialog, screen, sendMessage, signUp, uniqueName } from "./support/people";

test("the owner creates a text channel and a voice channel", async ({ page }) => {
  await signUp(page, uniqueName("builder"));
  await createGuild(page, "Workshop");

  let dialog = await openDialog(page, "Create a channel", "Create a channel");
  await dialog.getByRole("button", { name: "Create channel" }).click();
  await expect(dialog.getByText("Must be between 1 and 100 in length.")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Channel name" }).fill("Game Night");
  // The error describes what was sent; it goes once the name changes.
  await expect(dialog.getByText("Must be between 1 and 100 in length.")).toBeHidden();
  await screen(page, "create-channel");
  await dialog.getByRole("button", { name: "Create channel" }).click();
  await expect(dialog).toBeHidden();

  const channels = page.getByRole("navigation", { name: "Channels" });
  await expect(channels.getByRole("link", { name: "game-night" })).toHaveAttribute("aria-current", "page");
  await sendMessage(page, "game-night", "First!");
  await expect(messages(page)).toHaveText(["First!"]);

  dialog = await openDialog(page, "Create a channel", "Create a channel");
  await dialog.getByRole("radio", { name: /Voice/ }).check();
  await dialog.getByRole("textbox", { name: "Channel name" }).fill("Lounge");
  await dialog.getByRole("button", { name: "Create channel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("voice-channel")).toHaveText(["General", "Lounge"]);

  await page.reload();
  await expect(channels.getByRole("link")).toHaveText(["general", "game-night"]);
  await expect(page.getByTestId("voice-channel")).toHaveText(["General", "Lounge"]);
});
