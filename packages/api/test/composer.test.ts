import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld } from "./world";

let w: TestWorld;
beforeAll(async () => {
  w = await createTestWorld();
});
afterAll(() => w?.close());

const MB = 1024 * 1024;

async function upload(userId: bigint, channelId: string, filename: string, bytes: Buffer) {
  return (
    await w.caller(userId).uploads.create({ channelId, filename, contentType: null, data: bytes.toString("base64") })
  ).id;
}

describe("composer.send", () => {
  it("sends the person's uploads as the message's files with their descriptions, text optional, and removes the uploads", async () => {
    const { owner, member, channelId } = await w.guildOfTwo("cora", "cole");
    const picture = await upload(owner, channelId, "garden.png", Buffer.from([137, 80, 78, 71, 1, 2, 3]));
    const notes = await upload(owner, channelId, "notes.txt", Buffer.from("hello"));
    const sent = await w.caller(owner).composer.send({
      channelId,
      content: "",
      attachments: [{ uploadId: picture, description: "A garden at dusk" }, { uploadId: notes }],
    });
    expect(sent.content).toBe("");
    expect(sent.attachments.map((a) => [a.filename, a.size, a.image])).toEqual([
      ["garden.png", 7, true],
      ["notes.txt", 5, false],
    ]);
    const rows = await w.database.prisma.attachment.findMany({
      where: { messageId: BigInt(sent.id) },
      orderBy: { id: "asc" },
    });
    expect(rows.map((r) => r.description)).toEqual(["A garden at dusk", null]);
    expect(await w.database.prisma.upload.count({ where: { id: { in: [BigInt(picture), BigInt(notes)] } } })).toBe(0);
    // The other person reads it with its files.
    const { messages } = await w.caller(member).messages.list({ channelId });
    expect(messages.find((m) => m.id === sent.id)?.attachments).toHaveLength(2);
  });

  it("refuses more than 10 files and more than 25 MB together with 40005, keeping the uploads", async () => {
    const { owner, channelId } = await w.guildOfTwo("dora", "dale");
    const eleven = [];
    for (let i = 0; i < 11; i++)
      eleven.push({ uploadId: await upload(owner, channelId, `f${i}.txt`, Buffer.from(`file ${i}`)) });
    await expect(
      w.caller(owner).composer.send({ channelId, content: "many", attachments: eleven }),
    ).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE", cause: { code: 40005 } });
    const big = [
      await upload(owner, channelId, "a.bin", Buffer.alloc(13 * MB)),
      await upload(owner, channelId, "b.bin", Buffer.alloc(13 * MB)),
    ];
    await expect(
      w.caller(owner).composer.send({ channelId, content: "big", attachments: big.map((uploadId) => ({ uploadId })) }),
    ).rejects.toMatchObject({ cause: { code: 40005 } });
    expect(await w.database.prisma.upload.count({ where: { id: { in: big.map(BigInt) }, usedAt: null } })).toBe(2);
    // Within the limits the same uploads go through.
    const sent = await w.caller(owner).composer.send({ channelId, content: "ten", attachments: eleven.slice(0, 10) });
    expect(sent.attachments).toHaveLength(10);
  });

  it("refuses another person's upload, one for another channel and one already sent, with 50035", async () => {
    const { owner, member, guildId, channelId } = await w.guildOfTwo("erin", "eli");
    const hers = await upload(owner, channelId, "hers.txt", Buffer.from("hers"));
    await expect(
      w.caller(member).composer.send({ channelId, content: "mine now", attachments: [{ uploadId: hers }] }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", cause: { code: 50035 } });
    const other = await w.caller(owner).guilds.createChannel({ guildId, name: "other", kind: "text" });
    const elsewhere = await upload(owner, other.id, "elsewhere.txt", Buffer.from("x"));
    await expect(
      w.caller(owner).composer.send({ channelId, content: "", attachments: [{ uploadId: elsewhere }] }),
    ).rejects.toMatchObject({ cause: { code: 50035 } });
    await w.caller(owner).composer.send({ channelId, content: "once", attachments: [{ uploadId: hers }] });
    await expect(
      w.caller(owner).composer.send({ channelId, content: "twice", attachments: [{ uploadId: hers }] }),
    ).rejects.toMatchObject({ cause: { code: 50035 } });
    await expect(w.caller(owner).composer.send({ channelId, content: "", attachments: [] })).rejects.toMatchObject({
      cause: { code: 50006 },
    });
  });
});

describe("composer.context", () => {
  it("offers @everyone to the owner and not to a member without Mention Everyone", async () => {
    const { owner, member, channelId } = await w.guildOfTwo("fay", "finn");
    expect(await w.caller(owner).composer.context({ channelId })).toEqual({ mayMentionEveryone: true });
    expect(await w.caller(member).composer.context({ channelId })).toEqual({ mayMentionEveryone: false });
  });
});
