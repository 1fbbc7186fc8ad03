"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { DatabaseOutage } from "@/lib/database-outage";
import { useTRPCClient } from "@/lib/trpc";

/** How long after one probe the next is sent, while the database is unavailable. */
const PROBE_EVERY_MS = 2_000;
/** How long "Reconnected." stays in the live region (read once by screen readers). */
const RECONNECTED_FOR_MS = 5_000;

/**
 * The bar at the top of every page while the server cannot reach its database. Meanwhile one
 * cheap probe (health.database) goes every couple of seconds; once it or any other call
 * succeeds, the bar goes, "Reconnected." is announced and every query is loaded again.
 * Messages that failed to send stay failed with their own retry: resending them by ourselves
 * could post one twice.
 */
export function DatabaseOutageBanner({ outage }: { outage: DatabaseOutage }) {
  const down = useSyncExternalStore(outage.subscribe, outage.isDown, () => false);
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [reconnected, setReconnected] = useState(false);
  const wasDown = useRef(false);

  useEffect(() => {
    if (down) {
      wasDown.current = true;
      setReconnected(false);
      let stopped = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const probeLater = () => {
        timer = setTimeout(async () => {
          // Its outcome reaches `outage` through the tRPC link, like every call's.
          await client.health.database.query().catch(() => {});
          if (!stopped) probeLater();
        }, PROBE_EVERY_MS);
      };
      probeLater();
      return () => {
        stopped = true;
        clearTimeout(timer);
      };
    }
    if (!wasDown.current) return;
    wasDown.current = false;
    setReconnected(true);
    void queryClient.invalidateQueries();
    const timer = setTimeout(() => setReconnected(false), RECONNECTED_FOR_MS);
    return () => clearTimeout(timer);
  }, [down, client, queryClient]);

  return (
    <div role="status" data-testid="database-outage" className="shrink-0">
      {down ? (
        <p className="bg-warning px-4 py-2 text-center text-sm font-semibold text-rail">
          Can’t reach the database. Reconnecting…
        </p>
      ) : reconnected ? (
        <span className="sr-only">Reconnected.</span>
      ) : null}
    </div>
  );
}
