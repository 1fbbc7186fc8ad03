import type { DomainContext } from "../../context";
import { Errors } from "../../errors";
import { parseId } from "../../ids";
import { applicationIconUrl } from "../../serializers/oauth2";
import { hashSecret, randomToken } from "../../tokens";
import { applicationWithId } from "../shared/selects";
import {
  LOGIN_LIMITS,
  LOGIN_SCOPES,
  PKCE_VALUE,
  parseScopes,
  queryParam,
  type RawQuery,
  STATE_MAX_LENGTH,
} from "../../validation/oauth2";

/** A checked authorise request of the login flow (scope identify). */
export interface LoginRequest {
  applicationId: bigint;
  redirectUri: string;
  scopes: string[];
  state: string | null;
  prompt: "none" | "consent" | null;
  codeChallenge: string | null;
}

/**
 * What the authorise page does with a request (login rules 3 and 7):
 * - `show`: an unknown client or redirect, told to the person, who is never redirected;
 * - `redirect`: a mistake in the link, sent back to the (registered) redirect as `error`;
 * - `ask`: a valid request; the consent page asks the person.
 */
export type AuthorizeCheck =
  | { outcome: "show"; title: string; message: string }
  | { outcome: "redirect"; url: string }
  | {
      outcome: "ask";
      request: LoginRequest;
      application: { id: bigint; name: string; iconUrl: string | null };
      destination: { origin: string; host: string };
      /** Where Cancel goes: the redirect with `error=access_denied` (and `state`). */
      cancelUrl: string;
    };

/** The redirect with parameters added to its own query; `null` values are left out. */
export function redirectWith(redirectUri: string, params: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) if (value !== null) url.searchParams.set(key, value);
  return url.toString();
}

const LINK_BROKEN = "This link doesn’t work";
const REPEATABLE_NOT = ["response_type", "scope", "state", "prompt", "code_challenge", "code_challenge_method"];

/**
 * The authorise side of the login flow: checking the authorise link, the person's decision
 * (a code bound to application, person, redirect and PKCE challenge, valid 10 minutes) and
 * their standing grants (prompt=none, the "Authorised apps" page).
 */
export class OAuth2Service {
  constructor(private ctx: DomainContext) {}

  async checkAuthorize(query: RawQuery): Promise<AuthorizeCheck> {
    const client = queryParam(query, "client_id");
    if (client.repeated) return show(LINK_BROKEN, "The link names client_id more than once.");
    if (!client.value) return show(LINK_BROKEN, "The link has no client_id.");
    const applicationId = parseId(client.value);
    const app =
      applicationId === null
        ? null
        : await this.ctx.db.application.findFirst({
            where: applicationWithId(applicationId),
            select: { id: true, name: true, iconHash: true, redirectUris: true },
          });
    if (!app)
      return show(
        "Unknown application",
        "No application has this client_id. The link may be wrong, or the application was deleted.",
      );

    const redirect = queryParam(query, "redirect_uri");
    if (redirect.repeated) return show(LINK_BROKEN, "The link names redirect_uri more than once.");
    let redirectUri: string;
    if (redirect.value !== null) {
      // Exact string comparison (rule 3, RFC 9700 2.1): no prefix, path or query leeway.
      if (!app.redirectUris.includes(redirect.value))
        return show(
          "Unknown redirect",
          `${app.name} has not registered the address this link would send you to, so you won’t be sent there.`,
        );
      redirectUri = redirect.value;
    } else if (app.redirectUris.length === 1) {
      redirectUri = app.redirectUris[0] as string;
    } else {
      return show(
        LINK_BROKEN,
        app.redirectUris.length === 0
          ? `${app.name} has no redirect address registered.`
          : "The link has no redirect_uri, and the application has several.",
      );
    }

    const state = queryParam(query, "state").value;
    const echoedState = state !== null && state.length <= STATE_MAX_LENGTH ? state : null;
    const back = (error: string, description: string): AuthorizeCheck => ({
      outcome: "redirect",
      url: redirectWith(redirectUri, { error, error_description: description, state: echoedState }),
    });
    const repeated = REPEATABLE_NOT.find((key) => queryParam(query, key).repeated);
    if (repeated) return back("invalid_request", `The parameter ${repeated} appears more than once.`);
    if (state !== null && echoedState === null)
      return back("invalid_request", `state must be at most ${STATE_MAX_LENGTH} characters.`);
    const responseType = queryParam(query, "response_type").value;
    if (!responseType) return back("invalid_request", "response_type is required.");
    if (responseType !== "code") return back("unsupported_response_type", "Only response_type=code is supported.");
    const scopes = parseScopes(queryParam(query, "scope").value);
    if (scopes.length === 0 || scopes.some((scope) => !(LOGIN_SCOPES as readonly string[]).includes(scope)))
      return back("invalid_scope", "The only scope is identify.");
    const challenge = queryParam(query, "code_challenge").value;
    const method = queryParam(query, "code_challenge_method").value;
    if (challenge === null && method !== null)
      return back("invalid_request", "code_challenge_method was given without code_challenge.");
    if (challenge !== null && method !== "S256")
      return back("invalid_request", "Only code_challenge_method=S256 is supported.");
    if (challenge !== null && !PKCE_VALUE.test(challenge))
      return back("invalid_request", "code_challenge is malformed.");
    const prompt = queryParam(query, "prompt").value;

    const destination = new URL(redirectUri);
    return {
      outcome: "ask",
      request: {
        applicationId: app.id,
        redirectUri,
        scopes,
        state: echoedState,
        prompt: prompt === "none" || prompt === "consent" ? prompt : null,
        codeChallenge: challenge,
      },
      application: { id: app.id, name: app.name, iconUrl: applicationIconUrl(this.ctx.urls, app.id, app.iconHash) },
      destination: { origin: destination.origin, host: destination.host },
      cancelUrl: redirectWith(redirectUri, {
        error: "access_denied",
        error_description: "The person cancelled the authorisation.",
        state: echoedState,
      }),
    };
  }

