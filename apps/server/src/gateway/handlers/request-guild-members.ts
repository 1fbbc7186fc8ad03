import { answerMemberRequest, parseMemberRequest } from "../dispatch/guild-members";
import type { OpcodeHandler } from "./types";

/**
 * Op 8: answered with GUILD_MEMBERS_CHUNK events (dispatch/guild-members.ts), one request after the
 * other so the chunks of two requests never interleave; a malformed payload closes 4002.
 */
export const requestGuildMembers: OpcodeHandler = {
  beforeIdentify: false,
  handle(connection, d) {
    const request = parseMemberRequest(d);
    const { db, urls, presences } = connection.services;
    return connection.serially(async () => {
      const session = connection.session;
      if (session && connection.isOpen) await answerMemberRequest({ db, urls, presences }, session, request);
    });
  },
};
