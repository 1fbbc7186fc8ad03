import type { GatewaySocket } from "./socket";
import { SyncDeflateStream } from "./sync-deflate";

/**
 * `compress=zlib-stream`: one deflate stream (zlib format) for the whole connection. Each
 * payload is compressed and flushed with Z_SYNC_FLUSH, and what that flush produced goes out as
 * one binary frame, which therefore ends in 00 00 ff ff. The bytes handed in are the same
 * serialized JSON every other receiver gets; only the compression is per connection.
 *
 * Compression is synchronous (sync-deflate.ts), so a frame never carries bytes of two payloads,
 * frames leave in the order they were given, and a close follows the frames sent before it.
 */
export function zlibStreamSocket(socket: GatewaySocket): GatewaySocket {
  let stream: SyncDeflateStream | null = new SyncDeflateStream();
  const end = () => {
    stream?.close();
    stream = null;
  };
  socket.onClose(end);

  return {
    send(payload) {
      if (!stream) return;
      let frame: Buffer;
      try {
        frame = stream.push(typeof payload === "string" ? Buffer.from(payload) : payload);
      } catch (error) {
        console.error("gateway compression failed", error);
        end();
        socket.close(4000, "Unknown error.");
        return;
      }
      socket.sendBinary(frame);
    },
    sendBinary: (data) => socket.sendBinary(data),
    bufferedBytes: () => socket.bufferedBytes(),
    close: (code, reason) => socket.close(code, reason),
    onMessage: (listener) => socket.onMessage(listener),
    onClose: (listener) => socket.onClose(listener),
  };
}
