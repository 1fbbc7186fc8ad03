import type { Readable } from "node:stream";

/** Bytes `start` to `end` of a file, both included (an HTTP Range's numbers). */
export interface ByteRange {
  start: number;
  end: number;
}

/** A stored file's bytes as a stream: all of them, or the range asked for. */
export interface StoredFile {
  /** The whole file's size in bytes. */
  size: number;
  /** The bytes sent: the range asked for, or the whole file. */
  range: ByteRange;
  body: Readable;
}

/**
 * Where the bytes of files live (attachments, uploads, pictures, emoji): on disk under
 * DATA_DIR/files on one machine, in S3-compatible object storage when grown (@chat/files has
 * both). Rows keep a file's key and what is known of it (size, type, digest); the store keeps
 * bytes under keys, written once each. Keys are made by the domain: lower-case letters, digits,
 * `-`, `_`, `.` and `/` between non-empty parts.
 */
export interface FileStore {
  /** Which kind of store (logs, readiness, `chatctl config show`). */
  readonly kind: "filesystem" | "s3";
  /** Stores `body` under `key`, streamed (a 25 MB file never sits whole in memory); resolves once it is kept. */
  put(key: string, body: Readable | Uint8Array, contentType: string): Promise<void>;
  /** The bytes under `key`, or the `range` of them (clamped to the file); null when there is no such file or the range starts past its end. */
  get(key: string, range?: ByteRange): Promise<StoredFile | null>;
  /** The size of the file under `key`; null when there is none. */
  size(key: string): Promise<number | null>;
  /** Removes the file under `key` (nothing when there is none). */
  delete(key: string): Promise<void>;
  /** Every key under `prefix` (the sweeper's walk), in no particular order. */
  keys(prefix: string): AsyncIterable<string>;
  /** Throws unless the store answers now (readiness). */
  check(): Promise<void>;
  close(): Promise<void>;
}

const KEY = /^[a-z0-9_.-]+(?:\/[a-z0-9_.-]+)*$/;

/** Refuses a key the domain would never make (`..`, empty parts, other characters): no store is asked for a path outside its own. */
export function assertFileKey(key: string): void {
  if (!KEY.test(key) || key.split("/").some((part) => part === "." || part === ".."))
    throw new Error(`not a file key: ${JSON.stringify(key)}`);
}
