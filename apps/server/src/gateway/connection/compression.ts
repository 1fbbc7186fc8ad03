import { constants, createDeflate } from "node:zlib";
import type { GatewaySocket } from "./socket";

/**
 * `compress=zlib-stream`: one deflate stream (zlib format) for the whole connection. Each
 * payload is written and flushed with Z_SYNC_FLUSH, and what that flush produced goes out as
 * one binary frame, which therefore ends in 00 00 ff ff. The text handed in is the same
 * serialized JSON every other receiver gets; only the compression is per connection.
 *
 * Payloads are compressed one at a time (as `ws` does for permessage-deflate), so a frame never
 * carries bytes of two payloads and frames leave in the order they were given. A close waits
 * for the frames queued before it.
 */
export function zlibStreamSocket(socket: GatewaySocket): GatewaySocket {
  const deflate = createDeflate();
  const output: Buffer[] = [];
  let gone = false;
  let queue: Promise<void> = Promise.resolve();

  deflate.on("data", (chunk: Buffer) => output.push(chunk));
  deflate.on("error", (error) => {
    console.error("gateway compression failed", error);
    gone = true;
    socket.close(4000, "Unknown error.");
  });
  socket.onClose(() => {
    gone = true;
    deflate.close();
  });

  const compress = (text: string | Buffer) =>
    new Promise<void>((resolve) => {
      if (gone) return resolve();
      deflate.write(text);
      deflate.flush(constants.Z_SYNC_FLUSH, () => {
        const frame = Buffer.concat(output.splice(0));
        if (!gone && frame.length > 0) socket.sendBinary(frame);
        resolve();
      });
    });

  return {
    send(text) {
      queue = queue.then(() => compress(text));
    },
    sendBinary(data) {
      queue = queue.then(() => socket.sendBinary(data));
    },
    close(code, reason) {
      queue = queue.then(() => socket.close(code, reason));
    },
    onMessage: (listener) => socket.onMessage(listener),
    onClose: (listener) => socket.onClose(listener),
  };
}
