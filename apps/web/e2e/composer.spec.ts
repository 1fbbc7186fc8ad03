import type { Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { expect, guildWith, live, PHONE, sidebars, test } from "./support/live-people";
import { screen } from "./support/people";
import { twoColourPng } from "./support/png";

const VIEW_AND_SEND = 1024n | 2048n;

const box = (page: Page, channel = "general") => page.getByRole("textbox", { name: `Message #${channel}` });
const heightOf = (page: Page) => box(page).evaluate((el) => el.getBoundingClientRect().height);

/**
 * Ann's composer grows with wrapped text up to half the window and then scrolls; `@` and `#`
 * suggest members (a bot too) and channels, and what she picks reaches Ben as mention pills;
 * her unsent text waits in each channel while she looks elsewhere.
 */
test("the composer grows, suggests mentions and channels, and keeps drafts per channel", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const guild = await guildWith(service, ann, "Composer Desk", [ben]);
  const { domain } = await service.domain();
  await domain.channels.create(BigInt(guild.guildId), ann.id, { name: "news", type: 0, topic: "What is new" });
  const app = await domain.applications.create(ann.id, "Bramble Bot");
  await domain.members.addBot(ann.id, BigInt(guild.guildId), app.application.id, VIEW_AND_SEND);

  const page = await people.open(ann, guild.path);
  await page.setViewportSize({ width: 1280, height: 800 });
  const other = await people.open(ben, guild.path);
  await live(page);
  await live(other);

  // Wrapped text (no line breaks) makes the box taller, up to half the window, then it scrolls.
  const oneLine = await heightOf(page);
  await box(page).fill("A long paragraph that wraps across the width of the box. ".repeat(8));
  expect(await heightOf(page)).toBeGreaterThan(oneLine * 2);
  await box(page).fill("A long paragraph that wraps across the width of the box. ".repeat(80));
  expect(await heightOf(page)).toBeLessThanOrEqual(400 + 1);
  expect(await box(page).evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await box(page).fill("");
  await expect.poll(() => heightOf(page)).toBe(oneLine);

  // `@` suggests members by name, bots included; Enter inserts the readable name.
  await box(page).pressSequentially("Hi @Br");
  const members = page.getByRole("listbox", { name: "Members" });
  await expect(members.getByRole("option")).toHaveCount(1);
  await expect(members.getByRole("option", { name: /Bramble Bot/ })).toContainText("bot");
  await box(page).press("Backspace");
  await box(page).press("Backspace");
  await box(page).pressSequentially(ben.username.slice(0, 3));
  await expect(members.getByRole("option")).toHaveText([new RegExp(ben.username)]);
  await expect(box(page)).toHaveAttribute("aria-activedescendant", /.+/);
  expect(await axeViolations(page)).toEqual([]);
  await screen(page, "composer-mention-1280");
  await page.setViewportSize(PHONE);
  await expect(members).toBeInViewport();
  await screen(page, "composer-mention-390");
  await page.setViewportSize({ width: 1280, height: 800 });
  await box(page).press("Enter");
  await expect(members).toHaveCount(0);
  await expect(box(page)).toHaveValue(`Hi @${ben.username} `);
  // The owner may mention everyone; Escape closes the list and leaves the text as typed.
  await box(page).pressSequentially("@ever");
  await expect(members.getByRole("option")).toHaveText([/@everyone/]);
  await box(page).press("Escape");
  await expect(members).toHaveCount(0);
  await box(page).press("Backspace");
  await box(page).press("Backspace");
  await box(page).press("Backspace");
  await box(page).press("Backspace");
  await box(page).press("Backspace");
  // `#` suggests text channels; a click inserts one.
  await box(page).pressSequentially("see #ne");
  const channels = page.getByRole("listbox", { name: "Channels" });
  await channels.getByRole("option", { name: /news/ }).click();
  await expect(box(page)).toHaveValue(`Hi @${ben.username} see #news `);
  await box(page).press("Enter");
  await expect(box(page)).toHaveValue("");

  // Ben reads pills with the names; the mention of him is highlighted.
  const row = other.getByRole("log").getByTestId("message").filter({ hasText: "see" });
  await expect(row.getByTestId("mention")).toHaveText([`@${ben.username}`, "#news"]);
  await expect(row).toHaveAttribute("data-mentions-me", "true");
  await expect(row.getByTestId("message-content")).not.toContainText("<@");

  // A draft waits in its channel while Ann looks at another.
  await box(page).fill("Half a thought about the garden");
  await sidebars(page).channels.getByRole("link", { name: "news" }).click();
  await expect(box(page, "news")).toBeEnabled();
  await expect(box(page, "news")).toHaveValue("");
  await box(page, "news").fill("News draft");
  await sidebars(page).channels.getByRole("link", { name: "general" }).click();
  await expect(box(page)).toHaveValue("Half a thought about the garden");
  await box(page).press("Enter");
  await expect(other.getByRole("log").getByText("Half a thought about the garden")).toBeVisible();
  await sidebars(page).channels.getByRole("link", { name: "news" }).click();
  await expect(box(page, "news")).toHaveValue("News draft");
  await sidebars(page).channels.getByRole("link", { name: "general" }).click();
  await expect(box(page)).toHaveValue("");
});

/**
 * Files by the button (with a description), by paste and by a drop on the channel: previews in
 * a tray, progress while uploading, and Ben sees them; more than the limits is explained
 * before anything is sent.
 */
test("files are attached by button, paste and drop, described, limited and sent", async ({ people, service }) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const guild = await guildWith(service, ann, "Upload Desk", [ben]);
  const page = await people.open(ann, guild.path);
  await page.setViewportSize({ width: 1280, height: 800 });
  const other = await people.open(ben, guild.path);
  await live(page);
  await live(other);
  const picture = twoColourPng(96, [91, 108, 240], [46, 168, 102]);

  // By the button: a picture with a description and a text file; the tray previews both.
  await expect(page.getByRole("button", { name: "Attach files" })).toHaveAccessibleDescription(
    "Up to 10 files, 25 MB together",
  );
  await page.getByTestId("attach-input").setInputFiles([
    { name: "garden.png", mimeType: "image/png", buffer: picture },
    { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("Plant the beans on Tuesday.") },
  ]);
  const tray = page.getByRole("region", { name: "Files to send" });
  await expect(tray.getByTestId("upload-tray-file")).toHaveCount(2);
  await expect(tray.locator("img")).toHaveJSProperty("naturalWidth", 96);
  await tray.getByLabel("Description of garden.png").fill("Blue and green halves");
  expect(await axeViolations(page)).toEqual([]);
  await screen(page, "composer-tray-1280");
  // Uploads are slowed down so the progress shows.
  await page.route("**/api/trpc/uploads.create", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await box(page).fill("The plan");
  await box(page).press("Enter");
  await expect(tray.getByRole("progressbar", { name: "Uploading garden.png" })).toBeVisible();
  await expect(tray).toHaveCount(0);
  await expect(box(page)).toHaveValue("");
  const sent = other.getByRole("log").getByTestId("message").filter({ hasText: "The plan" });
  await expect(sent.getByRole("img", { name: "Blue and green halves" })).toHaveJSProperty("naturalWidth", 96);
  await expect(sent.getByTestId("message-attachments")).toContainText("notes.txt");
  await page.unroute("**/api/trpc/uploads.create");

  // By paste, sent without any text.
  await box(page).evaluate(
    (el, bytes) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], "pasted.png", { type: "image/png" }));
      el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    },
    [...picture],
  );
  await expect(tray.getByTestId("upload-tray-file")).toHaveCount(1);
  await expect(tray).toContainText("pasted.png");
  await box(page).press("Enter");
  await expect(other.getByRole("log").getByRole("img", { name: "pasted.png" })).toHaveJSProperty("naturalWidth", 96);

  // By a drop anywhere on the channel.
  await page.getByRole("log").evaluate((el) => {
    const data = new DataTransfer();
    data.items.add(new File(["dropped"], "dropped.txt", { type: "text/plain" }));
    el.dispatchEvent(new DragEvent("dragenter", { dataTransfer: data, bubbles: true, cancelable: true }));
    el.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  await expect(tray).toContainText("dropped.txt");
  await tray.getByRole("button", { name: "Remove dropped.txt" }).click();
  await expect(tray).toHaveCount(0);

  // Over the limits: told before sending, and Send waits until files are removed.
  const eleven = Array.from({ length: 11 }, (_, i) => ({
    name: `part-${i + 1}.txt`,
    mimeType: "text/plain",
    buffer: Buffer.from(`part ${i + 1}`),
  }));
  await page.getByTestId("attach-input").setInputFiles(eleven);
  await expect(tray.getByRole("alert")).toHaveText("A message can carry at most 10 files: remove 1.");
  await expect(page.getByRole("button", { name: "Send message" })).toBeDisabled();
  await page.setViewportSize(PHONE);
  await screen(page, "composer-tray-390");
  await page.setViewportSize({ width: 1280, height: 800 });
  await tray.getByRole("button", { name: "Remove part-11.txt" }).click();
  await expect(tray.getByRole("alert")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled();
  await page
    .getByTestId("attach-input")
    .setInputFiles([
      { name: "film.bin", mimeType: "application/octet-stream", buffer: Buffer.alloc(26 * 1024 * 1024) },
    ]);
  await expect(tray.getByRole("alert")).toContainText("Files can be at most 25 MB together: these are 26.0 MB.");
  await expect(page.getByRole("button", { name: "Send message" })).toBeDisabled();
});
