import { setTimeout as sleep } from "node:timers/promises";
import type { Domain } from "@chat/domain";
import type { DispatchEvent } from "@chat/events";
import type { GatewayDispatchEvents } from "discord-api-types/v10";
import { shardHoldsGuild, type Session } from "../sessions/session";
import type { SessionRegistry } from "../sessions/session-registry";
import type { SessionStore } from "../sessions/session-store";

export type InteractionCreateEvent = DispatchEvent<GatewayDispatchEvents.InteractionCreate>;

/**
 * Which one session receives an INTERACTION_CREATE (spec: delivered to one session of the bot,
 * the one whose shard holds the guild). Asked with the bot's sessions on this node that hold
 * the guild; answers the session to deliver to, or null when this node delivers nothing.
 */
export interface InteractionRouter {
  choose(event: InteractionCreateEvent, candidates: readonly Session[]): Promise<Session | null>;
}

type Interactions = Pick<Domain["interactions"], "claimDelivery" | "deliveredTo" | "undeliverable">;

/** How long a node leaves an interaction to the node of the session it prefers before claiming it itself. */
const PREFERRED_NODE_GRACE_MS = 500;

/**
 * The live decision, on every node that hears the event: a connected session here (the
 * preferred one, which got the earlier interactions of the same message, when it is here) is
 * claimed on the interaction's row, and the first node to claim delivers. A node that has the
 * preferred session elsewhere leaves it to that node for a moment. When no node has a connected session
 * whose shard holds the guild, the interaction fails at once.
 */
export function claimingRouter(
  interactions: Interactions,
  sessions: SessionRegistry,
  store: SessionStore,
): InteractionRouter {
  return {
    async choose(event, candidates) {
      const { id } = event.d;
      const guildId = event.guildId as string;
      const preferred = event.oneSession?.preferred ?? null;
      const connected = candidates.filter((session) => session.attached && sessions.get(session.id) === session);
      let chosen = connected.find((session) => session.id === preferred) ?? null;
      if (!chosen && connected.length > 0) {
        // The preferred session's node claims at once; its lease may outlive a node that died,
        // so after a moment this node claims for its own session (the row lets one claim win).
        if (
          preferred &&
          store.shared &&
          (await store.liveSessions(connected[0]!.userId)).some((s) => s.id === preferred)
        )
          await sleep(PREFERRED_NODE_GRACE_MS);
        chosen = connected[0] as Session;
      }
      if (!chosen) {
        const elsewhere = store.shared
          ? (await store.liveSessions(event.userIds?.[0] ?? "")).some((s) => shardHoldsGuild(s.shard, guildId))
          : false;
        if (!elsewhere) await interactions.undeliverable(id);
        return null;
      }
      return (await interactions.claimDelivery(id, chosen.id)) ? chosen : null;
    },
  };
}

/** Catching up a session taken over from another node: the interactions already delivered to it, nothing else. */
export function replayingRouter(interactions: Interactions): InteractionRouter {
  return {
    async choose(event, candidates) {
      const to = await interactions.deliveredTo(event.d.id);
      return candidates.find((session) => session.id === to) ?? null;
    },
  };
}
