import type { OpcodeHandler } from "./types";

/** Op 3: accepted after Identify; presences are not tracked yet (a later issue). */
export const presenceUpdate: OpcodeHandler = {
  beforeIdentify: false,
  handle() {},
};
