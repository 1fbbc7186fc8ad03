import { describe, expect, it } from "vitest";
import { MessageStream } from "../src/pglite-message-stream";

/** A typed protocol message: its type byte, its length (itself included) and its body. */
function typed(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0);
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
}

describe("the embedded database's connections cut into whole messages", () => {
  const startup = Buffer.alloc(12);
  startup.writeInt32BE(12, 0);
  startup.writeInt32BE(196608, 4);
  const messages = [
    startup,
    typed("Q", Buffer.from("SELECT 1\0")),
    typed("P", Buffer.alloc(100_000, 1)),
    typed("S", Buffer.alloc(0)),
    typed("X", Buffer.alloc(0)),
  ];
  const bytes = Buffer.concat(messages);
  /** Where each message ends in `bytes`. */
  const boundaries = new Set<number>();
  let end = 0;
  for (const m of messages) {
    end += m.length;
    boundaries.add(end);
  }

  it.each([1, 3, 5, 4096, 65_536, bytes.length])(
    "hands on every byte once, in order, and only ever whole messages (chunks of %i bytes)",
    (size) => {
      const stream = new MessageStream();
      const out: Buffer[] = [];
      let handed = 0;
      for (let at = 0; at < bytes.length; at += size) {
        const whole = stream.push(bytes.subarray(at, at + size));
        if (!whole) continue;
        handed += whole.length;
        expect(boundaries.has(handed)).toBe(true);
        out.push(whole);
      }
      expect(Buffer.concat(out).equals(bytes)).toBe(true);
    },
  );
});
