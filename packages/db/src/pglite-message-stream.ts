/**
 * Cuts a connection's bytes into whole protocol messages. pglite-socket's handler joins every
 * chunk that arrives onto what it holds (Buffer.concat per chunk): a 25 MB message arriving in
 * 64 KB chunks was copied some 400 times over, gigabytes of copying on the database's thread.
 * Here chunks wait in a list until the message they belong to is whole, then are joined once.
 * https://www.postgresql.org/docs/current/protocol-overview.html#PROTOCOL-MESSAGE-CONCEPTS
 */
export class MessageStream {
  private chunks: Buffer[] = [];
  private buffered = 0;
  /** The connection's first message is the startup message: no type byte. */
  private started = false;

  /** Takes a chunk; answers the whole messages it completed (null when it completed none). */
  push(chunk: Buffer): Buffer | null {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const whole = this.wholeLength();
    if (whole === 0) return null;
    const all = this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks, this.buffered);
    // A copy of the start of the next message, so that the joined bytes handed on are not kept alive by it.
    const rest = Buffer.from(all.subarray(whole));
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    return all.subarray(0, whole);
  }

  /**
   * How many of the buffered bytes make whole messages, read from their headers only. A header
   * with an impossible length hands everything on, for the handler to refuse as before.
   */
  private wholeLength(): number {
    let offset = 0;
    for (;;) {
      const typed = this.started || offset > 0;
      if (this.buffered - offset < (typed ? 5 : 4)) break;
      const length = typed ? 1 + this.readInt32(offset + 1) : this.readInt32(offset);
      if (length < (typed ? 5 : 8)) return this.buffered;
      if (this.buffered - offset < length) break;
      offset += length;
    }
    if (offset > 0) this.started = true;
    return offset;
  }

  /** The big-endian int32 at `at` of the buffered bytes, which may span chunks. */
  private readInt32(at: number): number {
    const bytes = Buffer.alloc(4);
    let start = 0;
    for (const chunk of this.chunks) {
      const end = start + chunk.length;
      if (end > at && start < at + 4)
        chunk.copy(bytes, Math.max(0, start - at), Math.max(0, at - start), Math.min(chunk.length, at + 4 - start));
      if (end >= at + 4) break;
      start = end;
    }
    return bytes.readInt32BE(0);
  }
}
