import { shownStatus } from "@chat/presence";
import type { OpcodeHandler } from "./types";

/**
 * Op 3: sets the bot's status as others see it (presence/presence.ts: dnd shown as online, invisible
 * as offline, activities never shown). A payload without a valid status is ignored.
 */
export const presenceUpdate: OpcodeHandler = {
  beforeIdentify: false,
  handle(connection, d) {
    const session = connection.session;
    const status = shownStatus((d as { status?: unknown } | null)?.status);
    if (session && status) connection.services.presenceTracker.set(session, status);
  },
};
