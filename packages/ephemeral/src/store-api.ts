import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { ShortLivedStore } from "./store";

/** The internal API's path on the server; a hub client finds it next to the event hub's address. */
export const SHORT_LIVED_API_PATH = "/internal/short-lived";

const key = z.string().min(1).max(200);

/** One call: what it sends, and what the server does with it. */
function operation<S extends z.ZodType, A>(schema: S, handle: (store: ShortLivedStore, call: z.infer<S>) => Promise<A>) {
  return {
    schema,
    handle,
    async run(store: ShortLivedStore, body: unknown): Promise<ShortLivedApiAnswer> {
      const parsed = schema.safeParse(body);
      if (!parsed.success) return { status: 400, body: { message: "malformed call" } };
      return { status: 200, body: await handle(store, parsed.data) };
    },
  };
}

/** The calls a hub client makes (remote-store.ts), by name. */
export const shortLivedOperations = {
  put: operation(z.object({ key, value: z.unknown(), ttlMs: z.number().int().positive().max(86_400_000) }), async (store, call) => {
    await store.put(call.key, call.value, call.ttlMs);
    return {};
  }),
  putIfAbsent: operation(z.object({ key, value: z.unknown(), ttlMs: z.number().int().positive().max(86_400_000) }), async (store, call) => ({
    done: await store.putIfAbsent(call.key, call.value, call.ttlMs),
  })),
  get: operation(z.object({ key }), async (store, call) => ({ value: await store.get(call.key) })),
  replace: operation(z.object({ key, value: z.unknown() }), async (store, call) => ({ done: await store.replace(call.key, call.value) })),
  delete: operation(z.object({ key }), async (store, call) => ({ done: await store.delete(call.key) })),
};

export type ShortLivedOperation = keyof typeof shortLivedOperations;
export type ShortLivedCall<N extends ShortLivedOperation> = z.input<(typeof shortLivedOperations)[N]["schema"]>;
export type ShortLivedAnswer<N extends ShortLivedOperation> = Awaited<ReturnType<(typeof shortLivedOperations)[N]["handle"]>>;

export interface ShortLivedApiAnswer {
  status: number;
  body: unknown;
}

export interface ShortLivedApi {
  /** Answers one call: 401 without the shared secret, 404 for an unknown operation, 400 for a malformed body. */
  answer(authorization: string | undefined, operation: string, body: unknown): Promise<ShortLivedApiAnswer>;
}

/**
 * The server half: without Redis the server's memory keeps the short-lived values, and the
 * web app reaches them here (under SHORT_LIVED_API_PATH) with the event hub's shared secret.
 */
export function shortLivedApi(store: ShortLivedStore, secret: string): ShortLivedApi {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  const expected = digest(`Bearer ${secret}`);
  return {
    async answer(authorization, name, body) {
      if (!timingSafeEqual(digest(authorization ?? ""), expected)) return { status: 401, body: { message: "bad secret" } };
      if (!Object.hasOwn(shortLivedOperations, name)) return { status: 404, body: { message: "unknown operation" } };
      return shortLivedOperations[name as ShortLivedOperation].run(store, body);
    },
  };
}
