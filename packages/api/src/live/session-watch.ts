import { type EventBus, endedWebSessions } from "@chat/events";

/** setTimeout's longest delay; a session lives longer (30 days), so the timer is re-armed. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Calls `onEnd` once when the web session ends: a WEB_SESSIONS_END naming it arrives on the
 * bus (from whichever process ended it), or its expiry comes. Returns the way to stop watching.
 */
export function watchWebSession(
  bus: EventBus,
  session: { id: string; expiresAt: Date },
  onEnd: () => void,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let watching = true;
  const stop = () => {
    watching = false;
    unsubscribe();
    clearTimeout(timer);
  };
  const end = () => {
    if (!watching) return;
    stop();
    onEnd();
  };
  const unsubscribe = bus.subscribe((event) => {
    if (endedWebSessions(event)?.includes(session.id)) end();
  });
  const arm = () => {
    const left = session.expiresAt.getTime() - Date.now();
    if (left <= 0) return end();
    timer = setTimeout(left > MAX_TIMER_MS ? arm : end, Math.min(left, MAX_TIMER_MS));
    timer.unref?.();
  };
  arm();
  return stop;
}
