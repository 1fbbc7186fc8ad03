import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainErrorData } from "../src/errors";
import { createTestWorld, type TestWorld } from "./world";

let w: TestWorld;
beforeAll(async () => {
  w = await createTestWorld();
});
afterAll(() => w?.close());

const person = (name: string) => w.signUp(name);

describe("login consent and settings procedures", () => {
  it("the portal registers a redirect; the consent page asks, skips with prompt=none once authorised, and the settings page removes it", async () => {
    const developer = await person("dev_one");
    const visitor = await person("visitor_one");
    const created = await w.caller(developer).applications.create({ name: "Consent Site" });
    const applicationId = created.application.id;
    const refused = await w
      .caller(developer)
      .applications.addRedirectUri({ applicationId, uri: "http://site.test/cb" })
      .catch((e) => e);
    expect(refused.code).toBe("BAD_REQUEST");
    expect(domainErrorData(refused).fieldErrors).toEqual({
      redirect_uris: ["Must use https (http is allowed only for localhost and 127.0.0.1)."],
    });
    await w.caller(developer).applications.addRedirectUri({ applicationId, uri: "https://site.test/cb" });
    const app = await w.caller(developer).applications.get({ applicationId });
    expect(app).toMatchObject({
      clientId: applicationId,
      redirectUris: ["https://site.test/cb"],
      tokenUrl: "http://api.test/api/v10/oauth2/token",
    });

    const query = {
      client_id: applicationId,
      response_type: "code",
      scope: "identify",
      redirect_uri: "https://site.test/cb",
      state: "s",
      prompt: "none",
    };
    const anonymous = await w.caller(null).oauth2.loginRequest({ query });
    expect(anonymous).toMatchObject({
      outcome: "ask",
      application: { id: applicationId, name: "Consent Site" },
      destination: { host: "site.test" },
      skipConsent: false,
    });
    await expect(w.caller(null).oauth2.approveLogin({ query })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect(await w.caller(visitor).oauth2.loginRequest({ query })).toMatchObject({ skipConsent: false });

    const { url } = await w.caller(visitor).oauth2.approveLogin({ query });
    expect(new URL(url).searchParams.get("state")).toBe("s");
    expect(await w.caller(visitor).oauth2.loginRequest({ query })).toMatchObject({ skipConsent: true });
    expect(await w.caller(visitor).oauth2.loginRequest({ query: { ...query, prompt: "consent" } })).toMatchObject({
      skipConsent: false,
    });
    expect(await w.caller(developer).oauth2.loginRequest({ query })).toMatchObject({ skipConsent: false });

    const listed = await w.caller(visitor).authorizedApps.list();
    expect(listed).toEqual([
      { applicationId, name: "Consent Site", iconUrl: null, scopes: ["identify"], authorizedAt: expect.any(String) },
    ]);
    await w.caller(visitor).authorizedApps.remove({ applicationId });
    expect(await w.caller(visitor).authorizedApps.list()).toEqual([]);
    expect(await w.caller(visitor).oauth2.loginRequest({ query })).toMatchObject({ skipConsent: false });
  });

  it("an unknown client is shown, a wrong scope goes back to the website", async () => {
    const developer = await person("dev_two");
    const created = await w.caller(developer).applications.create({ name: "Other Site" });
    await w
      .caller(developer)
      .applications.addRedirectUri({ applicationId: created.application.id, uri: "https://other.test/cb" });
    expect(
      await w
        .caller(null)
        .oauth2.loginRequest({ query: { client_id: "999999", response_type: "code", scope: "identify" } }),
    ).toMatchObject({ outcome: "show", title: "Unknown application" });
    const back = await w.caller(null).oauth2.loginRequest({
      query: { client_id: created.application.id, response_type: "code", scope: "email", state: "x" },
    });
    expect(back.outcome).toBe("redirect");
    expect(back.outcome === "redirect" && new URL(back.url).searchParams.get("error")).toBe("invalid_scope");
  });
});
