import { describe, expect, it } from "vitest";
import { parseTrustProxy, resolveClientAddress } from "../src";

describe("the client's address (TRUST_PROXY)", () => {
  it("is the peer's address when no proxy is trusted, whatever X-Forwarded-For a client sends", () => {
    expect(resolveClientAddress({ peer: "203.0.113.9", forwardedFor: "10.9.9.9" }, false)).toBe("203.0.113.9");
    expect(resolveClientAddress({ peer: "203.0.113.9", forwardedFor: undefined }, parseTrustProxy(""))).toBe(
      "203.0.113.9",
    );
  });

  it("is the last hop in X-Forwarded-For the trusted proxies name, never one a client put before it", () => {
    const trust = parseTrustProxy("10.0.0.1, 10.0.0.2");
    // client -> 10.0.0.2 -> 10.0.0.1 -> web app; the client claimed 1.1.1.1 itself.
    expect(resolveClientAddress({ peer: "10.0.0.1", forwardedFor: "1.1.1.1, 198.51.100.4, 10.0.0.2" }, trust)).toBe(
      "198.51.100.4",
    );
    // A request that did not come through a trusted proxy: its header counts for nothing.
    expect(resolveClientAddress({ peer: "198.51.100.8", forwardedFor: "1.1.1.1" }, trust)).toBe("198.51.100.8");
    expect(
      resolveClientAddress({ peer: "::ffff:127.0.0.1", forwardedFor: "198.51.100.9" }, parseTrustProxy("loopback")),
    ).toBe("198.51.100.9");
  });

  it("is the first address of X-Forwarded-For when every hop is trusted", () => {
    expect(resolveClientAddress({ peer: "10.0.0.1", forwardedFor: "198.51.100.4, 10.0.0.2" }, true)).toBe(
      "198.51.100.4",
    );
  });

  it("is 'unknown' when the web app's server did not say who the peer is", () => {
    expect(resolveClientAddress({ peer: undefined, forwardedFor: "1.1.1.1" }, false)).toBe("unknown");
  });

  it("refuses a TRUST_PROXY entry that is not an address, a range or true", () => {
    expect(parseTrustProxy("true")).toBe(true);
    expect(parseTrustProxy("10.0.0.0/8,loopback")).toEqual(["10.0.0.0/8", "loopback"]);
    expect(() => parseTrustProxy("proxy.example")).toThrow(/TRUST_PROXY/);
  });
});
