import { z } from "zod";

/** The login flow's limits (spec: Limits, Login rows). */
export const LOGIN_LIMITS = {
  /** Registered redirect addresses per application. */
  maxRedirectUris: 10,
  redirectUriMaxLength: 2048,
  /** An authorization code works once, within 10 minutes. */
  codeTtlMs: 10 * 60 * 1000,
  /** An access token lasts 7 days (`expires_in` 604800). */
  accessTtlMs: 7 * 24 * 60 * 60 * 1000,
  /** A refresh token works until 30 days after its access token ran out. */
  refreshGraceMs: 30 * 24 * 60 * 60 * 1000,
} as const;

/** The only scope of the login flow. */
export const LOGIN_SCOPES = ["identify"] as const;

export const REDIRECT_URI_MESSAGES = {
  malformed: "Not a well formed URL.",
  insecure: "Must use https (http is allowed only for localhost and 127.0.0.1).",
  fragment: "Must not contain a fragment (#).",
  tooLong: `Must be ${LOGIN_LIMITS.redirectUriMaxLength} or fewer in length.`,
  tooMany: `An application can have at most ${LOGIN_LIMITS.maxRedirectUris} redirects.`,
  duplicate: "This redirect is already registered.",
} as const;

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1"]);

/**
 * Why a redirect address cannot be registered, or null when it can (login rule 1): absolute,
 * https (http only for localhost and 127.0.0.1), no `#fragment`. Addresses are compared as
 * exact strings later (rule 3), so nothing is normalised here.
 */
export function redirectUriProblem(uri: string): string | null {
  if (uri.length > LOGIN_LIMITS.redirectUriMaxLength) return REDIRECT_URI_MESSAGES.tooLong;
  if (uri.includes("#")) return REDIRECT_URI_MESSAGES.fragment;
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^\s]+$/i.test(uri)) return REDIRECT_URI_MESSAGES.malformed;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return REDIRECT_URI_MESSAGES.malformed;
  }
  if (!url.hostname) return REDIRECT_URI_MESSAGES.malformed;
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return REDIRECT_URI_MESSAGES.insecure;
}

/** A redirect address to register, trimmed; 50035 naming `redirect_uris` when it breaks rule 1. */
export const zRedirectUri = z
  .string()
  .trim()
  .superRefine((uri, ctx) => {
    const problem = redirectUriProblem(uri);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** A PKCE code challenge or verifier: 43–128 unreserved characters (RFC 7636). */
export const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;

/** The longest `state` echoed back (anything longer is an invalid_request). */
export const STATE_MAX_LENGTH = 2048;

/** A query as Next.js hands it over: repeated keys become arrays. */
export type RawQuery = Record<string, string | string[] | undefined>;

/** One query parameter: its value, or that it was sent more than once (RFC 6749 3.1 forbids it). */
export function queryParam(query: RawQuery, key: string): { value: string | null; repeated: boolean } {
  const raw = query[key];
  if (Array.isArray(raw)) return { value: raw[0] ?? null, repeated: raw.length > 1 };
  return { value: typeof raw === "string" ? raw : null, repeated: false };
}

/** Space-separated scopes (`+` arrives decoded as a space). */
export function parseScopes(value: string | null): string[] {
  return [...new Set((value ?? "").split(/\s+/).filter(Boolean))];
}
