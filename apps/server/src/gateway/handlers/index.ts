import { GatewayOpcodes } from "discord-api-types/v10";
import type { HandlerServices } from "../services";
import { heartbeat } from "./heartbeat";
import { identify } from "./identify";
import { presenceUpdate } from "./presence-update";
import { requestGuildMembers } from "./request-guild-members";
import { resume } from "./resume";
import type { OpcodeHandler } from "./types";
import { voiceStateUpdate } from "./voice-state-update";

export type { OpcodeHandler } from "./types";

/**
 * Client opcodes by enum key. Opcodes without an entry (including the ones only the
 * service sends: Dispatch, Reconnect, Invalid Session, Hello, Heartbeat ACK) close with 4001.
 */
export type OpcodeHandlers = { readonly [Op in keyof typeof GatewayOpcodes]?: OpcodeHandler };

/** The gateway's handlers, each given the services it works with. */
export function createOpcodeHandlers(services: HandlerServices): OpcodeHandlers {
  return {
    Heartbeat: heartbeat,
    Identify: identify(services),
    PresenceUpdate: presenceUpdate(services),
    VoiceStateUpdate: voiceStateUpdate,
    Resume: resume(services),
    RequestGuildMembers: requestGuildMembers(services),
  };
}

export function handlerFor(handlers: OpcodeHandlers, op: number): OpcodeHandler | undefined {
  if (!Number.isInteger(op)) return undefined;
  const name = GatewayOpcodes[op] as keyof typeof GatewayOpcodes | undefined;
  return name === undefined ? undefined : handlers[name];
}
