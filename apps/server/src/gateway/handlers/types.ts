import type { Connection } from "../connection/connection";

/** One client opcode's handler; registered by its GatewayOpcodes key in handlers/index.ts. */
export interface OpcodeHandler {
  /** Accepted before Identify; any other payload first closes with 4003. */
  beforeIdentify: boolean;
  handle(connection: Connection, d: unknown): void | Promise<void>;
}
