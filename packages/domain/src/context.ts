import type { Db } from "@chat/db";
import type { DomainEvent, EventBus } from "@chat/events";
import type { Clock } from "./clock";
import type { PublicUrls } from "./config";

/** What every domain service works with; one per process (tests build their own). */
export interface DomainContext {
  db: Db;
  bus: EventBus;
  urls: PublicUrls;
  clock: Clock;
}

/** Publishes after the write is committed; a failed publish never undoes the write. */
export async function emit(ctx: DomainContext, event: DomainEvent): Promise<void> {
  try {
    await ctx.bus.publish(event);
  } catch (error) {
    console.error("event publish failed", event.t, error);
  }
}
