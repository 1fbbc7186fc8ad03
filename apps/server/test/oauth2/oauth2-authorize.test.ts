import type { AuthorizeCheck } from "@chat/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../support/harness";
import { loginWorld, pkcePair, REDIRECT } from "../support/oauth2-fixtures";

function redirected(check: AuthorizeCheck) {
  expect(check.outcome).toBe("redirect");
  const url = new URL(check.outcome === "redirect" ? check.url : "about:blank");
  return { url, error: url.searchParams.get("error"), state: url.searchParams.get("state") };
}

/** The authorise link (login flow rules 3, 5, 6, 7) as the consent page checks it through the domain. */
describe("login: the authorise link", () => {
  const env = useTestServer({ world: false });
  let world: Awaited<ReturnType<typeof loginWorld>>;
  const check = (query: Parameters<typeof world.query>[0]) =>
    env.t.server.ctx.domain.oauth2.checkAuthorize(world.query(query));

  beforeAll(async () => {
    world = await loginWorld(env.t);
  });

  it("shows an unknown, malformed, missing or repeated client_id to the person instead of redirecting", async () => {
    for (const client_id of ["999999999", "abc", "", ["1", "2"]]) {
      const result = await check({ client_id });
      expect(result.outcome, JSON.stringify(client_id)).toBe("show");
    }
  });

  it("shows a redirect_uri that is not registered exactly: prefixes, paths, queries, case, scheme and ports are refused", async () => {
    const tricks = [
      `${REDIRECT}/evil`,
      `${REDIRECT}evil`,
      `${REDIRECT}?next=https://evil.example`,
      `${REDIRECT}/`,
      "https://site.example/callbac",
      "https://SITE.example/callback",
      "http://site.example/callback",
      "https://site.example:443/callback",
      "https://site.example.evil.example/callback",
      "https://evil.example/?https://site.example/callback",
      `${REDIRECT}#frag`,
    ];
    for (const redirect_uri of tricks) {
      const result = await check({ redirect_uri });
      expect(result.outcome, redirect_uri).toBe("show");
      if (result.outcome === "show") expect(result.title).toBe("Unknown redirect");
    }
    expect((await check({ redirect_uri: [REDIRECT, REDIRECT] })).outcome).toBe("show");
  });

  it("takes the only registered redirect when redirect_uri is omitted, and refuses to guess among several or none", async () => {
    const omitted = await check({ redirect_uri: undefined });
    expect(omitted.outcome === "ask" && omitted.request.redirectUri).toBe(REDIRECT);
    const several = await loginWorld(env.t, [REDIRECT, "http://localhost:3000/cb"]);
    expect(
      (await env.t.server.ctx.domain.oauth2.checkAuthorize(several.query({ redirect_uri: undefined }))).outcome,
    ).toBe("show");
    const none = await loginWorld(env.t, []);
    expect((await env.t.server.ctx.domain.oauth2.checkAuthorize(none.query({ redirect_uri: undefined }))).outcome).toBe(
      "show",
    );
  });

  it("sends invalid_scope back to the redirect with the state", async () => {
    for (const scope of [undefined, "", "email", "identify email", "identify bot", "openid"]) {
      const { url, error, state } = redirected(await check({ scope }));
      expect(url.origin + url.pathname).toBe(REDIRECT);
      expect({ scope, error, state }).toEqual({ scope, error: "invalid_scope", state: "st4te" });
      expect(url.searchParams.get("code")).toBeNull();
    }
  });

  it("sends unsupported_response_type back for anything but code, and invalid_request when it is missing", async () => {
    for (const response_type of ["token", "code id_token", "CODE"])
      expect(redirected(await check({ response_type })).error).toBe("unsupported_response_type");
    expect(redirected(await check({ response_type: undefined })).error).toBe("invalid_request");
  });

  it("accepts only S256 PKCE challenges", async () => {
    const { challenge } = pkcePair();
    expect((await check({ code_challenge: challenge, code_challenge_method: "S256" })).outcome).toBe("ask");
    expect(redirected(await check({ code_challenge: challenge, code_challenge_method: "plain" })).error).toBe(
      "invalid_request",
    );
    expect(redirected(await check({ code_challenge: challenge })).error).toBe("invalid_request");
    expect(redirected(await check({ code_challenge: "short", code_challenge_method: "S256" })).error).toBe(
      "invalid_request",
    );
    expect(redirected(await check({ code_challenge_method: "S256" })).error).toBe("invalid_request");
  });

  it("keeps the redirect's own query and leaves state out when the link had none", async () => {
    const site = await loginWorld(env.t, ["https://site.example/cb?tenant=7"]);
    const back = new URL(
      await env.t.server.ctx.domain.oauth2.approve(
        site.person.id,
        site.query({ redirect_uri: "https://site.example/cb?tenant=7", state: undefined }),
      ),
    );
    expect(back.searchParams.get("tenant")).toBe("7");
    expect(back.searchParams.get("code")).toBeTruthy();
    expect(back.searchParams.has("state")).toBe(false);
  });

  it("asks with the application's name and picture and the destination's host", async () => {
    const png = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString("base64")}`;
    const hash = await env.t.server.ctx.domain.applicationSettings.setIcon(
      world.developer.id,
      world.app.application.id,
      png,
    );
    const result = await check({});
    expect(result.outcome).toBe("ask");
    if (result.outcome !== "ask") return;
    expect(result.application).toEqual({
      id: world.app.application.id,
      name: "Site Login",
      iconUrl: `${env.t.server.ctx.urls.appUrl}/app-icons/${world.app.application.id}/${hash}.png`,
    });
    expect(result.destination).toEqual({ origin: "https://site.example", host: "site.example" });
    expect(result.request).toMatchObject({
      redirectUri: REDIRECT,
      scopes: ["identify"],
      state: "st4te",
      prompt: null,
      codeChallenge: null,
    });
    expect(
      (await env.t.server.ctx.domain.pictures.get({ kind: "app-icon", id: world.app.application.id }, hash as string))
        ?.contentType,
    ).toBe("image/png");
  });

  it("prompt=none: the person's grant is recorded on Authorise and found the next time", async () => {
    const site = await loginWorld(env.t);
    const result = await env.t.server.ctx.domain.oauth2.checkAuthorize(site.query({ prompt: "none" }));
    expect(result.outcome === "ask" && result.request.prompt).toBe("none");
    const appId = site.app.application.id;
    expect(await env.t.server.ctx.domain.oauth2.hasGrant(site.person.id, appId, ["identify"])).toBe(false);
    await site.authorize();
    expect(await env.t.server.ctx.domain.oauth2.hasGrant(site.person.id, appId, ["identify"])).toBe(true);
    expect(await env.t.server.ctx.domain.oauth2.hasGrant(site.developer.id, appId, ["identify"])).toBe(false);
  });

  it("Authorise re-checks the link: a broken one is refused, a mistaken one goes back with its error and no code", async () => {
    await expect(
      env.t.server.ctx.domain.oauth2.approve(world.person.id, world.query({ redirect_uri: "https://evil.example/" })),
    ).rejects.toThrow();
    const back = new URL(
      await env.t.server.ctx.domain.oauth2.approve(world.person.id, world.query({ scope: "email" })),
    );
    expect(back.searchParams.get("error")).toBe("invalid_scope");
    expect(back.searchParams.get("code")).toBeNull();
  });
});
