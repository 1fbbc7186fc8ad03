import { constants, createDeflate, type Deflate, type ZlibOptions } from "node:zlib";

/**
 * The zlib settings of every `compress=zlib-stream` connection. Level 1: for event-sized
 * payloads it gives the same bytes as level 6 at a quarter of the CPU (measured on this
 * service's MESSAGE_CREATE: about 5 µs against 20 µs per connection), and a large GUILD_CREATE
 * is about a tenth bigger. The window stays at zlib's default 32 KB (windowBits 15), which every
 * inflater clients use (zlib-sync, node's zlib, pako, DecompressionStream) accepts; node's
 * bundled zlib takes about 210 KB per stream whatever memLevel, nearly all for the window.
 */
export const ZLIB_STREAM_OPTIONS = { level: 1, windowBits: 15, memLevel: 8 } as const satisfies ZlibOptions;

/** Node's zlib binding, which node's own synchronous helpers (deflateSync) drive the same way. */
interface ZlibHandle {
  writeSync(
    flush: number,
    input: Uint8Array,
    inOffset: number,
    inLength: number,
    output: Uint8Array,
    outOffset: number,
    outLength: number,
  ): void;
}
interface DeflateInternals {
  _handle: ZlibHandle | null;
  /** [output bytes left, input bytes left] after each write. */
  _writeState: Uint32Array;
}

/** One compressed frame never exceeds what it compresses by much; bigger output loops. */
const scratch = Buffer.allocUnsafe(64 * 1024);

/**
 * One deflate stream (zlib format) compressed synchronously: `push` compresses a payload and
 * flushes with Z_SYNC_FLUSH, returning exactly the bytes that flush produced (they end in
 * 00 00 ff ff and continue the stream of the payloads before). Node offers no public
 * synchronous API that keeps a stream across calls (deflateSync starts a new stream each time,
 * the Deflate transform runs on the thread pool), so this drives the binding directly, as
 * node's deflateSync does; the output goes through one scratch buffer shared by all streams,
 * so a stream costs zlib's own state and no buffer of its own.
 */
export class SyncDeflateStream {
  private readonly deflate: Deflate & DeflateInternals;
  private failure: Error | null = null;

  constructor(options: ZlibOptions = ZLIB_STREAM_OPTIONS) {
    // The transform's own output buffer is never used: the smallest one zlib allows.
    this.deflate = createDeflate({ ...options, chunkSize: constants.Z_MIN_CHUNK }) as Deflate & DeflateInternals;
    this.deflate.on("error", (error) => {
      this.failure = error;
    });
    if (typeof this.deflate._handle?.writeSync !== "function" || !(this.deflate._writeState instanceof Uint32Array)) {
      throw new Error("this version of node has no synchronous zlib binding");
    }
  }

  /** Compresses `parts` in order, as one payload, and flushes. Throws if zlib failed or the stream was closed. */
  push(...parts: Uint8Array[]): Buffer {
    const handle = this.deflate._handle;
    if (!handle) throw new Error("deflate stream closed");
    const state = this.deflate._writeState;
    const out: Buffer[] = [];
    parts.forEach((input, index) => {
      const flush = index === parts.length - 1 ? constants.Z_SYNC_FLUSH : constants.Z_NO_FLUSH;
      let offset = 0;
      let left = input.byteLength;
      for (;;) {
        handle.writeSync(flush, input, offset, left, scratch, 0, scratch.length);
        if (this.failure) throw this.failure;
        const [outputLeft = 0, inputLeft = 0] = state;
        const produced = scratch.length - outputLeft;
        if (produced > 0) out.push(Buffer.from(scratch.subarray(0, produced)));
        offset += left - inputLeft;
        left = inputLeft;
        // Output space left over means zlib has taken all the input and flushed what it had.
        if (outputLeft !== 0) break;
      }
    });
    return out.length === 1 ? (out[0] as Buffer) : Buffer.concat(out);
  }

  close(): void {
    this.deflate.close();
  }
}
