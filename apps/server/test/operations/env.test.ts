import { describe, expect, it } from "vitest";
import { readServerEnv } from "../../src/env";

/** apps/server/src/env.ts: the server's settings, read once. */
describe("server environment", () => {
  it("does not trust X-Forwarded-For unless TRUST_PROXY is set", () => {
    expect(readServerEnv({}).trustProxy).toBe(false);
    expect(readServerEnv({ TRUST_PROXY: "" }).trustProxy).toBe(false);
    expect(readServerEnv({ TRUST_PROXY: " false " }).trustProxy).toBe(false);
  });

  it("reads TRUST_PROXY=true as trusting every hop", () => {
    expect(readServerEnv({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(readServerEnv({ TRUST_PROXY: "TRUE" }).trustProxy).toBe(true);
  });

  it("reads any other TRUST_PROXY as a comma-separated list of proxy addresses and CIDR ranges", () => {
    expect(readServerEnv({ TRUST_PROXY: "10.0.0.5" }).trustProxy).toEqual(["10.0.0.5"]);
    expect(readServerEnv({ TRUST_PROXY: " 10.0.0.5, 192.168.0.0/16,fd00::/8 ,loopback," }).trustProxy).toEqual(["10.0.0.5", "192.168.0.0/16", "fd00::/8", "loopback"]);
  });

  it("refuses a TRUST_PROXY entry that is no address or range, naming it", () => {
    expect(() => readServerEnv({ TRUST_PROXY: "10.0.0.5, lb.internal" })).toThrow(/TRUST_PROXY.*lb\.internal/);
    expect(() => readServerEnv({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY/);
    expect(() => readServerEnv({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
  });

  it("reads LOG_LEVEL, unset or empty meaning no request log", () => {
    expect(readServerEnv({ LOG_LEVEL: "debug" }).logLevel).toBe("debug");
    expect(readServerEnv({}).logLevel).toBeUndefined();
    expect(readServerEnv({ LOG_LEVEL: "" }).logLevel).toBeUndefined();
  });
});
