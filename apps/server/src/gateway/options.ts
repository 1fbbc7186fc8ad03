/** Timings and limits of the gateway; the defaults are the spec's. Tests inject short values. */
export interface GatewayOptions {
  /** Sent in Hello (spec: 41.25 seconds). */
  heartbeatIntervalMs: number;
  /** Silence after which a connection closes with 4009 (spec: about 67 seconds, 1.625 x the interval). */
  heartbeatTimeoutMs: number;
  /** Time allowed between Hello and Identify before closing with 4003 (spec: 30 seconds). */
  identifyTimeoutMs: number;
  /** How long a dropped session is kept for a Resume (spec: 2 minutes). */
  resumeWindowMs: number;
  /** Dispatches kept per session for a Resume (spec: last 1000). */
  replayCapacity: number;
  /** Sessions one bot may hold at once; one more closes with 4008 (spec: 16). */
  maxSessionsPerBot: number;
  /** Payloads a connection may send per window; one more closes with 4008 (spec: 120 per minute). */
  payloadLimit: { count: number; windowMs: number };
  /** Largest client payload in bytes accepted by the socket layer. */
  maxPayloadBytes: number;
  /**
   * What a connection may have waiting to go out when its client stops reading: bytes, and
   * dispatches (half the replay, so the ones dropped with the connection can still be replayed).
   * Past either, the connection closes with 4000 and its session waits for a Resume: a stuck
   * bot costs the server a bounded amount of memory and never slows anyone else.
   */
  maxBufferedBytes: number;
  maxWaitingDispatches: number;
  /**
   * Multi-node mode: bus events each node keeps (for the resume window plus a minute) to catch
   * up a session taken over from a node that died. A session whose catch-up would need older
   * events gets op 9 instead.
   */
  historyLimit: number;
  /** One node without Redis: how long each segment of the gateway journal spans (sessions/journal). */
  journalSegmentMs: number;
}

export const DEFAULT_HEARTBEAT_INTERVAL_MS = 41_250;

export function resolveGatewayOptions(overrides: Partial<GatewayOptions> = {}): GatewayOptions {
  const heartbeatIntervalMs = overrides.heartbeatIntervalMs ?? DEFAULT_HEARTBEAT_INTERVAL_MS;
  const replayCapacity = overrides.replayCapacity ?? 1000;
  return {
    heartbeatIntervalMs,
    heartbeatTimeoutMs: overrides.heartbeatTimeoutMs ?? Math.round(heartbeatIntervalMs * 1.625),
    identifyTimeoutMs: overrides.identifyTimeoutMs ?? 30_000,
    resumeWindowMs: overrides.resumeWindowMs ?? 120_000,
    replayCapacity,
    maxSessionsPerBot: overrides.maxSessionsPerBot ?? 16,
    payloadLimit: overrides.payloadLimit ?? { count: 120, windowMs: 60_000 },
    maxPayloadBytes: overrides.maxPayloadBytes ?? 64 * 1024,
    maxBufferedBytes: overrides.maxBufferedBytes ?? 4 * 1024 * 1024,
    maxWaitingDispatches: overrides.maxWaitingDispatches ?? Math.floor(replayCapacity / 2),
    historyLimit: overrides.historyLimit ?? 50_000,
    journalSegmentMs: overrides.journalSegmentMs ?? 60_000,
  };
}
