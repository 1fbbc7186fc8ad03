import type { AppRouter } from "@chat/api";
import type { TRPCLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import type { DatabaseOutage } from "./database-outage";
import { isDatabaseUnavailable } from "./errors";

/** Reports the outcome of every query and mutation (subscriptions keep their own state) to `outage`. */
export function databaseOutageLink(outage: DatabaseOutage): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) => {
        const watched = op.type !== "subscription";
        const era = outage.begin();
        return next(op).subscribe({
          next(result) {
            if (watched) outage.answered(era);
            observer.next(result);
          },
          error(error) {
            if (watched && isDatabaseUnavailable(error)) outage.unavailable(era);
            observer.error(error);
          },
          complete() {
            observer.complete();
          },
        });
      });
}
