import { GATEWAY_SESSIONS_CLOSE, type InternalEvent } from "@chat/events";
import { GatewayCloseCodes } from "discord-api-types/v10";
import { Connection } from "../connection/connection";
import type { SessionRegistry } from "./session-registry";

/**
 * Handles the internal GATEWAY_SESSIONS_CLOSE event (a bot token was reset or its application
 * deleted): every session of the named users on this node ends, a carried one by closing its
 * connection with the given code (4004), a detached one so it can no longer be resumed.
 * Internal events are never dispatched; anything else internal is ignored here.
 */
export function createSessionCloser(sessions: SessionRegistry): (event: InternalEvent) => void {
  return (event) => {
    if (event.t !== GATEWAY_SESSIONS_CLOSE) return;
    const code = event.d.code;
    const closeCode: GatewayCloseCodes = code in GatewayCloseCodes ? code : GatewayCloseCodes.AuthenticationFailed;
    for (const userId of event.userIds) {
      for (const session of sessions.ofUser(userId)) {
        const carrier = session.carrier;
        if (carrier instanceof Connection) carrier.close(closeCode);
        sessions.end(session);
      }
    }
  };
}
