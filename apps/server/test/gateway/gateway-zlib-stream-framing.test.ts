import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { constants, inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { zlibStreamSocket } from "../../src/gateway/connection/compression";
import { FakeSocket } from "../support/fake-socket";

const SYNC_FLUSH_TAIL = Buffer.from([0x00, 0x00, 0xff, 0xff]);
const ZlibSync = createRequire(import.meta.url)("zlib-sync") as typeof import("zlib-sync");

/** discord.js's reader: one zlib-sync Inflate per connection, each frame pushed with Z_SYNC_FLUSH. */
function zlibSyncReader() {
  const inflate = new ZlibSync.Inflate({ chunkSize: 65_536 });
  return (frame: Buffer) => {
    inflate.push(frame, ZlibSync.Z_SYNC_FLUSH);
    if (inflate.err < 0) throw new Error(`inflate failed: ${inflate.msg}`);
    return String(inflate.result);
  };
}

const payload = (i: number) =>
  JSON.stringify({
    t: "MESSAGE_CREATE",
    s: i,
    op: 0,
    d: { id: String(1000 + i), content: `message ${i} ${"é✓".repeat(i % 7)}` },
  });

/** The zlib-stream framing (compression.ts), on a socket without a network. */
describe("zlib-stream framing", () => {
  it("sends one binary frame per payload, each ending in 00 00 ff ff, the first opening with the zlib header", () => {
    const socket = new FakeSocket();
    const zipped = zlibStreamSocket(socket);
    for (let i = 0; i < 5; i++) zipped.send(payload(i));
    expect(socket.calls.map((c) => c.kind)).toEqual(["binary", "binary", "binary", "binary", "binary"]);
    for (const frame of socket.binaryFrames) expect(frame.subarray(-4).equals(SYNC_FLUSH_TAIL)).toBe(true);
    expect(socket.binaryFrames[0]?.[0]).toBe(0x78);
  });

  it("is one stream across many frames: a standard inflater reads each frame as its payload", () => {
    const socket = new FakeSocket();
    const zipped = zlibStreamSocket(socket);
    const sent: string[] = [];
    for (let i = 0; i < 300; i++) {
      const text = payload(i);
      sent.push(text);
      // Strings and Buffers alike (dispatches are built as bytes, Hello and ACKs as text).
      zipped.send(i % 2 ? Buffer.from(text) : text);
    }
    const read = zlibSyncReader();
    expect(socket.binaryFrames.map(read)).toEqual(sent);
    // node's inflater over the whole stream gives every payload in order.
    expect(inflateSync(Buffer.concat(socket.binaryFrames), { finishFlush: constants.Z_SYNC_FLUSH }).toString()).toBe(
      sent.join(""),
    );
    // A later frame depends on the earlier ones: on its own it is not a zlib stream.
    expect(() => inflateSync(socket.binaryFrames[200] as Buffer, { finishFlush: constants.Z_SYNC_FLUSH })).toThrow();
  });

  it("keeps a payload larger than the compressor's output buffer in one frame", () => {
    const socket = new FakeSocket();
    const zipped = zlibStreamSocket(socket);
    const big = JSON.stringify({ op: 0, d: { noise: randomBytes(300_000).toString("base64") } });
    zipped.send(payload(1));
    zipped.send(big);
    zipped.send(payload(2));
    const read = zlibSyncReader();
    expect(socket.binaryFrames.map(read)).toEqual([payload(1), big, payload(2)]);
  });

  it("gives each connection its own stream", () => {
    const [a, b] = [new FakeSocket(), new FakeSocket()];
    const [zippedA, zippedB] = [zlibStreamSocket(a), zlibStreamSocket(b)];
    for (let i = 0; i < 10; i++) {
      zippedA.send(payload(i));
      if (i % 3 === 0) zippedB.send(payload(100 + i));
    }
    const [readA, readB] = [zlibSyncReader(), zlibSyncReader()];
    expect(a.binaryFrames.map(readA)).toEqual(Array.from({ length: 10 }, (_, i) => payload(i)));
    expect(b.binaryFrames.map(readB)).toEqual([0, 3, 6, 9].map((i) => payload(100 + i)));
    expect(b.binaryFrames[0]?.[0]).toBe(0x78);
  });

  it("closes after the frames sent before the close, and sends nothing once the connection is gone", () => {
    const socket = new FakeSocket();
    const zipped = zlibStreamSocket(socket);
    zipped.send(payload(1));
    zipped.close(4000, "Unknown error.");
    zipped.send(payload(2));
    expect(socket.calls.map((c) => c.kind)).toEqual(["binary", "close"]);

    const dropped = new FakeSocket();
    const zippedDropped = zlibStreamSocket(dropped);
    zippedDropped.send(payload(1));
    dropped.peerClosed(1006);
    zippedDropped.send(payload(2));
    expect(dropped.calls.map((c) => c.kind)).toEqual(["binary"]);
  });
});
