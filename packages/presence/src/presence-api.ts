import { type InternalRpcAnswer, type InternalRpcServer, internalRpcOperation, internalRpcServer } from "@chat/events";
import { PresenceUpdateStatus } from "discord-api-types/v10";
import { z } from "zod";
import type { MemoryPresence } from "./memory-presence";

/** The internal API's path on the server; the web app finds it next to the event hub's address. */
export const PRESENCE_API_PATH = "/internal/presence";

/** Most user ids one `statuses` call names (the client splits bigger lists). */
export const STATUSES_PER_CALL = 10_000;

const id = z.string().regex(/^\d{1,20}$/);
const node = z.string().regex(/^[0-9a-f]{16}$/);
const status = z.enum([PresenceUpdateStatus.Online, PresenceUpdateStatus.Idle, PresenceUpdateStatus.Offline]);

/** One call: what it sends, and what the server does with it. */
const operation = <S extends z.ZodType, A>(
  schema: S,
  handle: (hub: MemoryPresence, call: z.infer<S>) => A | Promise<A>,
) => internalRpcOperation<MemoryPresence, S, A, z.infer<S>>(schema, handle);

/** The calls a web app process makes (remote-presence.ts), by name. */
export const presenceOperations = {
  update: operation(
    z.object({ node, user: id, view: z.object({ status, at: z.number().int().nonnegative().optional() }).nullable() }),
    (hub, { node, user, view }) => hub.updateFrom(node, user, view),
  ),
  publish: operation(
    z.object({ user: id, status, version: z.number().int().positive(), guildIds: z.array(id).max(100_000) }),
    async (hub, { user, status, version, guildIds }) => {
      await hub.publish(user, { status, version }, guildIds);
      return {};
    },
  ),
  statuses: operation(z.object({ userIds: z.array(id).max(STATUSES_PER_CALL) }), async (hub, { userIds }) => ({
    statuses: Object.fromEntries(await hub.statuses(userIds)),
  })),
  beat: operation(z.object({ node }), (hub, { node }) => hub.beat(node)),
};

export type PresenceOperation = keyof typeof presenceOperations;

/** What call `N` sends. */
export type PresenceCall<N extends PresenceOperation> = z.input<(typeof presenceOperations)[N]["schema"]>;

/** What call `N` answers. */
export type PresenceAnswer<N extends PresenceOperation> = Awaited<ReturnType<(typeof presenceOperations)[N]["handle"]>>;

export type PresenceApiAnswer = InternalRpcAnswer;

/** Answers one call: 401 without the shared secret, 404 for an unknown operation, 400 for a malformed body. */
export type PresenceApi = InternalRpcServer;

/**
 * The server half of the presence calls: without Redis, the server's memory is where every
 * process's views meet, and the web app reaches it here (under PRESENCE_API_PATH), with the
 * event hub's shared secret. Framework-free: the server mounts it on its HTTP app.
 */
export function presenceApi(hub: MemoryPresence, secret: string): PresenceApi {
  return internalRpcServer(presenceOperations, hub, secret);
}
