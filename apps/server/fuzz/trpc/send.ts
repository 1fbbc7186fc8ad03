import type { AnyTRPCRouter } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { describeValue, type Resolve, toJsonText } from "../json";
import { pathSegment } from "../rest/cases";
import type { ProcedureType, TrpcCall, TrpcCase } from "./cases";

export const TRPC_ENDPOINT = "/api/trpc";
const ORIGIN = "http://web.fuzz";

export interface TrpcAnswer {
  status: number;
  /** Codes of the errors tRPC reported through onError (every failed call, batched or streamed). */
  errorCodes: string[];
  /** Whether any call of the request succeeded (then it may have written). */
  accepted: boolean;
  body: string;
  request: string;
}

interface BuiltRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

const inputText = (call: TrpcCall, resolve: Resolve) =>
  call.input === undefined ? undefined : toJsonText(call.input, resolve);

function batchInput(calls: TrpcCall[], resolve: Resolve): string {
  return `{${calls.map((call, i) => `"${i}":${inputText(call, resolve) ?? "null"}`).join(",")}}`;
}

/** The HTTP request of a case, as httpBatchLink (queries, mutations) and httpSubscriptionLink (SSE) would send it. */
export function buildRequest(
  testCase: TrpcCase,
  typeOf: (path: string) => ProcedureType,
  resolve: Resolve,
): BuiltRequest {
  const at = (paths: string[]) => `${ORIGIN}${TRPC_ENDPOINT}/${paths.map(pathSegment).join(",")}`;
  if (testCase.transport === "raw") {
    const headers: Record<string, string> = testCase.contentType ? { "content-type": testCase.contentType } : {};
    const query = testCase.batch ? "?batch=1" : "";
    if (testCase.method === "GET")
      return {
        method: "GET",
        url: `${at([testCase.path])}${query}${query ? "&" : "?"}input=${pathSegment(testCase.text)}`,
        headers,
      };
    return { method: "POST", url: `${at([testCase.path])}${query}`, headers, body: testCase.text };
  }
  if (testCase.transport === "batch") {
    const type = typeOf(testCase.calls[0]!.path);
    const paths = testCase.calls.map((call) => call.path);
    if (type === "mutation")
      return {
        method: "POST",
        url: `${at(paths)}?batch=1`,
        headers: { "content-type": "application/json" },
        body: batchInput(testCase.calls, resolve),
      };
    return {
      method: "GET",
      url: `${at(paths)}?batch=1&input=${pathSegment(batchInput(testCase.calls, resolve))}`,
      headers: {},
    };
  }
  const { call } = testCase;
  const text = inputText(call, resolve);
  const post = (typeOf(call.path) === "mutation") !== (testCase.transport === "wrong method");
  const headers: Record<string, string> = {};
  if (testCase.transport === "single" && testCase.lastEventId !== undefined)
    headers["last-event-id"] = testCase.lastEventId.replace(/[^\x20-\x7e]/g, "?");
  if (post)
    return {
      method: "POST",
      url: at([call.path]),
      headers: { ...headers, "content-type": "application/json" },
      body: text ?? "",
    };
  return {
    method: "GET",
    url: `${at([call.path])}${text === undefined ? "" : `?input=${pathSegment(text)}`}`,
    headers,
  };
}

/** Reads an SSE answer until an error event, or until it has been quiet a moment after `connected`. */
async function readEventStream(response: Response, abort: AbortController): Promise<{ text: string; failed: boolean }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + 3000;
  try {
    while (Date.now() < deadline) {
      const quiet = new Promise<"quiet">((resolve) =>
        setTimeout(() => resolve("quiet"), text.includes("event: connected") ? 100 : 1000),
      );
      const next = await Promise.race([reader.read(), quiet]);
      if (next === "quiet") break;
      if (next.done) break;
      text += decoder.decode(next.value, { stream: true });
      if (text.includes("event: serialized-error")) return { text, failed: true };
    }
    return { text, failed: false };
  } finally {
    abort.abort();
    await reader.cancel().catch(() => undefined);
  }
}

/** Whether a JSON answer holds at least one successful call. */
function anySucceeded(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as unknown;
    const items = Array.isArray(parsed) ? parsed : [parsed];
    return items.some((item) => item !== null && typeof item === "object" && "result" in item);
  } catch {
    return false;
  }
}

/** Runs a case through tRPC's fetch adapter, the web app's /api/trpc handler without Next.js around it. */
export async function sendTrpc(
  router: AnyTRPCRouter,
  createContext: () => Promise<object>,
  built: BuiltRequest,
): Promise<TrpcAnswer> {
  const errorCodes: string[] = [];
  const abort = new AbortController();
  const request = new Request(built.url, {
    method: built.method,
    headers: built.headers,
    body: built.body,
    signal: abort.signal,
  });
  const response = await fetchRequestHandler({
    endpoint: TRPC_ENDPOINT,
    req: request,
    router,
    createContext,
    onError({ error }) {
      errorCodes.push(error.code);
    },
  });
  const url = built.url.slice(ORIGIN.length);
  const described = `${built.method} ${url.length > 600 ? `${url.slice(0, 600)}…(${url.length})` : url}${built.body !== undefined ? ` ${describeValue(built.body, 600)}` : ""}`;
  if (response.headers.get("content-type")?.startsWith("text/event-stream")) {
    const { text, failed } = await readEventStream(response, abort);
    return { status: response.status, errorCodes, accepted: !failed, body: text, request: described };
  }
  const body = await response.text();
  return {
    status: response.status,
    errorCodes,
    accepted: response.status < 400 || anySucceeded(body),
    body,
    request: described,
  };
}
