import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld } from "./world";

let w: TestWorld;
beforeAll(async () => {
  w = await createTestWorld();
});
afterAll(() => w?.close());

const person = (name: string) => w.signUp(name);

describe("uploads.create", () => {
  it("stores the file's bytes for the person and the channel, named as the browser sent it", async () => {
    const owner = await person("ula");
    const { firstChannelId } = await w.caller(owner).guilds.create({ name: "Files" });
    const bytes = Buffer.from(crypto.getRandomValues(new Uint8Array(700)));
    const made = await w.caller(owner).uploads.create({
      channelId: firstChannelId as string,
      filename: "photo.png",
      contentType: "image/png",
      data: bytes.toString("base64"),
    });
    expect(made).toEqual({
      id: expect.stringMatching(/^\d+$/),
      filename: "photo.png",
      size: 700,
      content_type: "image/png",
    });
    const row = await w.database.prisma.upload.findUniqueOrThrow({ where: { id: BigInt(made.id) } });
    expect(row).toMatchObject({ uploaderId: owner, channelId: BigInt(firstChannelId as string), usedAt: null });
    expect(Buffer.from(row.data).equals(bytes)).toBe(true);
  });

  it("refuses data that is not base64, a file over 25 MB with that said, a channel the person cannot see, and a signed-out caller", async () => {
    const owner = await person("uma");
    const stranger = await person("uno");
    const { firstChannelId } = await w.caller(owner).guilds.create({ name: "Private" });
    const channelId = firstChannelId as string;
    const before = await w.database.prisma.upload.count();
    await expect(
      w.caller(owner).uploads.create({ channelId, filename: "a.txt", data: "not base64!" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const tooBig = Buffer.alloc(25 * 1024 * 1024 + 3).toString("base64");
    await expect(w.caller(owner).uploads.create({ channelId, filename: "big.bin", data: tooBig })).rejects.toThrow(
      "Files can be at most 25 MB.",
    );
    await expect(
      w.caller(stranger).uploads.create({ channelId, filename: "a.txt", data: "aGk=" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(w.caller(null).uploads.create({ channelId, filename: "a.txt", data: "aGk=" })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    expect(await w.database.prisma.upload.count()).toBe(before);
  });
});
