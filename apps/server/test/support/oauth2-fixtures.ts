import { createHash, randomBytes } from "node:crypto";
import type { RawQuery } from "@chat/domain";
import { expect } from "vitest";
import type { TestServer } from "./harness";

export const REDIRECT = "https://site.example/callback";

/** A PKCE pair (RFC 7636, S256). */
export function pkcePair() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

let addressCounter = 0;

/**
 * The server option of the test servers {@link tokenClient} talks to: the test process is their
 * trusted proxy (TRUST_PROXY=127.0.0.1), so its X-Forwarded-For gives each client's address.
 */
export const BEHIND_LOCAL_PROXY = { trustProxy: ["127.0.0.1"] };

/**
 * A website's server talking to the token endpoints from its own address (X-Forwarded-For;
 * the server trusts its proxy, {@link BEHIND_LOCAL_PROXY}), so one test's requests never use up
 * another's limit.
 */
export function tokenClient(
  t: TestServer,
  site: { clientId: string; clientSecret: string },
  address = `10.9.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`,
) {
  const headers = { "x-forwarded-for": address };
  const form = (path: string, params: Record<string, string>, extra: Record<string, string> = {}) =>
    fetch(`${t.base}${path}`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/x-www-form-urlencoded", ...extra },
      body: new URLSearchParams(params).toString(),
    });
  const withSecret = (params: Record<string, string>) => ({
    client_id: site.clientId,
    client_secret: site.clientSecret,
    ...params,
  });
  return {
    address,
    /** A form POST exactly as given (no credentials added). */
    form,
    json: (path: string, body: unknown, extra: Record<string, string> = {}) =>
      fetch(`${t.base}${path}`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", ...extra },
        body: JSON.stringify(body),
      }),
    exchange: (code: string, params: Record<string, string> = {}) =>
      form("/oauth2/token", withSecret({ grant_type: "authorization_code", code, redirect_uri: REDIRECT, ...params })),
    refresh: (refreshToken: string) =>
      form("/oauth2/token", withSecret({ grant_type: "refresh_token", refresh_token: refreshToken })),
    revoke: (token: string) => form("/oauth2/token/revoke", withSecret({ token })),
  };
}

export type TokenPair = {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
};

/** Expects a 200 login token response and returns it. */
export async function tokensFrom(response: Response): Promise<TokenPair> {
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body as TokenPair;
}

/** Expects the login error body with `error` (and the HTTP status that goes with it). */
export async function expectOAuthError(
  response: Response,
  error: string,
  status = error === "invalid_client" ? 401 : 400,
): Promise<void> {
  const body = await response.json();
  expect({ status: response.status, error: body.error }).toEqual({ status, error });
  expect(Object.keys(body).sort()).toEqual(["error", "error_description"]);
  expect(typeof body.error_description).toBe("string");
}

export function bearer(t: TestServer, token: string, path = "/users/@me") {
  return fetch(`${t.base}${path}`, { headers: { authorization: `Bearer ${token}` } });
}

/** A person, and a website's application (owned by someone else) with REDIRECT registered. */
export async function loginWorld(t: TestServer, redirects: string[] = [REDIRECT]) {
  const domain = t.server.ctx.domain;
  const developer = await t.seed.person();
  const person = await t.seed.person();
  const created = await t.seed.app(developer.id, "Site Login");
  for (const uri of redirects)
    await domain.applicationSettings.addRedirectUri(developer.id, created.application.id, uri);
  const site = { clientId: created.application.id.toString(), clientSecret: created.clientSecret };
  return {
    developer,
    person,
    app: created,
    site,
    /** The authorise query a website builds. */
    query(extra: RawQuery = {}): RawQuery {
      return {
        client_id: site.clientId,
        response_type: "code",
        scope: "identify",
        redirect_uri: REDIRECT,
        state: "st4te",
        ...extra,
      };
    },
    /** The person presses Authorise on the consent page (the web app calls exactly this); the code from the redirect. */
    async authorize(extra: RawQuery = {}, userId = person.id): Promise<string> {
      const url = new URL(await domain.oauth2.approve(userId, this.query(extra)));
      const code = url.searchParams.get("code");
      expect(code, url.toString()).toBeTruthy();
      return code as string;
    },
  };
}

export const MINUTE = 60 * 1000;
export const DAY = 24 * 60 * MINUTE;
