import type { ChannelViewers, Domain, PublicUrls } from "@chat/domain";
import type { EventHistory } from "@chat/events";
import type { PresenceStore, PresenceTracker } from "@chat/presence";
import type { GatewayMetrics } from "../metrics/gateway-metrics";
import type { Dispatcher } from "./dispatch/dispatcher";
import type { InteractionRouter } from "./dispatch/interaction-router";
import type { GatewayOptions } from "./options";
import type { IdentifyReads } from "./sessions/identify-reads";
import type { ReplayStore } from "./sessions/replay-store";
import type { SessionRegistry } from "./sessions/session-registry";
import type { SessionStore } from "./sessions/session-store";

/**
 * What each part of the gateway works with, each part naming only what it uses: a test builds
 * the one it exercises from real pieces. `createGateway` (index.ts) builds them all at once as
 * {@link GatewayServices}.
 */

/** A connection's own work: Hello, deadlines, the payload and backlog limits, closing, and handing its session back. */
export interface ConnectionServices {
  options: GatewayOptions;
  /** Close codes and resumes, for Prometheus. */
  metrics: Pick<GatewayMetrics, "closed" | "resumed">;
  sessions: Pick<SessionRegistry, "resumed" | "end" | "detach">;
  /** Whether a session outlives a server shutdown (sessions/session-store.ts). */
  store: Pick<SessionStore, "durable">;
}

/** Marking a session resumable on other nodes once what it recorded is delivered (sessions/cluster.ts). */
export interface ResumableMarking {
  store: SessionStore;
  history: EventHistory | null;
  dispatcher: Dispatcher;
}

/** Identify (sessions/ready.ts): the bot, its guilds, READY and the GUILD_CREATEs. */
export interface IdentifyServices extends ResumableMarking {
  /** The database reads of Identify and Resume, shared while nothing changed them. */
  identifyReads: Pick<IdentifyReads, "bot" | "guildIdsOf" | "guildCreate">;
  sessions: SessionRegistry;
  options: Pick<GatewayOptions, "maxSessionsPerBot">;
  urls: PublicUrls;
  replay: ReplayStore;
  presences: PresenceStore;
  presenceTracker: Pick<PresenceTracker, "set">;
  metrics: Pick<GatewayMetrics, "identified">;
}

/** Taking over a session this node does not hold (sessions/takeover.ts). */
export interface TakeoverServices extends ResumableMarking {
  sessions: SessionRegistry;
  replay: ReplayStore;
  options: Pick<GatewayOptions, "resumeWindowMs">;
  presences: PresenceStore;
  presenceTracker: Pick<PresenceTracker, "adopt">;
  /** Resolves once this node has heard every bus event published before the call. */
  heardEverything: () => Promise<boolean>;
  /** Who may view a channel (the live dispatcher's cache, also used to catch up a session taken over). */
  viewers: ChannelViewers;
  /** Which interactions of the backlog were the session's (dispatch/interaction-router.ts). */
  replayedInteractions?: InteractionRouter;
}

/** Resume (sessions/resume-session.ts). */
export interface ResumeServices extends TakeoverServices {
  identifyReads: Pick<IdentifyReads, "bot">;
}

/** Request Guild Members (dispatch/guild-members.ts): members through the domain, presences from the presence store. */
export interface MemberRequestServices {
  members: Pick<Domain["members"], "gatewayRequestIds" | "gatewayRequestMembers">;
  presences: PresenceStore;
}

/** Presence Update: the bot's status as others see it. */
export interface PresenceUpdateServices {
  presenceTracker: Pick<PresenceTracker, "set">;
}

/** Every opcode handler's services (handlers/index.ts). */
export type HandlerServices = IdentifyServices & ResumeServices & MemberRequestServices & PresenceUpdateServices;

/** Everything the gateway's connections and handlers work with. */
export type GatewayServices = ConnectionServices & HandlerServices;
