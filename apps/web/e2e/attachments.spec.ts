import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import type { RunningService } from "./fixtures/service";
import { axeViolations } from "./support/axe";
import { expect, guildWith, live, PHONE, type Someone, test } from "./support/live-people";
import { screen } from "./support/people";
import { twoColourPng } from "./support/png";
import { recordWebm } from "./support/webm";

const DESKTOP = { width: 1280, height: 720 };

/** A bot of `owner`'s in the guild that posts files over REST, as any bot does (multipart: payload_json and files[n]). */
async function filesBot(service: RunningService, owner: Someone, guildId: string) {
  const { domain } = await service.domain();
  const app = await domain.applications.create(owner.id, "Reporter");
  // View Channel, Send Messages, Attach Files.
  await domain.members.addBot(owner.id, BigInt(guildId), app.application.id, 1024n | 2048n | 32768n);
  return async (channelId: string, content: string, files: { name: string; type: string; data: Buffer }[]) => {
    const form = new FormData();
    form.append("payload_json", JSON.stringify({ content }));
    files.forEach((file, i) => {
      form.append(`files[${i}]`, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    });
    const response = await fetch(`${service.apiUrl}/channels/${channelId}/messages`, {
      method: "POST",
      headers: { Authorization: `Bot ${app.botToken}` },
      body: form,
    });
    expect(response.status, await response.clone().text()).toBe(200);
  };
}

function messageWith(page: Page, text: string) {
  return page.getByRole("log").getByTestId("message").filter({ hasText: text });
}

test("a bot's picture shows scaled and opens full size in a viewer that Escape, Close and a click beside it shut, focus going back", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const guild = await guildWith(service, ann, "Gallery");
  const post = await filesBot(service, ann, guild.guildId);
  await post(guild.channelId, "the big chart", [
    { name: "big chart.png", type: "image/png", data: twoColourPng(600, [91, 108, 240], [46, 168, 102]) },
  ]);

  const page = await people.open(ann, guild.path);
  await page.setViewportSize(DESKTOP);
  await live(page);
  const message = messageWith(page, "the big chart");
  const picture = message.getByTestId("message-image");
  await expect(picture).toHaveAccessibleName("big chart.png");
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(600);
  // Scaled in the conversation: at most 350 px high.
  expect((await picture.boundingBox())?.height).toBeLessThanOrEqual(350);
  const opener = message.getByRole("button", { name: "big chart.png" });
  await expect(opener).toHaveAttribute("aria-haspopup", "dialog");

  await opener.click();
  const viewer = page.getByRole("dialog", { name: "big chart.png" });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Close" })).toBeFocused();
  // Full size: the picture fits the window at 1280 × 720, so it shows at its own 600 px.
  const full = viewer.getByTestId("image-viewer-picture");
  await expect.poll(async () => (await full.boundingBox())?.width).toBe(600);
  expect(await viewer.getByRole("link", { name: "Open original" }).getAttribute("href")).toBe(
    await picture.getAttribute("src"),
  );
  expect(await axeViolations(page)).toEqual([]);
  await screen(page, "attachments-viewer");

  await page.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);
  await expect(opener).toBeFocused();

  // From the keyboard: Enter opens it, Close shuts it.
  await page.keyboard.press("Enter");
  await expect(viewer).toBeVisible();
  await viewer.getByRole("button", { name: "Close" }).click();
  await expect(viewer).toHaveCount(0);
  await expect(opener).toBeFocused();

  // On a phone the picture is scaled down to fit; a tap beside it closes the viewer.
  await page.setViewportSize(PHONE);
  await opener.click();
  await expect(viewer).toBeVisible();
  await expect.poll(async () => (await full.boundingBox())?.width).toBeLessThanOrEqual(PHONE.width - 32);
  expect(await axeViolations(page)).toEqual([]);
  await screen(page, "attachments-viewer-phone");
  await page.mouse.click(PHONE.width / 2, PHONE.height - 20);
  await expect(viewer).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test("a bot's video plays inline and its text file shows as a card whose Download saves it under its name", async ({
  browser,
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const guild = await guildWith(service, ann, "Screening Room");
  const post = await filesBot(service, ann, guild.guildId);
  const video = await recordWebm(browser);
  expect(video.byteLength).toBeLessThan(50_000);
  const notes = Buffer.from("minutes of the meeting\n".repeat(548));
  expect(notes.byteLength).toBe(12_604);
  await post(guild.channelId, "the screening", [
    { name: "poster.png", type: "image/png", data: twoColourPng(96, [230, 162, 60], [91, 108, 240]) },
    { name: "trailer.webm", type: "video/webm", data: video },
    { name: "Ann's notes (draft).txt", type: "text/plain", data: notes },
  ]);

  const page = await people.open(ann, guild.path);
  await page.setViewportSize(DESKTOP);
  await live(page);
  const message = messageWith(page, "the screening");

  // The video plays in place from its signed CDN URL: the browser has read its metadata.
  const player = message.getByTestId("message-video");
  await expect(player).toHaveAttribute("controls", "");
  await expect(player).toHaveAccessibleName("trailer.webm");
  expect(new URL((await player.getAttribute("src")) as string).pathname).toMatch(
    /^\/cdn\/attachments\/\d+\/\d+\/trailer\.webm$/,
  );
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  expect(await player.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight])).toEqual([160, 90]);

  // The text file: a card with its name, its size as people read it, and Download.
  const card = message.getByTestId("message-file");
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("link", { name: "Ann's notes (draft).txt", exact: true })).toBeVisible();
  await expect(card.getByTestId("message-file-size")).toHaveText("12.3 KB");
  // The picture and video grew as they loaded; the list kept its end, the card, in view.
  await expect(card).toBeInViewport({ ratio: 1 });
  expect(await axeViolations(page)).toEqual([]);
  await screen(page, "attachments-message");

  const url = page.url();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    card.getByRole("link", { name: "Download Ann's notes (draft).txt" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("Ann's notes (draft).txt");
  expect(readFileSync(await download.path()).equals(notes)).toBe(true);
  // The conversation stays open.
  expect(page.url()).toBe(url);
  await expect(card).toBeVisible();

  await page.setViewportSize(PHONE);
  await card.scrollIntoViewIfNeeded();
  expect((await card.boundingBox())?.width).toBeLessThanOrEqual(PHONE.width);
  await screen(page, "attachments-message-phone");
});
