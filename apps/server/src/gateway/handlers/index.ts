import { GatewayOpcodes } from "discord-api-types/v10";
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
export const OPCODE_HANDLERS: { readonly [Op in keyof typeof GatewayOpcodes]?: OpcodeHandler } = {
  Heartbeat: heartbeat,
  Identify: identify,
  PresenceUpdate: presenceUpdate,
  VoiceStateUpdate: voiceStateUpdate,
  Resume: resume,
  RequestGuildMembers: requestGuildMembers,
};

export function handlerFor(op: number): OpcodeHandler | undefined {
  if (!Number.isInteger(op)) return undefined;
  const name = GatewayOpcodes[op] as keyof typeof GatewayOpcodes | undefined;
  return name === undefined ? undefined : OPCODE_HANDLERS[name];
}
