import { ManualClock } from "@chat/domain";
import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/harness";
import {
  BEHIND_LOCAL_PROXY,
  bearer,
  DAY,
  expectOAuthError,
  loginWorld,
  tokenClient,
  tokensFrom,
} from "../support/oauth2-fixtures";

/** State table "Access token and refresh token (a pair)". */
describe("login: the access and refresh token pair", () => {
  const clock = new ManualClock();

  const env = useTestServer({ server: { clock, ...BEHIND_LOCAL_PROXY }, world: false });

  /** A person logged in to a website: its application, its token client and a fresh pair. */
  async function loggedIn() {
    const world = await loginWorld(env.t);
    const client = tokenClient(env.t, world.site);
    const pair = await tokensFrom(await client.exchange(await world.authorize()));
    return { world, client, pair };
  }

  it("valid -> replaced: a refresh returns a new pair and the old pair stops working", async () => {
    const { client, pair } = await loggedIn();
    const next = await tokensFrom(await client.refresh(pair.refresh_token));
    expect(next).toMatchObject({ token_type: "Bearer", expires_in: 604800, scope: "identify" });
    expect([next.access_token, next.refresh_token]).not.toContain(pair.access_token);
    expect(next.refresh_token).not.toBe(pair.refresh_token);
    expect((await bearer(env.t, pair.access_token)).status).toBe(401);
    expect((await bearer(env.t, next.access_token)).status).toBe(200);
    const again = await tokensFrom(await client.refresh(next.refresh_token));
    expect((await bearer(env.t, again.access_token)).status).toBe(200);
  });

  it("refresh-token reuse: presenting a replaced refresh token answers invalid_grant and revokes its successors", async () => {
    const { client, pair } = await loggedIn();
    const next = await tokensFrom(await client.refresh(pair.refresh_token));
    await expectOAuthError(await client.refresh(pair.refresh_token), "invalid_grant");
    expect((await bearer(env.t, next.access_token)).status).toBe(401);
    await expectOAuthError(await client.refresh(next.refresh_token), "invalid_grant");
  });

  it("valid -> revoked: revoking the access token stops both tokens of the pair", async () => {
    const { client, pair } = await loggedIn();
    const res = await client.revoke(pair.access_token);
    expect(res.status).toBe(200);
    expect((await bearer(env.t, pair.access_token)).status).toBe(401);
    await expectOAuthError(await client.refresh(pair.refresh_token), "invalid_grant");
  });

  it("valid -> revoked: revoking the refresh token stops both tokens of the pair", async () => {
    const { client, pair } = await loggedIn();
    expect((await client.revoke(pair.refresh_token)).status).toBe(200);
    expect((await bearer(env.t, pair.access_token)).status).toBe(401);
    await expectOAuthError(await client.refresh(pair.refresh_token), "invalid_grant");
  });

  it("revocation answers 200 for an unknown token, and a client cannot revoke another client's token", async () => {
    const { client, pair } = await loggedIn();
    const other = await loggedIn();
    expect((await client.revoke("never-issued")).status).toBe(200);
    expect((await other.client.revoke(pair.access_token)).status).toBe(200);
    expect((await bearer(env.t, pair.access_token)).status).toBe(200);
    await expectOAuthError(await client.form("/oauth2/token/revoke", { token: pair.access_token }), "invalid_client");
  });

  it("valid -> access expired after 7 days; the refresh token stays usable and gives a fresh 7 days", async () => {
    const { client, pair } = await loggedIn();
    clock.advance(7 * DAY - 1000);
    expect((await bearer(env.t, pair.access_token)).status).toBe(200);
    clock.advance(1000);
    expect((await bearer(env.t, pair.access_token)).status).toBe(401);
    const next = await tokensFrom(await client.refresh(pair.refresh_token));
    clock.advance(7 * DAY - 1000);
    expect((await bearer(env.t, next.access_token)).status).toBe(200);
  });

  it("a refresh token works until 30 days after its access token ran out, and not after", async () => {
    const early = await loggedIn();
    const late = await loggedIn();
    clock.advance(37 * DAY - 1000);
    expect((await bearer(env.t, early.pair.access_token)).status).toBe(401);
    await tokensFrom(await early.client.refresh(early.pair.refresh_token));
    clock.advance(1000);
    await expectOAuthError(await late.client.refresh(late.pair.refresh_token), "invalid_grant");
  });

  it("valid -> revoked: the person removes the application in settings", async () => {
    const { world, client, pair } = await loggedIn();
    const domain = env.t.server.ctx.domain;
    expect((await domain.oauth2.authorizedApps(world.person.id)).map((a) => a.name)).toEqual(["Site Login"]);
    const pending = await world.authorize();
    await domain.oauth2.removeAuthorizedApp(world.person.id, world.app.application.id);
    expect(await domain.oauth2.authorizedApps(world.person.id)).toEqual([]);
    expect((await bearer(env.t, pair.access_token)).status).toBe(401);
    await expectOAuthError(await client.refresh(pair.refresh_token), "invalid_grant");
    await expectOAuthError(await client.exchange(pending), "invalid_grant");
  });

  it("valid -> revoked: the person's account is suspended", async () => {
    const { world, client, pair } = await loggedIn();
    await env.t.server.ctx.domain.accounts.suspend(world.person.id);
    expect((await bearer(env.t, pair.access_token)).status).toBe(401);
    await expectOAuthError(await client.refresh(pair.refresh_token), "invalid_grant");
    await env.t.server.ctx.domain.accounts.unsuspend(world.person.id);
    expect((await bearer(env.t, pair.access_token)).status).toBe(401);
  });

  it("valid -> revoked: the person's account is deleted", async () => {
    const { world, client, pair } = await loggedIn();
    await env.t.server.ctx.domain.accounts.delete(world.person.id);
    expect((await bearer(env.t, pair.access_token)).status).toBe(401);
    await expectOAuthError(await client.refresh(pair.refresh_token), "invalid_grant");
    expect(await env.t.server.ctx.domain.oauth2.authorizedApps(world.person.id)).toEqual([]);
  });

  it("valid -> revoked: the application is deleted", async () => {
    const { world, client, pair } = await loggedIn();
    await env.t.server.ctx.domain.applicationSettings.delete(world.developer.id, world.app.application.id);
    expect((await bearer(env.t, pair.access_token)).status).toBe(401);
    await expectOAuthError(await client.refresh(pair.refresh_token), "invalid_client");
    expect(await env.t.server.ctx.domain.oauth2.authorizedApps(world.person.id)).toEqual([]);
  });

  it("valid -> valid: a client secret reset logs nobody out; the old secret stops working", async () => {
    const { world, client, pair } = await loggedIn();
    const newSecret = await env.t.server.ctx.domain.applicationSettings.resetClientSecret(
      world.developer.id,
      world.app.application.id,
    );
    expect(newSecret).not.toBe(world.site.clientSecret);
    expect((await bearer(env.t, pair.access_token)).status).toBe(200);
    await expectOAuthError(await client.refresh(pair.refresh_token), "invalid_client");
    const renewed = tokenClient(env.t, { clientId: world.site.clientId, clientSecret: newSecret });
    await tokensFrom(await renewed.refresh(pair.refresh_token));
  });
});
