import { expect, guildWith, live, test } from "./support/live-people";
import { messages } from "./support/people";

/**
 * Ann has 19 files uploaded and never sent (the cap is 20). She sends two more: the first is
 * uploaded, the second refused, and the tray says why in words. Taking the uploaded one out of
 * the tray takes it back on the server too, so the other one then goes.
 */
test("the composer says when too many files wait to be sent, and removing one from the tray makes room", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const guild = await guildWith(service, ann, "Crowded Desk");
  const { domain, database } = await service.domain();
  const waiting = () => database.prisma.upload.count({ where: { uploaderId: ann.id, usedAt: null } });
  for (let i = 0; i < 19; i++) {
    await domain.uploads.create(ann.id, {
      channelId: BigInt(guild.channelId),
      filename: `left-${i}.txt`,
      contentType: "text/plain",
      data: new TextEncoder().encode(`left ${i}`) as Uint8Array<ArrayBuffer>,
    });
  }
  const page = await people.open(ann, guild.path);
  await live(page);

  await page.getByTestId("attach-input").setInputFiles([
    { name: "first.txt", mimeType: "text/plain", buffer: Buffer.from("first") },
    { name: "second.txt", mimeType: "text/plain", buffer: Buffer.from("second") },
  ]);
  const tray = page.getByRole("region", { name: "Files to send" });
  const box = page.getByRole("textbox", { name: "Message #general" });
  await box.fill("two files");
  await box.press("Enter");
  const second = tray.getByTestId("upload-tray-file").filter({ hasText: "second.txt" });
  await expect(second.getByRole("alert")).toHaveText(
    "You have too many files waiting to be sent. Send or remove some first.",
  );
  await expect(tray.getByTestId("upload-tray-file").filter({ hasText: "first.txt" })).toContainText("Uploaded");
  await expect(messages(page)).toHaveCount(0);
  expect(await waiting()).toBe(20);

  await tray.getByRole("button", { name: "Remove first.txt" }).click();
  await expect.poll(waiting).toBe(19);
  await box.press("Enter");
  await expect(tray).toHaveCount(0);
  await expect(messages(page)).toHaveText(["two files"]);
  await expect(page.getByRole("log").getByTestId("message-attachments")).toContainText("second.txt");
});
