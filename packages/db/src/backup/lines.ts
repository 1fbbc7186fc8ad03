import { once } from "node:events";
import { createReadStream, createWriteStream, renameSync, rmSync } from "node:fs";
import { createInterface } from "node:readline";
import { finished } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";

export interface LineWriter {
  write(value: unknown): Promise<void>;
  /** Makes the file appear under its name, whole. */
  commit(): Promise<void>;
  /** Removes what was written. */
  abandon(): Promise<void>;
}

/**
 * Writes JSON lines, gzip-compressed, to `path`: under a private name first, renamed into place
 * by commit(), so a backup that fails half-way never looks like a backup. Owner-only (0600): a
 * backup holds everything the service keeps.
 */
export function writeLines(path: string): LineWriter {
  const draft = `${path}.partial-${process.pid}`;
  const file = createWriteStream(draft, { mode: 0o600, flags: "wx" });
  const gzip = createGzip();
  gzip.pipe(file);
  let failure: Error | undefined;
  for (const stream of [file, gzip]) stream.on("error", (error: Error) => (failure ??= error));
  return {
    async write(value) {
      if (failure) throw failure;
      if (!gzip.write(`${JSON.stringify(value)}\n`)) await once(gzip, "drain");
    },
    async commit() {
      gzip.end();
      await finished(file);
      if (failure) throw failure;
      renameSync(draft, path);
    },
    async abandon() {
      gzip.destroy();
      file.destroy();
      rmSync(draft, { force: true });
    },
  };
}

/** The JSON lines of a file writeLines made; a file that is not one fails with a plain message. */
export async function* readLines(path: string): AsyncGenerator<unknown> {
  const file = createReadStream(path);
  const gunzip = createGunzip();
  let failure: Error | undefined;
  file.on("error", (error) => {
    failure ??= error;
    gunzip.destroy();
  });
  gunzip.on("error", (error) => (failure ??= new Error(`${path} is not a backup file (${error.message})`)));
  const lines = createInterface({ input: file.pipe(gunzip), crlfDelay: Number.POSITIVE_INFINITY });
  try {
    for await (const line of lines) {
      if (line === "") continue;
      try {
        yield JSON.parse(line);
      } catch {
        throw new Error(`${path} is not a backup file (a line is not JSON)`);
      }
    }
  } catch (error) {
    throw failure ?? error;
  } finally {
    lines.close();
    file.destroy();
  }
  if (failure) throw failure;
}
