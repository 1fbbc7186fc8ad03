import { shownStatus } from "@chat/presence";
import type { PresenceUpdateServices } from "../services";
import { isFrameObject } from "./frame-fields";
import type { OpcodeHandler } from "./types";

/**
 * Op 3: sets the bot's status as others see it (presence/presence.ts: dnd shown as online, invisible
 * as offline, activities never shown). A payload without a valid status is ignored.
 */
export function presenceUpdate(services: PresenceUpdateServices): OpcodeHandler {
  return {
    beforeIdentify: false,
    handle(connection, d) {
      const session = connection.session;
      const status = shownStatus(isFrameObject(d) ? d.status : undefined);
      if (session && status) services.presenceTracker.set(session, status);
    },
  };
}
