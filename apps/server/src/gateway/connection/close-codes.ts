import { GatewayCloseCodes } from "discord-api-types/v10";

export { GatewayCloseCodes };

/**
 * Every close decision in one place: the reason text sent with a code, and whether closing
 * with it ends the session (no Resume) or leaves it waiting for one.
 */
const CLOSE_RULES: Record<GatewayCloseCodes, { reason: string; endsSession: boolean }> = {
  [GatewayCloseCodes.UnknownError]: { reason: "Unknown error.", endsSession: false },
  [GatewayCloseCodes.UnknownOpcode]: { reason: "Unknown opcode.", endsSession: false },
  [GatewayCloseCodes.DecodeError]: { reason: "Decode error.", endsSession: false },
  [GatewayCloseCodes.NotAuthenticated]: { reason: "Not authenticated.", endsSession: true },
  [GatewayCloseCodes.AuthenticationFailed]: { reason: "Authentication failed.", endsSession: true },
  [GatewayCloseCodes.AlreadyAuthenticated]: { reason: "Already authenticated.", endsSession: false },
  [GatewayCloseCodes.InvalidSeq]: { reason: "Invalid seq.", endsSession: true },
  [GatewayCloseCodes.RateLimited]: { reason: "Rate limited.", endsSession: false },
  [GatewayCloseCodes.SessionTimedOut]: { reason: "Session timed out.", endsSession: true },
  [GatewayCloseCodes.InvalidShard]: { reason: "Invalid shard.", endsSession: true },
  [GatewayCloseCodes.ShardingRequired]: { reason: "Sharding required.", endsSession: true },
  [GatewayCloseCodes.InvalidAPIVersion]: { reason: "Invalid API version.", endsSession: true },
  [GatewayCloseCodes.InvalidIntents]: { reason: "Invalid intent(s).", endsSession: true },
  [GatewayCloseCodes.DisallowedIntents]: { reason: "Disallowed intent(s).", endsSession: true },
};

export function closeReason(code: GatewayCloseCodes): string {
  return CLOSE_RULES[code].reason;
}

export function closeEndsSession(code: GatewayCloseCodes): boolean {
  return CLOSE_RULES[code].endsSession;
}

/** A client closing with 1000 or 1001 ends its session at once (state table). */
export function clientCloseEndsSession(code: number): boolean {
  return code === 1000 || code === 1001;
}

/** Thrown by a handler to close its connection with a gateway close code. */
export class GatewayCloseError extends Error {
  constructor(
    readonly code: GatewayCloseCodes,
    detail?: string,
  ) {
    super(detail ?? closeReason(code));
  }
}

/** The code the server closes live connections with when it shuts down (clients reconnect). */
export const SERVER_SHUTDOWN_CLOSE = { code: 1001, reason: "Server shutting down." } as const;
