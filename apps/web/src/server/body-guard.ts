import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { TRPC_ENDPOINT } from "../lib/trpc-calls";
import { DEFAULT_BODY_LIMIT, largeBodyAllowance, megabytes } from "./body-limits";
import { plainRefusal, type Refusal, trpcRefusal } from "./wire-errors";

/** The spec's code for a request too large (40005). */
const REQUEST_TOO_LARGE = 40005;

/** How long a refused connection stays open, unread, so a client still sending reads the 413 before the reset. */
const LINGER_MS = 1000;

export interface BodyGuardOptions {
  /** Whether the request's cookies hold a valid session cookie (decrypted, no database): the larger allowances are for signed-in people only. */
  signedIn(cookieHeader: string): Promise<boolean>;
}

/** What the request may send: the default, or its procedure's allowance when signed in. */
async function limitOf(request: IncomingMessage, pathname: string, options: BodyGuardOptions): Promise<number> {
  const allowance = largeBodyAllowance(pathname);
  const cookie = request.headers.cookie;
  if (allowance === undefined || !cookie) return DEFAULT_BODY_LIMIT;
  return (await options.signedIn(cookie)) ? allowance : DEFAULT_BODY_LIMIT;
}

function refusalFor(pathname: string, limit: number): Refusal {
  const message = `This request is too large: at most ${megabytes(limit)}.`;
  return pathname.startsWith(`${TRPC_ENDPOINT}/`)
    ? trpcRefusal("PAYLOAD_TOO_LARGE", message, REQUEST_TOO_LARGE)
    : plainRefusal(413, REQUEST_TOO_LARGE, message);
}

/**
 * Holds a request's body to its limit before Next.js sees the request. A `Content-Length` over
 * the limit is answered 413 at once (Node's parser holds the body to the length it declares).
 * A body without one (chunked) is taken from the parser piece by piece, counted, until its end;
 * past the limit nothing more is read or kept and the 413 goes out; within it, the pieces are
 * given back to the request for Next.js to read as usual. A refusal closes the connection,
 * however much the client still meant to send.
 *
 * Answers true when Next.js may handle the request, false when it was answered here.
 */
export async function admitRequestBody(
  request: IncomingMessage,
  response: ServerResponse,
  options: BodyGuardOptions,
): Promise<boolean> {
  const pathname = (request.url ?? "/").split("?", 1)[0] ?? "/";
  if (request.headers["transfer-encoding"] !== undefined)
    return admitStreamedBody(request, response, pathname, options);
  const declared = Number(request.headers["content-length"] ?? 0);
  // Within the default: no need to read the session cookie.
  if (declared <= DEFAULT_BODY_LIMIT) return true;
  const limit = await limitOf(request, pathname, options);
  if (declared <= limit) return true;
  refuse(response, refusalFor(pathname, limit));
  return false;
}

async function admitStreamedBody(
  request: IncomingMessage,
  response: ServerResponse,
  pathname: string,
  options: BodyGuardOptions,
): Promise<boolean> {
  const pieces: Buffer[] = [];
  let received = 0;
  // Until the limit is known (the session cookie is being read), the largest it could be.
  let ceiling = Math.max(DEFAULT_BODY_LIMIT, largeBodyAllowance(pathname) ?? 0);
  let outcome: "open" | "ended" | "too large" = "open";
  let settle: () => void = () => {};
  const settled = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const closed = new Promise<void>((resolve) => request.once("close", resolve));

  // Node's parser pushes each piece of the body into the request as it arrives (the first
  // ones possibly in the same tick as this call): hold them here instead.
  const push = request.push.bind(request);
  request.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (outcome !== "open") return false;
    if (chunk === null) {
      outcome = "ended";
      settle();
      return false;
    }
    const piece = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk), encoding);
    received += piece.length;
    if (received > ceiling) {
      outcome = "too large";
      pieces.length = 0;
      settle();
      // False: the parser stops reading the socket.
      return false;
    }
    pieces.push(piece);
    return true;
  };

  const limit = await limitOf(request, pathname, options);
  ceiling = limit;
  if (outcome === "open" && received > limit) {
    outcome = "too large";
    pieces.length = 0;
  }
  if (outcome === "open") await Promise.race([settled, closed]);
  if (outcome === "too large") {
    refuse(response, refusalFor(pathname, limit));
    return false;
  }
  // The client went away before its body ended: nothing to answer.
  if (outcome === "open") return false;
  request.push = push;
  for (const piece of pieces) push(piece);
  push(null);
  return true;
}

/** The 413, then the connection closes: the rest of the body is never read. */
function refuse(response: ServerResponse, refusal: Refusal): void {
  const socket = response.socket;
  if (socket) lingerOnClose(socket);
  response.writeHead(refusal.status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(refusal.body),
    connection: "close",
  });
  response.end(refusal.body);
}

/**
 * Node closes a `Connection: close` socket as soon as the answer is written; while the client is
 * still sending, the reset that follows can reach it before it read the answer. Instead: the
 * answer, the end of the connection (FIN), and the reset only LINGER_MS later.
 */
function lingerOnClose(socket: Socket): void {
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}
