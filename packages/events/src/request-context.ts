import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The request being served (REST or the web app), so what it causes carries its id: the domain
 * stamps it on every event it publishes, and the logs of the gateway and live streams name it.
 * One store per process on `globalThis`: the web app's server and its Next.js bundle load this
 * module separately.
 */
const KEY = Symbol.for("chat.request-context");
type Holder = { [KEY]?: AsyncLocalStorage<{ requestId: string }> };
const holder = globalThis as Holder;
holder[KEY] ??= new AsyncLocalStorage();
const storage = holder[KEY];

/** Runs `work` (and everything it starts) as part of request `requestId`. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return storage.run({ requestId }, work);
}

/** The id of the request being served here, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** An id a client sent (X-Request-Id) when it is short and plain, else undefined: it goes into logs as is. */
export function acceptableRequestId(value: unknown): string | undefined {
  return typeof value === "string" && /^[A-Za-z0-9._:-]{1,64}$/.test(value) ? value : undefined;
}
