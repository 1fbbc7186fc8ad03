import { Agent, request as httpRequest } from "node:http";
import { describeValue, type Resolve, resolveValue, SlotRef, toJsonText } from "../json";
import type { BodyCase, MultipartPart, RestCase } from "./cases";
import { pathSegment } from "./cases";

export interface HttpAnswer {
  status: number;
  body: string;
  contentType: string | undefined;
}

/** A request exactly as it goes on the wire (the path byte for byte, the body as bytes). */
export interface WireRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer | null;
}

const BOUNDARY = "----fuzzBoundary7MA4YWxkTrZu0gW";

function multipartBody(
  parts: MultipartPart[],
  framing: string,
  resolve: Resolve,
): { body: Buffer; contentType: string } {
  const eol = framing === "LF line ends" ? "\n" : "\r\n";
  const chunks = parts.map((part) => {
    const disposition = `Content-Disposition: form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ""}`;
    const type =
      part.contentType !== undefined
        ? `${eol}Content-Type: ${part.contentType}`
        : part.name === "payload_json"
          ? `${eol}Content-Type: application/json`
          : "";
    return `--${BOUNDARY}${eol}${disposition}${type}${eol}${eol}${toJsonText(part.value, resolve)}${eol}`;
  });
  let text = chunks.join("") + (framing === "no closing boundary" ? "" : `--${BOUNDARY}--${eol}`);
  if (framing === "cut short") text = text.slice(0, Math.floor(text.length * 0.6));
  const contentType =
    framing === "no boundary parameter"
      ? "multipart/form-data"
      : framing === "another boundary"
        ? "multipart/form-data; boundary=another"
        : `multipart/form-data; boundary=${BOUNDARY}`;
  return { body: Buffer.from(text, "utf8"), contentType };
}

function formBody(value: unknown, resolve: Resolve): string {
  const plain = resolveValue(value, resolve);
  if (plain === null || typeof plain !== "object" || Array.isArray(plain)) return toJsonText(value, resolve);
  const form = new URLSearchParams();
  for (const [key, item] of Object.entries(plain)) {
    if (Array.isArray(item))
      for (const each of item) form.append(key, typeof each === "string" ? each : JSON.stringify(each));
    else form.append(key, typeof item === "string" ? item : JSON.stringify(item));
  }
  return form.toString();
}

function encodeBody(body: BodyCase, resolve: Resolve): { body: Buffer | null; contentType: string | null } {
  switch (body.kind) {
    case "none":
      return { body: null, contentType: null };
    case "json":
      return { body: Buffer.from(toJsonText(body.value, resolve), "utf8"), contentType: body.contentType };
    case "text":
      return { body: Buffer.from(body.text, "utf8"), contentType: body.contentType };
    case "bytes":
      return { body: Buffer.from(body.hex, "hex"), contentType: body.contentType };
    case "form":
      return { body: Buffer.from(formBody(body.value, resolve), "utf8"), contentType: body.contentType };
    case "multipart":
      return multipartBody(body.parts, body.framing, resolve);
  }
}

/** The wire request of a case against route `url` (Fastify's `/api/v10/channels/:channel`). */
export function wireRequest(
  method: string,
  url: string,
  testCase: RestCase,
  resolve: Resolve,
  token: string,
): WireRequest {
  const path = url.replace(/:(\w+)/g, (_, name: string) => {
    const value = testCase.params[name];
    if (value instanceof SlotRef) return pathSegment(resolve(value.slot));
    return value?.segment ?? "";
  });
  const { body, contentType } = encodeBody(testCase.body, resolve);
  const headers: Record<string, string> = {};
  const auth = testCase.auth === "valid" ? `Bot ${token}` : testCase.auth.header;
  if (auth !== null) headers.authorization = auth;
  if (contentType !== null) headers["content-type"] = contentType;
  if (body !== null) headers["content-length"] = String(body.byteLength);
  return { method, path: `${path}${testCase.query}`, headers, body };
}

/** One connection, kept alive between cases (close it with `destroy()` when done). */
export function newAgent(): Agent {
  return new Agent({ keepAlive: true, maxSockets: 1 });
}

/** Sends a wire request; a socket error or no answer within `timeoutMs` is an answer of status 0. */
export function send(agent: Agent, base: URL, wire: WireRequest, timeoutMs = 60_000): Promise<HttpAnswer> {
  return new Promise((resolve) => {
    try {
      sendNow(agent, base, wire, timeoutMs, resolve);
    } catch (error) {
      // Node refuses to write it (a header it cannot encode): the server never sees it.
      resolve({ status: -1, body: `not sendable: ${(error as Error).message}`, contentType: undefined });
    }
  });
}

function sendNow(
  agent: Agent,
  base: URL,
  wire: WireRequest,
  timeoutMs: number,
  resolve: (answer: HttpAnswer) => void,
): void {
  {
    const req = httpRequest(
      { host: base.hostname, port: base.port, method: wire.method, path: wire.path, headers: wire.headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
            contentType: res.headers["content-type"],
          }),
        );
        res.on("error", (error) =>
          resolve({ status: 0, body: `response failed: ${error.message}`, contentType: undefined }),
        );
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on("error", (error) =>
      resolve({ status: 0, body: `request failed: ${error.message}`, contentType: undefined }),
    );
    req.end(wire.body ?? undefined);
  }
}

/** One line describing what was sent, for reports. */
export function describeWire(wire: WireRequest): string {
  const headers = Object.entries(wire.headers)
    .filter(([name]) => name !== "content-length")
    .map(
      ([name, value]) =>
        `${name}: ${name === "authorization" && value.length > 40 ? `${value.slice(0, 12)}…(${value.length})` : value}`,
    )
    .join("; ");
  const body = wire.body === null ? "(no body)" : describeValue(wire.body.toString("utf8"), 600);
  return `${wire.method} ${wire.path.length > 200 ? `${wire.path.slice(0, 200)}…(${wire.path.length})` : wire.path} [${headers}] ${body}`;
}

/** Whether a refusal has the spec's error body `{ message, code, errors? }` (the login endpoints may answer `{ error, error_description }`). */
export function errorShapeProblem(answer: HttpAnswer, login: boolean): string | null {
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `the body is not JSON: ${describeValue(answer.body, 200)}`;
  }
  const record = body as Record<string, unknown> | null;
  if (
    record !== null &&
    typeof record === "object" &&
    typeof record.message === "string" &&
    typeof record.code === "number"
  ) {
    if (record.errors !== undefined && (typeof record.errors !== "object" || record.errors === null))
      return "`errors` is not an object";
    return null;
  }
  if (login && record !== null && typeof record === "object" && typeof record.error === "string") return null;
  return `not the spec's error shape: ${describeValue(body, 200)}`;
}
