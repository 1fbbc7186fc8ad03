import { createHash, timingSafeEqual } from "node:crypto";
import type { Prisma } from "@chat/db";
import type { DomainContext } from "../../context";
import { OAuthError } from "../../errors";
import { parseId } from "../../ids";
import { serializeTokenResponse } from "../../serializers/oauth2";
import { hashSecret, randomToken, secretMatches } from "../../tokens";
import { LOGIN_LIMITS, PKCE_VALUE, parseScopes } from "../../validation/oauth2";
import { applicationWithId, userSelect } from "../shared/selects";

/** Client credentials as they arrived: from HTTP Basic (already decoded) and from the body. */
export interface PresentedCredentials {
  basic: { clientId: string; clientSecret: string } | null;
  body: Record<string, unknown>;
}

type Tx = Prisma.TransactionClient;

/** Compared against when the client id is unknown, so both paths do the same work. */
const DECOY_HASH = hashSecret("decoy client secret");

/** One parameter of a token request body: a string (a JSON number for client_id), absent, or refused when repeated. */
function param(body: Record<string, unknown>, key: string): string | null {
  const value = body[key];
  if (value === undefined || value === null || value === "") return null;
  if (typeof value === "string") return value;
  if (key === "client_id" && typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  if (Array.isArray(value)) throw new OAuthError("invalid_request", `The parameter ${key} was sent more than once.`);
  throw new OAuthError("invalid_request", `The parameter ${key} must be a string.`);
}

function required(body: Record<string, unknown>, key: string): string {
  const value = param(body, key);
  if (value === null) throw new OAuthError("invalid_request", `The parameter ${key} is required.`);
  return value;
}

const invalidClient = () =>
  new OAuthError("invalid_client", "Client authentication failed: unknown client_id or wrong client_secret.");

/**
 * The token side of the login flow: the token endpoint's two grants, revocation and the
 * bearer lookup. Tokens and codes are stored as SHA-256 hashes; every time comes from the
 * domain clock (state tables: Authorization code; Access token and refresh token).
 */
export class OAuth2TokenService {
  constructor(private ctx: DomainContext) {}

  /**
   * The application whose credentials these are (HTTP Basic or `client_id` + `client_secret`
   * in the body, never both); invalid_client (401) otherwise.
   */
  async authenticateClient(presented: PresentedCredentials): Promise<bigint> {
    const bodyId = param(presented.body, "client_id");
    const bodySecret = param(presented.body, "client_secret");
    if (presented.basic && bodySecret !== null)
      throw new OAuthError("invalid_request", "Send client credentials either as HTTP Basic or in the body, not both.");
    if (presented.basic && bodyId !== null && bodyId !== presented.basic.clientId)
      throw new OAuthError("invalid_request", "client_id differs from the HTTP Basic credentials.");
    const clientId = presented.basic?.clientId ?? bodyId;
    const clientSecret = presented.basic?.clientSecret ?? bodySecret;
    if (clientId === null || clientSecret === null) throw invalidClient();
    const id = parseId(clientId);
    const app =
      id === null
        ? null
        : await this.ctx.db.application.findFirst({
            where: applicationWithId(id),
            select: { id: true, clientSecretHash: true },
          });
    const matches = secretMatches(clientSecret, app?.clientSecretHash ?? DECOY_HASH);
    if (!app || !matches) throw invalidClient();
    return app.id;
  }

  /** POST /oauth2/token: `authorization_code` or `refresh_token`; the login token response. */
  async grant(presented: PresentedCredentials) {
    const applicationId = await this.authenticateClient(presented);
    const grantType = required(presented.body, "grant_type");
    if (grantType === "authorization_code") return this.exchangeCode(applicationId, presented.body);
    if (grantType === "refresh_token") return this.refresh(applicationId, presented.body);
    throw new OAuthError(
      "unsupported_grant_type",
      `The grant type ${grantType} is not supported; use authorization_code or refresh_token.`,
    );
  }

  /** A code works once, within 10 minutes, for its application and redirect_uri (login rule 8). */
  private async exchangeCode(applicationId: bigint, body: Record<string, unknown>) {
    const code = required(body, "code");
    const redirectUri = required(body, "redirect_uri");
    const verifier = param(body, "code_verifier");
    const now = this.ctx.clock.now();
    const row = await this.ctx.db.oAuthCode.findUnique({
      where: { codeHash: hashSecret(code) },
      include: { user: { select: { suspendedAt: true } } },
    });
    // A foreign client's code is as unknown to this client as a made-up one, and stays usable by its own.
    if (!row || row.applicationId !== applicationId)
      throw new OAuthError("invalid_grant", "Unknown authorization code.");
    if (row.usedAt) {
      await this.revokeLineage(row.codeHash, now);
      throw new OAuthError(
        "invalid_grant",
        "The authorization code was already used; the tokens issued for it are revoked.",
      );
    }
    if (row.expiresAt.getTime() <= now.getTime())
      throw new OAuthError("invalid_grant", "The authorization code expired.");
    if (row.redirectUri !== redirectUri)
      throw new OAuthError("invalid_grant", "redirect_uri differs from the one the code was issued for.");
    verifyPkce(row.codeChallenge, verifier);
    if (row.user.suspendedAt) throw new OAuthError("invalid_grant", "The account is suspended.");

    const issued = await this.ctx.db.$transaction(async (tx) => {
      // Claimed by whoever flips usedAt first: a second concurrent exchange finds nothing to claim.
      const claimed = await tx.oAuthCode.updateMany({
        where: { codeHash: row.codeHash, usedAt: null },
        data: { usedAt: now },
      });
      if (claimed.count !== 1) return null;
      return this.issuePair(tx, { applicationId, userId: row.userId, scopes: row.scopes, codeHash: row.codeHash }, now);
    });
    if (!issued) {
      await this.revokeLineage(row.codeHash, now);
      throw new OAuthError(
        "invalid_grant",
        "The authorization code was already used; the tokens issued for it are revoked.",
      );
    }
    return serializeTokenResponse(issued);
  }

  /**
   * A refresh token works once, until revoked, or until 30 days after its access token ran out
   * (login rule 9). Each answer is a new pair; the old pair stops working. A refresh token
   * presented again revokes every pair descending from the same code (RFC 9700 4.14.2).
   */
  private async refresh(applicationId: bigint, body: Record<string, unknown>) {
    const presented = required(body, "refresh_token");
    const requestedScopes = parseScopes(param(body, "scope"));
    const now = this.ctx.clock.now();
    const row = await this.ctx.db.oAuthToken.findUnique({
      where: { refreshTokenHash: hashSecret(presented) },
      include: { user: { select: { suspendedAt: true } } },
    });
    if (!row || row.applicationId !== applicationId) throw new OAuthError("invalid_grant", "Unknown refresh token.");
    if (row.revokedAt) throw new OAuthError("invalid_grant", "The refresh token was revoked.");
    if (row.replacedAt) {
      await this.revokeLineage(row.codeHash, now, row.id);
      throw new OAuthError(
        "invalid_grant",
        "The refresh token was already used; the tokens issued after it are revoked.",
      );
    }
    if (row.refreshExpiresAt.getTime() <= now.getTime())
      throw new OAuthError("invalid_grant", "The refresh token expired.");
    if (row.user.suspendedAt) throw new OAuthError("invalid_grant", "The account is suspended.");
    if (requestedScopes.some((scope) => !row.scopes.includes(scope)))
      throw new OAuthError("invalid_scope", "A refresh cannot widen the granted scopes.");

    const issued = await this.ctx.db.$transaction(async (tx) => {
      const claimed = await tx.oAuthToken.updateMany({
        where: { id: row.id, replacedAt: null, revokedAt: null },
        data: { replacedAt: now },
      });
      if (claimed.count !== 1) return null;
      return this.issuePair(tx, { applicationId, userId: row.userId, scopes: row.scopes, codeHash: row.codeHash }, now);
    });
    if (!issued) {
      await this.revokeLineage(row.codeHash, now, row.id);
      throw new OAuthError(
        "invalid_grant",
        "The refresh token was already used; the tokens issued after it are revoked.",
      );
    }
    return serializeTokenResponse(issued);
  }

  /**
   * POST /oauth2/token/revoke (RFC 7009): the access or refresh token, and its pair, stop
   * working. An unknown token, or one of another client, changes nothing and still succeeds.
   */
  async revoke(presented: PresentedCredentials): Promise<void> {
    const applicationId = await this.authenticateClient(presented);
    const token = required(presented.body, "token");
    const hash = hashSecret(token);
    const row = await this.ctx.db.oAuthToken.findFirst({
      where: { OR: [{ accessTokenHash: hash }, { refreshTokenHash: hash }] },
      select: { id: true, applicationId: true },
    });
    if (!row || row.applicationId !== applicationId) return;
    await this.ctx.db.oAuthToken.updateMany({
      where: { id: row.id, revokedAt: null },
      data: { revokedAt: this.ctx.clock.now() },
    });
  }

  /**
   * The person and application behind a login bearer token, or null for a missing, unknown,
   * expired, replaced or revoked token or a suspended account.
   */
  async identify(accessToken: string) {
    if (!accessToken) return null;
    const row = await this.ctx.db.oAuthToken.findUnique({
      where: { accessTokenHash: hashSecret(accessToken) },
      include: {
        user: { select: { ...userSelect, suspendedAt: true } },
        application: {
          select: { id: true, name: true, iconHash: true, description: true, botPublic: true, flags: true },
        },
      },
    });
    if (!row || row.revokedAt || row.replacedAt || row.user.suspendedAt) return null;
    if (row.accessExpiresAt.getTime() <= this.ctx.clock.now().getTime()) return null;
    return row;
  }

  /** Every pair descending from `codeHash` (or just the pair `tokenId` when the code is gone). */
  private async revokeLineage(codeHash: string | null, now: Date, tokenId?: bigint): Promise<void> {
    const where = codeHash ? { codeHash } : { id: tokenId ?? -1n };
    await this.ctx.db.oAuthToken.updateMany({ where: { ...where, revokedAt: null }, data: { revokedAt: now } });
  }

  private async issuePair(
    tx: Tx,
    grant: { applicationId: bigint; userId: bigint; scopes: string[]; codeHash: string | null },
    now: Date,
  ) {
    const accessToken = randomToken(32);
    const refreshToken = randomToken(32);
    const accessExpiresAt = new Date(now.getTime() + LOGIN_LIMITS.accessTtlMs);
    await tx.oAuthToken.create({
      data: {
        applicationId: grant.applicationId,
        userId: grant.userId,
        scopes: grant.scopes,
        codeHash: grant.codeHash,
        accessTokenHash: hashSecret(accessToken),
        refreshTokenHash: hashSecret(refreshToken),
        accessExpiresAt,
        refreshExpiresAt: new Date(accessExpiresAt.getTime() + LOGIN_LIMITS.refreshGraceMs),
        createdAt: now,
      },
    });
    return { accessToken, refreshToken, scopes: grant.scopes };
  }
}

/**
 * PKCE (RFC 7636, S256 only): with a challenge the verifier must match it; without one, a
 * verifier is refused too, so PKCE cannot be downgraded (RFC 9700 2.1.1).
 */
function verifyPkce(challenge: string | null, verifier: string | null): void {
  if (!challenge) {
    if (verifier !== null)
      throw new OAuthError(
        "invalid_grant",
        "code_verifier was sent, but the authorisation request had no code_challenge.",
      );
    return;
  }
  if (verifier === null)
    throw new OAuthError(
      "invalid_grant",
      "code_verifier is required: the authorisation request carried a code_challenge.",
    );
  if (!PKCE_VALUE.test(verifier))
    throw new OAuthError("invalid_request", "code_verifier must be 43–128 unreserved characters.");
  const computed = Buffer.from(createHash("sha256").update(verifier).digest("base64url"));
  const expected = Buffer.from(challenge);
  if (computed.length !== expected.length || !timingSafeEqual(computed, expected))
    throw new OAuthError("invalid_grant", "code_verifier does not match the code_challenge.");
}
