import { describe, expect, it } from "vitest";
import { type TestServer, useTestServer } from "../support/harness";
import { loginWorld } from "../support/oauth2-fixtures";

/** One token-endpoint request (a revocation) with the given X-Forwarded-For; answers its status. */
async function revokeVia(
  t: TestServer,
  site: { clientId: string; clientSecret: string },
  forwardedFor: string,
): Promise<number> {
  const res = await fetch(`${t.base}/oauth2/token/revoke`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": forwardedFor },
    body: new URLSearchParams({
      client_id: site.clientId,
      client_secret: site.clientSecret,
      token: "unknown",
    }).toString(),
  });
  await res.body?.cancel();
  return res.status;
}

/** 31 requests, each claiming another address in `forwardedFor(i)`; answers the statuses. */
async function burst(
  t: TestServer,
  site: { clientId: string; clientSecret: string },
  forwardedFor: (i: number) => string,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 31; i++) statuses.push(await revokeVia(t, site, forwardedFor(i)));
  return statuses;
}

/** The token endpoints' 30-a-minute limit per client address (spec: Limits) and TRUST_PROXY (README: Configuration). */
describe("token endpoint limit without TRUST_PROXY", () => {
  const env = useTestServer({ world: false });

  it("keys the limit by the connection's address: a spoofed X-Forwarded-For does not lift it", async () => {
    const world = await loginWorld(env.t);
    const statuses = await burst(env.t, world.site, (i) => `10.66.0.${i + 1}`);
    expect(statuses.slice(0, 30).filter((s) => s === 429)).toEqual([]);
    expect(statuses[30]).toBe(429);
  });
});

describe("token endpoint limit with TRUST_PROXY naming another proxy", () => {
  const env = useTestServer({ server: { trustProxy: ["10.0.0.5"] }, world: false });

  it("ignores X-Forwarded-For from an address that is not the trusted proxy", async () => {
    const world = await loginWorld(env.t);
    const statuses = await burst(env.t, world.site, (i) => `10.67.0.${i + 1}`);
    expect(statuses[30]).toBe(429);
  });
});

describe("token endpoint limit with TRUST_PROXY naming this proxy", () => {
  const env = useTestServer({ server: { trustProxy: ["127.0.0.1"] }, world: false });

  it("takes the client address the trusted proxy appended, not one the client put before it", async () => {
    const world = await loginWorld(env.t);
    // The proxy appends the real client (10.68.0.1) to whatever the client sent ($proxy_add_x_forwarded_for).
    const statuses = await burst(env.t, world.site, (i) => `10.99.0.${i + 1}, 10.68.0.1`);
    expect(statuses.slice(0, 30).filter((s) => s === 429)).toEqual([]);
    expect(statuses[30]).toBe(429);
    // Another client behind the same proxy has its own allowance.
    expect(await revokeVia(env.t, world.site, "10.68.0.2")).not.toBe(429);
  });
});
