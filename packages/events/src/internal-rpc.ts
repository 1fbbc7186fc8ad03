import { createHash, timingSafeEqual } from "node:crypto";

/**
 * The server's internal HTTP API for the event hub's clients (the web app without Redis): each
 * call is `POST <path>/<operation>` with a JSON body and `authorization: Bearer <secret>` (the
 * hub's shared secret), answered with JSON. Presences and the short-lived store both speak it.
 */

/** What a schema must offer: zod's `safeParse`, as the operations' tables use it. */
export interface CallSchema {
  safeParse(input: unknown): { success: true; data: unknown } | { success: false };
}

/** What a schema lets through. */
export type ParsedCall<S extends CallSchema> = Extract<ReturnType<S["safeParse"]>, { success: true }>["data"];

export interface InternalRpcAnswer {
  status: number;
  body: unknown;
}

/** One call: what it sends (`schema`), and what the server does with it (`handle`, on `T`). */
export interface InternalRpcOperation<T, S extends CallSchema = CallSchema, A = unknown, C = ParsedCall<S>> {
  schema: S;
  handle: (target: T, call: C) => A | Promise<A>;
  /** Answers a body: 400 when the schema refuses it, else 200 with what `handle` returned. */
  run(target: T, body: unknown): Promise<InternalRpcAnswer>;
}

/** `C`: what `schema` lets through, when the compiler cannot tell from a generic schema (zod's `z.infer<S>`). */
export function internalRpcOperation<T, S extends CallSchema, A, C = ParsedCall<S>>(
  schema: S,
  handle: (target: T, call: C) => A | Promise<A>,
): InternalRpcOperation<T, S, A, C> {
  return {
    schema,
    handle,
    async run(target, body) {
      const parsed = schema.safeParse(body);
      if (!parsed.success) return { status: 400, body: { message: "malformed call" } };
      return { status: 200, body: await handle(target, parsed.data as C) };
    },
  };
}

export interface InternalRpcServer {
  /** Answers one call: 401 without the shared secret, 404 for an unknown operation, 400 for a malformed body. */
  answer(authorization: string | undefined, operation: string, body: unknown): Promise<InternalRpcAnswer>;
}

/** The server half: checks the secret (in constant time) and runs the named operation on `target`. Framework-free: the server mounts it on its HTTP app. */
export function internalRpcServer<T>(
  operations: Record<string, Pick<InternalRpcOperation<T>, "run">>,
  target: T,
  secret: string,
): InternalRpcServer {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  const expected = digest(`Bearer ${secret}`);
  return {
    async answer(authorization, name, body) {
      if (!timingSafeEqual(digest(authorization ?? ""), expected))
        return { status: 401, body: { message: "bad secret" } };
      if (!Object.hasOwn(operations, name)) return { status: 404, body: { message: "unknown operation" } };
      return operations[name].run(target, body);
    },
  };
}

export interface InternalRpcClientOptions {
  /** The event hub's address; the API is at its origin, under `path`. */
  hubUrl: string;
  path: string;
  secret: string;
  /** How long one call may take. */
  timeoutMs: number;
  /** Names the API in errors ("presence statuses: HTTP 401"). */
  name: string;
}

export interface InternalRpcClient {
  /** Sends one call; rejects on a non-2xx answer, a timeout or an unreachable server. */
  call(operation: string, body: unknown): Promise<unknown>;
}

/** The client half, for a process that reaches the hub without Redis. */
export function internalRpcClient(options: InternalRpcClientOptions): InternalRpcClient {
  const url = internalApiUrl(options.hubUrl, options.path);
  return {
    async call(operation, body) {
      const response = await fetch(`${url}/${operation}`, {
        method: "POST",
        headers: { authorization: `Bearer ${options.secret}`, "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (!response.ok) throw new Error(`${options.name} ${operation}: HTTP ${response.status}`);
      return response.json();
    },
  };
}

/** An internal API's address, at the origin of the event hub's (`ws://host:port/internal/bus` and `/internal/presence` give `http://host:port/internal/presence`). */
export function internalApiUrl(hubUrl: string, path: string): string {
  const url = new URL(hubUrl);
  url.protocol = url.protocol === "wss:" ? "https:" : "http:";
  url.pathname = path;
  url.search = "";
  url.hash = "";
  return url.toString();
}
