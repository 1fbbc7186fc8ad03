import type { DomainContext } from "../context";

/** Scheduled events: CRUD, interested users, recurrence and the timed state changes. */
export class ScheduledEventService {
  constructor(private ctx: DomainContext) {}

  /** Housekeeping: the timed rows of the scheduled-event state table. */
  async tick(): Promise<void> {
    void this.ctx;
  }
}
