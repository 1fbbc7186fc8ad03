import { answerMemberRequest, parseMemberRequest } from "../dispatch/guild-members";
import type { MemberRequestServices } from "../services";
import type { OpcodeHandler } from "./types";

/**
 * Op 8: answered with GUILD_MEMBERS_CHUNK events (dispatch/guild-members.ts), one request after the
 * other so the chunks of two requests never interleave; a malformed payload closes 4002.
 */
export function requestGuildMembers(services: MemberRequestServices): OpcodeHandler {
  return {
    beforeIdentify: false,
    handle(connection, d) {
      const request = parseMemberRequest(d);
      return connection.serially(async () => {
        const session = connection.session;
        if (session && connection.isOpen) await answerMemberRequest(services, session, request);
      });
    },
  };
}
