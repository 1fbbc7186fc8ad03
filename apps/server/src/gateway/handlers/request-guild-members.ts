import type { OpcodeHandler } from "./types";

/** Op 8: accepted after Identify; Guild Members Chunk answers come with a later issue. */
export const requestGuildMembers: OpcodeHandler = {
  beforeIdentify: false,
  handle() {},
};
