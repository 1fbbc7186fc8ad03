import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertFileKey, type ByteRange, type FileStore, type StoredFile } from "@chat/domain";

/**
 * Files on disk under `root` (DATA_DIR/files: the one-machine default), a key a path below it.
 * A file is written under a temporary name beside its place and renamed there once whole, so a
 * reader or a crash never sees half of one; temporary names start with `.` and are not keys.
 */
export class FilesystemStore implements FileStore {
  readonly kind = "filesystem";

  constructor(private readonly root: string) {}

  private path(key: string): string {
    assertFileKey(key);
    return join(this.root, ...key.split("/"));
  }

  async put(key: string, body: Readable | Uint8Array, _contentType: string): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const draft = join(dirname(path), `.${randomBytes(8).toString("hex")}.part`);
    try {
      await pipeline(
        body instanceof Uint8Array ? Readable.from([body]) : body,
        createWriteStream(draft, { flags: "wx" }),
      );
      await rename(draft, path);
    } catch (error) {
      await rm(draft, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredFile | null> {
    const path = this.path(key);
    // Opened first: the size and the bytes are the same file's, even if it is replaced meanwhile.
    const handle = await open(path, "r").catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "EISDIR") return null;
      throw error;
    });
    if (!handle) return null;
    const { size } = await handle.stat();
    const start = range?.start ?? 0;
    const end = Math.min(range?.end ?? size - 1, size - 1);
    if (range && start >= size) {
      await handle.close();
      return null;
    }
    if (size === 0) {
      await handle.close();
      return { size, range: { start: 0, end: -1 }, body: Readable.from([]) };
    }
    return { size, range: { start, end }, body: handle.createReadStream({ start, end, autoClose: true }) };
  }

  async size(key: string): Promise<number | null> {
    const found = await stat(this.path(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return null;
      throw error;
    });
    return found?.isFile() ? found.size : null;
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async *keys(prefix: string): AsyncIterable<string> {
    const walk = async function* (dir: string): AsyncIterable<string> {
      const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      });
      for (const entry of entries) {
        if (entry.name.startsWith(".")) continue;
        const path = join(dir, entry.name);
        if (entry.isDirectory()) yield* walk(path);
        else if (entry.isFile()) yield path;
      }
    };
    for await (const path of walk(this.root)) {
      const key = relative(this.root, path).split(sep).join("/");
      if (key.startsWith(prefix)) yield key;
    }
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await stat(this.root);
  }

  async close(): Promise<void> {}
}
