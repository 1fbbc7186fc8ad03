import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import type { FileStore } from "@chat/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FilesystemStore } from "../src/filesystem-store";
import { S3Store } from "../src/s3-store";
import { type RunningSeaweed, startSeaweed } from "../src/seaweedfs-process";

/**
 * The FileStore port's contract, on each real store: the filesystem under a data folder, and S3
 * served by a real SeaweedFS (`weed mini` on loopback).
 */
const stores: [string, () => Promise<{ store: FileStore; stop(): Promise<void> }>][] = [
  [
    "filesystem",
    async () => {
      const root = mkdtempSync(join(tmpdir(), "files-"));
      return {
        store: new FilesystemStore(join(root, "files")),
        stop: async () => rmSync(root, { recursive: true, force: true }),
      };
    },
  ],
  [
    "S3 on SeaweedFS",
    async () => {
      const seaweed: RunningSeaweed = await startSeaweed();
      const bucket = `test-${randomBytes(4).toString("hex")}`;
      await seaweed.createBucket(bucket);
      const store = new S3Store({ ...seaweed.settings, bucket });
      return {
        store,
        stop: async () => {
          await store.close();
          await seaweed.stop();
        },
      };
    },
  ],
];

describe.each(stores)("a file store (%s)", (_, open) => {
  let store: FileStore;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ store, stop } = await open());
  }, 120_000);
  afterAll(() => stop?.());

  const read = async (key: string, range?: { start: number; end: number }) => {
    const file = await store.get(key, range);
    return file && { size: file.size, range: file.range, text: await text(file.body) };
  };

  it("keeps bytes under a key, whole or streamed, and gives them back with their size", async () => {
    await store.put("attachments/1/hello.txt", new TextEncoder().encode("hello, files"), "text/plain");
    expect(await read("attachments/1/hello.txt")).toEqual({
      size: 12,
      range: { start: 0, end: 11 },
      text: "hello, files",
    });
    await store.put("attachments/2/streamed.txt", Readable.from(["part one, ", "part two"]), "text/plain");
    expect((await read("attachments/2/streamed.txt"))?.text).toBe("part one, part two");
    expect(await store.size("attachments/2/streamed.txt")).toBe(18);
  });

  it("gives a range of the bytes, clamped to the file's end, and nothing for a range past it", async () => {
    await store.put("ranges/r.bin", new TextEncoder().encode("0123456789"), "application/octet-stream");
    expect(await read("ranges/r.bin", { start: 2, end: 5 })).toEqual({
      size: 10,
      range: { start: 2, end: 5 },
      text: "2345",
    });
    expect(await read("ranges/r.bin", { start: 7, end: 100 })).toEqual({
      size: 10,
      range: { start: 7, end: 9 },
      text: "789",
    });
    expect(await store.get("ranges/r.bin", { start: 10, end: 20 })).toBeNull();
  });

  it("answers null for a key it does not have, and deletes (twice is fine)", async () => {
    expect(await store.get("nothing/here")).toBeNull();
    expect(await store.size("nothing/here")).toBeNull();
    await store.put("gone/soon.txt", new TextEncoder().encode("x"), "text/plain");
    await store.delete("gone/soon.txt");
    await store.delete("gone/soon.txt");
    expect(await store.get("gone/soon.txt")).toBeNull();
  });

  it("lists the keys under a prefix (the sweeper's walk)", async () => {
    for (const key of ["walk/a/1", "walk/a/2", "walk/b/3", "other/4"])
      await store.put(key, new TextEncoder().encode(key), "text/plain");
    const keys: string[] = [];
    for await (const key of store.keys("walk/")) keys.push(key);
    expect(keys.sort()).toEqual(["walk/a/1", "walk/a/2", "walk/b/3"]);
  });

  it("refuses a key the domain never makes, before touching anything", async () => {
    for (const key of ["../outside", "a//b", "/rooted", "UPPER", "a/./b", "a/../b", ""])
      await expect(store.put(key, new Uint8Array([1]), "text/plain")).rejects.toThrow(/not a file key/);
  });

  it("streams a 12 MB upload in parts and keeps every byte", async () => {
    const chunk = randomBytes(1024 * 1024);
    const parts = Array.from({ length: 12 }, () => chunk);
    await store.put("big/twelve.bin", Readable.from(parts), "application/octet-stream");
    expect(await store.size("big/twelve.bin")).toBe(12 * 1024 * 1024);
    const tail = await store.get("big/twelve.bin", { start: 12 * 1024 * 1024 - 4, end: 12 * 1024 * 1024 - 1 });
    const bytes = Buffer.concat(await tail!.body.toArray());
    expect(bytes.equals(chunk.subarray(chunk.length - 4))).toBe(true);
  });

  it("answers when it is reachable (readiness)", async () => {
    await expect(store.check()).resolves.toBeUndefined();
  });
});
