import { GatewayCloseCodes } from "discord-api-types/v10";
import { GatewayCloseError } from "../connection/close-codes";
import type { ResumeServices } from "../services";
import { type ResumeRequest, resumeSession } from "../sessions/resume-session";
import { isFrameObject } from "./frame-fields";
import type { OpcodeHandler } from "./types";

/**
 * Op 6, made on a new connection instead of Identify: replays what the client missed, then
 * RESUMED (sessions/resume-session.ts). A malformed payload closes with 4002; a Resume that cannot be
 * honoured gets op 9 with `d: false` and the client may Identify.
 */
export function resume(services: ResumeServices): OpcodeHandler {
  return {
    beforeIdentify: true,
    async handle(connection, d) {
      connection.beginAuthentication();
      const request = parseResume(d);
      if (!request) return connection.refuseResume();
      await resumeSession(services, connection, request);
    },
  };
}

/** `token`, `session_id`, `seq` (null is read as 0); null when a field is missing or of the wrong type. */
export function parseResume(d: unknown): ResumeRequest | null {
  if (!isFrameObject(d)) throw new GatewayCloseError(GatewayCloseCodes.DecodeError);
  const { token, session_id, seq } = d;
  if (typeof token !== "string" || typeof session_id !== "string") return null;
  const last = seq ?? 0;
  if (typeof last !== "number" || !Number.isInteger(last) || last < 0) return null;
  return { token: token.replace(/^Bot\s+/i, ""), sessionId: session_id, seq: last };
}
