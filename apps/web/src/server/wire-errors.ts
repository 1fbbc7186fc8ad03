import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";

/**
 * Refusals answered outside tRPC (by apps/web/server.ts before Next.js reads the request, or
 * by the tRPC route before any procedure runs), shaped as tRPC's own errors are on the wire
 * (`{ error: { message, code, data: { code, httpStatus, apiCode, fieldErrors } } }`, the app's
 * errorFormatter's fields), so the app's client shows the message like any other. The app
 * sends tRPC without a transformer. Elsewhere, the spec's `{ message, code }`.
 */
export type RefusalCode = "BAD_REQUEST" | "FORBIDDEN" | "PAYLOAD_TOO_LARGE";

const HTTP_STATUS: Record<RefusalCode, number> = { BAD_REQUEST: 400, FORBIDDEN: 403, PAYLOAD_TOO_LARGE: 413 };

export interface Refusal {
  status: number;
  /** JSON */
  body: string;
}

/** `apiCode`: the spec's code when there is one (40005 for a request too large). */
export function trpcRefusal(code: RefusalCode, message: string, apiCode: number | null = null): Refusal {
  const httpStatus = HTTP_STATUS[code];
  const shape = {
    message,
    code: TRPC_ERROR_CODES_BY_KEY[code],
    data: { code, httpStatus, apiCode, fieldErrors: null },
  };
  return { status: httpStatus, body: JSON.stringify({ error: shape }) };
}

/** The spec's error shape, for the app's other endpoints (next-auth's, pages). */
export function plainRefusal(status: number, code: number, message: string): Refusal {
  return { status, body: JSON.stringify({ message, code }) };
}

/** As a fetch Response (route handlers). */
export function refusalResponse(refusal: Refusal): Response {
  return new Response(refusal.body, { status: refusal.status, headers: { "content-type": "application/json" } });
}
