import { type InternalRpcAnswer, type InternalRpcServer, internalRpcOperation, internalRpcServer } from "@chat/events";
import { z } from "zod";
import type { ShortLivedStore } from "./store";

/** The internal API's path on the server; a hub client finds it next to the event hub's address. */
export const SHORT_LIVED_API_PATH = "/internal/short-lived";

const key = z.string().min(1).max(200);

/** One call: what it sends, and what the server does with it. */
const operation = <S extends z.ZodType, A>(
  schema: S,
  handle: (store: ShortLivedStore, call: z.infer<S>) => Promise<A>,
) => internalRpcOperation<ShortLivedStore, S, A, z.infer<S>>(schema, handle);

/** The calls a hub client makes (remote-store.ts), by name. */
export const shortLivedOperations = {
  put: operation(
    z.object({ key, value: z.unknown(), ttlMs: z.number().int().positive().max(86_400_000) }),
    async (store, call) => {
      await store.put(call.key, call.value, call.ttlMs);
      return {};
    },
  ),
  putIfAbsent: operation(
    z.object({ key, value: z.unknown(), ttlMs: z.number().int().positive().max(86_400_000) }),
    async (store, call) => ({
      done: await store.putIfAbsent(call.key, call.value, call.ttlMs),
    }),
  ),
  get: operation(z.object({ key }), async (store, call) => ({ value: await store.get(call.key) })),
  replace: operation(z.object({ key, value: z.unknown() }), async (store, call) => ({
    done: await store.replace(call.key, call.value),
  })),
  delete: operation(z.object({ key }), async (store, call) => ({ done: await store.delete(call.key) })),
};

export type ShortLivedOperation = keyof typeof shortLivedOperations;
export type ShortLivedCall<N extends ShortLivedOperation> = z.input<(typeof shortLivedOperations)[N]["schema"]>;
export type ShortLivedAnswer<N extends ShortLivedOperation> = Awaited<
  ReturnType<(typeof shortLivedOperations)[N]["handle"]>
>;

export type ShortLivedApiAnswer = InternalRpcAnswer;

/** Answers one call: 401 without the shared secret, 404 for an unknown operation, 400 for a malformed body. */
export type ShortLivedApi = InternalRpcServer;

/**
 * The server half: without Redis the server's memory keeps the short-lived values, and the
 * web app reaches them here (under SHORT_LIVED_API_PATH) with the event hub's shared secret.
 */
export function shortLivedApi(store: ShortLivedStore, secret: string): ShortLivedApi {
  return internalRpcServer(shortLivedOperations, store, secret);
}
