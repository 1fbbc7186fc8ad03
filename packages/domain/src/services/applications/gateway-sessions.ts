import { GATEWAY_SESSIONS_CLOSE, type GatewaySessionsCloseEvent } from "@chat/events";
import { GatewayCloseCodes } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { emit } from "../../context";

/**
 * Asks every server node to close the gateway sessions of these users with 4004
 * (Authentication failed): their token was reset or their application deleted. An internal
 * event: the gateway acts on it and never dispatches it.
 */
export async function closeGatewaySessions(
  ctx: DomainContext,
  userIds: bigint[],
  code: number = GatewayCloseCodes.AuthenticationFailed,
): Promise<void> {
  const event: GatewaySessionsCloseEvent = {
    t: GATEWAY_SESSIONS_CLOSE,
    d: { code },
    userIds: userIds.map(String),
    internal: true,
  };
  await emit(ctx, event);
}
