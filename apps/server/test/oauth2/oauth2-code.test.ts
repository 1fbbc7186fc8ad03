import { ManualClock } from "@chat/domain";
import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/harness";
import {
  BEHIND_LOCAL_PROXY,
  bearer,
  expectOAuthError,
  loginWorld,
  MINUTE,
  pkcePair,
  REDIRECT,
  tokenClient,
  tokensFrom,
} from "../support/oauth2-fixtures";

/** State table "Authorization code", plus RFC 9700's attacks on codes. */
describe("login: the authorization code", () => {
  const clock = new ManualClock();

  const env = useTestServer({ server: { clock, ...BEHIND_LOCAL_PROXY }, world: false });

  it("issued -> redirect back: Authorise delivers a code with the state, Cancel an access_denied with the state", async () => {
    const world = await loginWorld(env.t);
    const back = new URL(
      await env.t.server.ctx.domain.oauth2.approve(world.person.id, world.query({ state: "abc 123/+=" })),
    );
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get("code")).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(back.searchParams.get("state")).toBe("abc 123/+=");

    const check = await env.t.server.ctx.domain.oauth2.checkAuthorize(world.query({ state: "xyz" }));
    expect(check.outcome).toBe("ask");
    const cancel = new URL(check.outcome === "ask" ? check.cancelUrl : "");
    expect(cancel.searchParams.get("error")).toBe("access_denied");
    expect(cancel.searchParams.get("state")).toBe("xyz");
    expect(cancel.searchParams.get("code")).toBeNull();
  });

  it("issued -> used: the same application and redirect_uri within 10 minutes get a token pair", async () => {
    const world = await loginWorld(env.t);
    const code = await world.authorize();
    clock.advance(10 * MINUTE - 1000);
    const pair = await tokensFrom(await tokenClient(env.t, world.site).exchange(code));
    expect(pair).toEqual({
      access_token: expect.any(String),
      token_type: "Bearer",
      expires_in: 604800,
      refresh_token: expect.any(String),
      scope: "identify",
    });
    expect(pair.access_token).not.toBe(pair.refresh_token);
    expect((await bearer(env.t, pair.access_token)).status).toBe(200);
    const stored = await env.t.server.ctx.database.prisma.oAuthToken.findFirstOrThrow({
      where: { userId: world.person.id },
    });
    expect(stored.accessTokenHash).not.toContain(pair.access_token);
    expect(stored.refreshTokenHash).not.toBe(pair.refresh_token);
  });

  it("issued -> expired: once 10 minutes have passed the exchange answers invalid_grant", async () => {
    const world = await loginWorld(env.t);
    const code = await world.authorize();
    clock.advance(10 * MINUTE);
    await expectOAuthError(await tokenClient(env.t, world.site).exchange(code), "invalid_grant");
  });

  it("used -> used: a second exchange answers invalid_grant and revokes the tokens the code produced, refreshed ones too", async () => {
    const world = await loginWorld(env.t);
    const client = tokenClient(env.t, world.site);
    const code = await world.authorize();
    const first = await tokensFrom(await client.exchange(code));
    const refreshed = await tokensFrom(await client.refresh(first.refresh_token));
    expect((await bearer(env.t, refreshed.access_token)).status).toBe(200);

    await expectOAuthError(await client.exchange(code), "invalid_grant");
    expect((await bearer(env.t, refreshed.access_token)).status).toBe(401);
    await expectOAuthError(await client.refresh(refreshed.refresh_token), "invalid_grant");
    await expectOAuthError(await client.exchange(code), "invalid_grant");
  });

  it("two exchanges of one code at the same moment: one pair at most, and it does not survive", async () => {
    const world = await loginWorld(env.t);
    const client = tokenClient(env.t, world.site);
    const code = await world.authorize();
    const answers = await Promise.all([client.exchange(code), client.exchange(code), client.exchange(code)]);
    const ok = answers.filter((r) => r.status === 200);
    expect(ok.length).toBeLessThanOrEqual(1);
    for (const r of answers.filter((r) => r.status !== 200)) await expectOAuthError(r, "invalid_grant");
    if (ok[0]) expect((await bearer(env.t, (await ok[0].json()).access_token)).status).toBe(401);
  });

  it("refuses a code issued to another client (invalid_grant) and leaves it usable by its own", async () => {
    const world = await loginWorld(env.t);
    const other = await loginWorld(env.t);
    const code = await world.authorize();
    await expectOAuthError(await tokenClient(env.t, other.site).exchange(code), "invalid_grant");
    await tokensFrom(await tokenClient(env.t, world.site).exchange(code));
  });

  it("refuses an unknown code and a missing one", async () => {
    const world = await loginWorld(env.t);
    const client = tokenClient(env.t, world.site);
    await expectOAuthError(await client.exchange("made-up-code"), "invalid_grant");
    await expectOAuthError(
      await client.form("/oauth2/token", {
        client_id: world.site.clientId,
        client_secret: world.site.clientSecret,
        grant_type: "authorization_code",
        redirect_uri: REDIRECT,
      }),
      "invalid_request",
    );
  });

  it("needs exactly the redirect_uri the code was issued for: no prefix, path, query or case tricks", async () => {
    const world = await loginWorld(env.t, [REDIRECT, `${REDIRECT}/deeper`]);
    const client = tokenClient(env.t, world.site);
    const code = await world.authorize();
    for (const redirect_uri of [
      `${REDIRECT}/deeper`,
      `${REDIRECT}?x=1`,
      `${REDIRECT}/`,
      REDIRECT.toUpperCase(),
      "https://site.example/callbac",
      "https://evil.example/callback",
    ]) {
      await expectOAuthError(await client.exchange(code, { redirect_uri }), "invalid_grant");
    }
    await expectOAuthError(
      await client.form("/oauth2/token", {
        client_id: world.site.clientId,
        client_secret: world.site.clientSecret,
        grant_type: "authorization_code",
        code,
      }),
      "invalid_request",
    );
    await tokensFrom(await client.exchange(code));
  });

  it("PKCE S256: the matching verifier works; a wrong one or none at all answers invalid_grant", async () => {
    const world = await loginWorld(env.t);
    const client = tokenClient(env.t, world.site);
    const pkce = pkcePair();
    const code = await world.authorize({ code_challenge: pkce.challenge, code_challenge_method: "S256" });
    await expectOAuthError(await client.exchange(code), "invalid_grant");
    await expectOAuthError(await client.exchange(code, { code_verifier: pkcePair().verifier }), "invalid_grant");
    await tokensFrom(await client.exchange(code, { code_verifier: pkce.verifier }));
  });

  it("PKCE cannot be downgraded: a verifier for a code issued without a challenge answers invalid_grant", async () => {
    const world = await loginWorld(env.t);
    const code = await world.authorize();
    await expectOAuthError(
      await tokenClient(env.t, world.site).exchange(code, { code_verifier: pkcePair().verifier }),
      "invalid_grant",
    );
  });

  it("a code stays bound to the person who authorised: the tokens identify them", async () => {
    const world = await loginWorld(env.t);
    const code = await world.authorize();
    const pair = await tokensFrom(await tokenClient(env.t, world.site).exchange(code));
    expect((await (await bearer(env.t, pair.access_token)).json()).id).toBe(world.person.id.toString());
  });
});
