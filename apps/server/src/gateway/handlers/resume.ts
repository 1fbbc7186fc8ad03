import { GatewayCloseCodes } from "discord-api-types/v10";
import { GatewayCloseError } from "../close-codes";
import { invalidSessionFrame } from "../payloads";
import type { OpcodeHandler } from "./types";

/**
 * Op 6, made on a new connection instead of Identify. Until session resumption exists every
 * Resume is answered with Invalid Session (`d: false`): the client identifies again.
 */
export const resume: OpcodeHandler = {
  beforeIdentify: true,
  handle(connection) {
    if (connection.identified) throw new GatewayCloseError(GatewayCloseCodes.AlreadyAuthenticated);
    connection.send(invalidSessionFrame());
  },
};
