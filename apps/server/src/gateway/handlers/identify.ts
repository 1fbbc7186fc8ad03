import { type ShownStatus, shownStatus } from "@chat/presence";
import { GatewayCloseCodes, PresenceUpdateStatus } from "discord-api-types/v10";
import { GatewayCloseError } from "../connection/close-codes";
import { KNOWN_INTENTS } from "../dispatch/intents";
import type { IdentifyServices } from "../services";
import { startSession } from "../sessions/ready";
import { isFrameObject } from "./frame-fields";
import type { OpcodeHandler } from "./types";

export interface IdentifyRequest {
  /** Without the `Bot ` prefix. */
  token: string;
  intents: number;
  shard: [number, number] | null;
  /** From `presence.status`; online when absent or not a status. */
  status: ShownStatus;
}

/** Op 2: checks the payload, then READY and the GUILD_CREATEs (sessions/ready.ts). */
export function identify(services: IdentifyServices): OpcodeHandler {
  return {
    beforeIdentify: true,
    async handle(connection, d) {
      connection.beginAuthentication();
      await startSession(services, connection, parseIdentify(d));
    },
  };
}

/**
 * Identify fields (spec: Identify payload). `compress`, `large_threshold` and `properties` are
 * not checked; of `presence` only the status is used. Closes: bad intents 4013, bad shard
 * 4010, no token 4004.
 */
export function parseIdentify(d: unknown): IdentifyRequest {
  if (!isFrameObject(d)) throw new GatewayCloseError(GatewayCloseCodes.DecodeError);
  const { token, intents, shard, presence } = d;
  if (!validIntents(intents)) throw new GatewayCloseError(GatewayCloseCodes.InvalidIntents);
  const parsedShard = parseShard(shard);
  if (parsedShard === undefined) throw new GatewayCloseError(GatewayCloseCodes.InvalidShard);
  if (typeof token !== "string") throw new GatewayCloseError(GatewayCloseCodes.AuthenticationFailed);
  const status = shownStatus(isFrameObject(presence) ? presence.status : undefined) ?? PresenceUpdateStatus.Online;
  return { token: token.replace(/^Bot\s+/i, ""), intents, shard: parsedShard, status };
}

/** Required, a non-negative integer, and only bits the platform defines. */
function validIntents(intents: unknown): intents is number {
  return (
    typeof intents === "number" &&
    Number.isInteger(intents) &&
    intents >= 0 &&
    intents <= 0x7fffffff &&
    (intents & ~KNOWN_INTENTS) === 0
  );
}

/** `[id, count]` with 0 <= id < count; null when absent; undefined when invalid. */
function parseShard(shard: unknown): [number, number] | null | undefined {
  if (shard === undefined || shard === null) return null;
  if (!Array.isArray(shard) || shard.length !== 2) return undefined;
  const [id, count] = shard;
  if (!Number.isInteger(id) || !Number.isInteger(count)) return undefined;
  if (count < 1 || id < 0 || id >= count) return undefined;
  return [id, count];
}
