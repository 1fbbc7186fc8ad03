import type { OpcodeHandler } from "./types";

/**
 * Op 1: answered by op 11; moves the 4009 deadline. Accepted before Identify too, as the
 * reference platform does: libraries start heartbeating on Hello with a random delay and may
 * beat before their (throttled) Identify goes out.
 */
export const heartbeat: OpcodeHandler = {
  beforeIdentify: true,
  handle(connection) {
    connection.heartbeatReceived();
  },
};
