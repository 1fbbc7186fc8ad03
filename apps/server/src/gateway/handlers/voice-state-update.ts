import type { OpcodeHandler } from "./types";

/** Op 4: ignored by design; bots join voice through POST /channels/{id}/voice (spec: voice). */
export const voiceStateUpdate: OpcodeHandler = {
  beforeIdentify: false,
  handle() {},
};
