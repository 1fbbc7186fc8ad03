import * as oidc from "openid-client";
import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/harness";
import {
  BEHIND_LOCAL_PROXY,
  bearer,
  expectOAuthError,
  loginWorld,
  pkcePair,
  REDIRECT,
  tokenClient,
  tokensFrom,
} from "../support/oauth2-fixtures";

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;

/** POST /oauth2/token and /oauth2/token/revoke as clients send them (spec: Login endpoints, Login error body, Limits). */
describe("login: the token endpoint", () => {
  const env = useTestServer({ server: BEHIND_LOCAL_PROXY, world: false });

  it("takes a form with a charset parameter, as Auth.js sends it, and answers no-store JSON", async () => {
    const world = await loginWorld(env.t);
    const client = tokenClient(env.t, world.site);
    const params = {
      grant_type: "authorization_code",
      code: await world.authorize(),
      redirect_uri: REDIRECT,
      ...{ client_id: world.site.clientId, client_secret: world.site.clientSecret },
    };
    const res = await client.form("/oauth2/token", params, {
      "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
    });
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    await tokensFrom(res);
  });

  it("takes a JSON body", async () => {
    const world = await loginWorld(env.t);
    const body = {
      grant_type: "authorization_code",
      code: await world.authorize(),
      redirect_uri: REDIRECT,
      client_id: world.site.clientId,
      client_secret: world.site.clientSecret,
    };
    await tokensFrom(await tokenClient(env.t, world.site).json("/oauth2/token", body));
  });

  it("takes client credentials as HTTP Basic (form-encoded, as RFC 6749 2.3.1 asks) or in the body, but not both", async () => {
    const world = await loginWorld(env.t);
    const client = tokenClient(env.t, world.site);
    const grant = async () => ({
      grant_type: "authorization_code",
      code: await world.authorize(),
      redirect_uri: REDIRECT,
    });
    await tokensFrom(
      await client.form("/oauth2/token", await grant(), {
        authorization: basic(world.site.clientId, world.site.clientSecret),
      }),
    );
    await tokensFrom(
      await client.form(
        "/oauth2/token",
        { ...(await grant()), client_id: world.site.clientId },
        { authorization: basic(world.site.clientId, world.site.clientSecret) },
      ),
    );
    await tokensFrom(
      await client.form("/oauth2/token", {
        ...(await grant()),
        client_id: world.site.clientId,
        client_secret: world.site.clientSecret,
      }),
    );
    await expectOAuthError(
      await client.form(
        "/oauth2/token",
        { ...(await grant()), client_secret: world.site.clientSecret },
        { authorization: basic(world.site.clientId, world.site.clientSecret) },
      ),
      "invalid_request",
    );
  });

  it("a wrong secret is 401 invalid_client, with WWW-Authenticate when HTTP Basic was tried", async () => {
    const world = await loginWorld(env.t);
    const client = tokenClient(env.t, world.site);
    const code = await world.authorize();
    const viaBasic = await client.form(
      "/oauth2/token",
      { grant_type: "authorization_code", code, redirect_uri: REDIRECT },
      { authorization: basic(world.site.clientId, "wrong") },
    );
    expect(viaBasic.headers.get("www-authenticate")).toMatch(/^Basic /);
    await expectOAuthError(viaBasic, "invalid_client");
    const viaBody = await client.form("/oauth2/token", {
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT,
      client_id: world.site.clientId,
      client_secret: "wrong",
    });
    expect(viaBody.headers.get("www-authenticate")).toBeNull();
    await expectOAuthError(viaBody, "invalid_client");
    const wrong: Record<string, string>[] = [
      { client_id: "999999999", client_secret: world.site.clientSecret },
      { client_id: world.site.clientId },
      { client_id: "not-an-id", client_secret: "x" },
      {},
    ];
    for (const params of wrong) {
      await expectOAuthError(
        await client.form("/oauth2/token", {
          grant_type: "authorization_code",
          code,
          redirect_uri: REDIRECT,
          ...params,
        }),
        "invalid_client",
      );
    }
    await expectOAuthError(
      await client.form("/oauth2/token", { grant_type: "authorization_code", code }, { authorization: "Basic %%%" }),
      "invalid_client",
    );
    await tokensFrom(await client.exchange(code));
  });

  it("names unsupported_grant_type, and invalid_request for a missing grant_type, a repeated parameter or a body of another kind", async () => {
    const world = await loginWorld(env.t);
    const client = tokenClient(env.t, world.site);
    const creds = { client_id: world.site.clientId, client_secret: world.site.clientSecret };
    await expectOAuthError(
      await client.form("/oauth2/token", { ...creds, grant_type: "client_credentials" }),
      "unsupported_grant_type",
    );
    await expectOAuthError(
      await client.form("/oauth2/token", { ...creds, grant_type: "password" }),
      "unsupported_grant_type",
    );
    await expectOAuthError(await client.form("/oauth2/token", creds), "invalid_request");
    const repeated = `${new URLSearchParams({ ...creds, grant_type: "refresh_token", refresh_token: "a" })}&refresh_token=b`;
    await expectOAuthError(
      await fetch(`${env.t.base}/oauth2/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": client.address },
        body: repeated,
      }),
      "invalid_request",
    );
    await expectOAuthError(
      await fetch(`${env.t.base}/oauth2/token`, {
        method: "POST",
        headers: { "content-type": "text/plain", "x-forwarded-for": client.address },
        body: "grant_type=x",
      }),
      "invalid_request",
    );
    await expectOAuthError(await client.json("/oauth2/token", ["grant_type"]), "invalid_request");
    await expectOAuthError(
      await fetch(`${env.t.base}/oauth2/token`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": client.address },
        body: "{nope",
      }),
      "invalid_request",
    );
  });

  it("answers NUL in the query of either token endpoint with invalid_request, not a server error", async () => {
    const world = await loginWorld(env.t);
    const client = tokenClient(env.t, world.site);
    for (const path of ["/oauth2/token?a=%00", "/oauth2/token/revoke?x=%00"]) {
      await expectOAuthError(
        await client.json(path, {
          grant_type: "refresh_token",
          refresh_token: "r",
          client_id: world.site.clientId,
          client_secret: world.site.clientSecret,
        }),
        "invalid_request",
      );
    }
  });

  it("keeps form bodies out of the bot API", async () => {
    const world = await env.t.seed.world();
    const res = await fetch(`${env.t.base}/channels/${world.text.id}/messages`, {
      method: "POST",
      headers: { authorization: `Bot ${world.token}`, "content-type": "application/x-www-form-urlencoded" },
      body: "content=hi",
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe(50035);
  });

  it("limits one address to 30 requests a minute over both token endpoints, answering 429 with Retry-After", async () => {
    const world = await loginWorld(env.t);
    const client = tokenClient(env.t, world.site, "10.200.0.1");
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++)
      statuses.push((await client.revoke("unknown")).status, (await client.refresh("unknown")).status);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    const limited = await client.revoke("unknown");
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get("x-ratelimit-limit")).toBe("30");
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(await limited.json()).toEqual({
      message: "You are being rate limited.",
      retry_after: expect.any(Number),
      global: false,
      code: 0,
    });
    // Another address is not affected.
    const code = await world.authorize();
    await tokensFrom(await tokenClient(env.t, world.site, "10.200.0.2").exchange(code));
  });

  it("works with openid-client 6, sending credentials in the body (its default) and as HTTP Basic, with PKCE", async () => {
    const world = await loginWorld(env.t);
    const server = {
      issuer: env.t.server.ctx.urls.appUrl,
      authorization_endpoint: `${env.t.server.ctx.urls.appUrl}/oauth2/authorize`,
      token_endpoint: `${env.t.base}/oauth2/token`,
      revocation_endpoint: `${env.t.base}/oauth2/token/revoke`,
    };
    for (const auth of [
      oidc.ClientSecretPost(world.site.clientSecret),
      oidc.ClientSecretBasic(world.site.clientSecret),
    ]) {
      const config = new oidc.Configuration(server, world.site.clientId, undefined, auth);
      oidc.allowInsecureRequests(config);
      const pkce = pkcePair();
      const state = oidc.randomState();
      const authorizeUrl = oidc.buildAuthorizationUrl(config, {
        redirect_uri: REDIRECT,
        scope: "identify",
        state,
        code_challenge: pkce.challenge,
        code_challenge_method: "S256",
      });
      const query = Object.fromEntries(authorizeUrl.searchParams);
      const back = await env.t.server.ctx.domain.oauth2.approve(world.person.id, query);
      const tokens = await oidc.authorizationCodeGrant(config, new URL(back), {
        pkceCodeVerifier: pkce.verifier,
        expectedState: state,
      });
      expect(tokens).toMatchObject({ token_type: "bearer", expires_in: 604800, scope: "identify" });
      const me = await oidc.fetchProtectedResource(
        config,
        tokens.access_token,
        new URL(`${env.t.base}/users/@me`),
        "GET",
      );
      expect((await me.json()).username).toBe(world.person.username);
      const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token as string);
      await oidc.tokenRevocation(config, refreshed.access_token);
      expect((await bearer(env.t, refreshed.access_token)).status).toBe(401);
    }
  });
});