  /** Whether the person already authorised these scopes for the application (prompt=none skips the page). */
  async hasGrant(userId: bigint, applicationId: bigint, scopes: string[]): Promise<boolean> {
    const grant = await this.ctx.db.oAuthGrant.findUnique({
      where: { applicationId_userId: { applicationId, userId } },
      select: { scopes: true },
    });
    return grant !== null && scopes.every((scope) => grant.scopes.includes(scope));
  }

  /**
   * The person pressed Authorise (or prompt=none found their grant): the request is checked
   * again, a code is issued and the grant recorded. Answers where the browser goes next.
   */
  async approve(userId: bigint, query: RawQuery): Promise<string> {
    const check = await this.checkAuthorize(query);
    if (check.outcome === "show") throw Errors.refused(check.message);
    if (check.outcome === "redirect") return check.url;
    const { request } = check;
    const code = randomToken(32);
    const now = this.ctx.clock.now();
    await this.ctx.db.$transaction(async (tx) => {
      await tx.oAuthCode.create({
        data: {
          codeHash: hashSecret(code),
          applicationId: request.applicationId,
          userId,
          redirectUri: request.redirectUri,
          scopes: request.scopes,
          codeChallenge: request.codeChallenge,
          codeChallengeMethod: request.codeChallenge ? "S256" : null,
          expiresAt: new Date(now.getTime() + LOGIN_LIMITS.codeTtlMs),
          createdAt: now,
        },
      });
      const key = { applicationId_userId: { applicationId: request.applicationId, userId } };
      const existing = await tx.oAuthGrant.findUnique({ where: key, select: { scopes: true } });
      const scopes = [...new Set([...(existing?.scopes ?? []), ...request.scopes])];
      await tx.oAuthGrant.upsert({
        where: key,
        create: { applicationId: request.applicationId, userId, scopes, createdAt: now },
        update: { scopes },
      });
    });
    return redirectWith(request.redirectUri, { code, state: request.state });
  }

  /** The applications the person authorised ("Authorised apps"), newest first. */
  async authorizedApps(userId: bigint) {
    const grants = await this.ctx.db.oAuthGrant.findMany({
      where: { userId },
      include: { application: { select: { id: true, name: true, iconHash: true } } },
      orderBy: { createdAt: "desc" },
    });
    return grants.map((grant) => ({
      applicationId: grant.application.id,
      name: grant.application.name,
      iconUrl: applicationIconUrl(this.ctx.urls, grant.application.id, grant.application.iconHash),
      scopes: grant.scopes,
      authorizedAt: grant.createdAt,
    }));
  }

  /** The person removes an application: its grant goes, its tokens are revoked and its pending codes expire. */
  async removeAuthorizedApp(userId: bigint, applicationId: bigint): Promise<void> {
    const now = this.ctx.clock.now();
    await this.ctx.db.$transaction([
      this.ctx.db.oAuthGrant.deleteMany({ where: { userId, applicationId } }),
      this.ctx.db.oAuthToken.updateMany({
        where: { userId, applicationId, revokedAt: null },
        data: { revokedAt: now },
      }),
      this.ctx.db.oAuthCode.updateMany({
        where: { userId, applicationId, usedAt: null, expiresAt: { gt: now } },
        data: { expiresAt: now },
      }),
    ]);
  }

  /** Every login token and pending code of the person stops working (account suspended or deleted). */
  async revokeAllForUser(userId: bigint): Promise<void> {
    const now = this.ctx.clock.now();
    await this.ctx.db.$transaction([
      this.ctx.db.oAuthToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } }),
      this.ctx.db.oAuthCode.updateMany({
        where: { userId, usedAt: null, expiresAt: { gt: now } },
        data: { expiresAt: now },
      }),
    ]);
  }
}

function show(title: string, message: string): AuthorizeCheck {
  return { outcome: "show", title, message };
}
