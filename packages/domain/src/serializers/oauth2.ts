import type {
  RESTGetAPIOAuth2CurrentAuthorizationResult,
  RESTPostOAuth2AccessTokenResult,
} from "discord-api-types/v10";
import type { PublicUrls } from "../config";
import { LOGIN_LIMITS } from "../validation/oauth2";
import { serializeUser, type UserRow } from "./user";

/** The login token response (spec: Login token response). */
export function serializeTokenResponse(tokens: { accessToken: string; refreshToken: string; scopes: string[] }) {
  return {
    access_token: tokens.accessToken,
    token_type: "Bearer",
    expires_in: LOGIN_LIMITS.accessTtlMs / 1000,
    refresh_token: tokens.refreshToken,
    scope: tokens.scopes.join(" "),
  } satisfies RESTPostOAuth2AccessTokenResult;
}

/**
 * The user as a login bearer token sees it (scope identify): the spec's user fields, with
 * `avatar` null when there is none and no e-mail (rule 2).
 */
export function serializeLoginUser(user: UserRow, urls: PublicUrls) {
  return { ...serializeUser(user, urls), mfa_enabled: false, locale: user.locale ?? "en-US" };
}

/** Where the web app serves an application's picture. */
export function applicationIconUrl(urls: PublicUrls, applicationId: bigint, iconHash: string | null): string | null {
  return iconHash ? `${urls.appUrl}/app-icons/${applicationId}/${iconHash}.png` : null;
}

export interface AuthorizationRow {
  application: {
    id: bigint;
    name: string;
    iconHash: string | null;
    description: string;
    botPublic: boolean;
    flags: number;
  };
  scopes: string[];
  accessExpiresAt: Date;
  user: UserRow;
}

/** GET /oauth2/@me: `{ application, scopes, expires, user }` (spec: Login application-and-user record). */
export function serializeCurrentAuthorization(row: AuthorizationRow, urls: PublicUrls) {
  const app = row.application;
  return {
    application: {
      id: app.id.toString(),
      name: app.name,
      icon: app.iconHash,
      description: app.description,
      bot_public: app.botPublic,
      bot_require_code_grant: false,
      flags: app.flags,
    },
    scopes: row.scopes as RESTGetAPIOAuth2CurrentAuthorizationResult["scopes"],
    expires: row.accessExpiresAt.toISOString(),
    user: serializeLoginUser(row.user, urls),
  } satisfies RESTGetAPIOAuth2CurrentAuthorizationResult;
}
