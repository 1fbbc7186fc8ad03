import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { attachmentSigningKeyFromEnv, keptSecret } from "@chat/domain";
import { describe, expect, it } from "vitest";
import { readServerEnv, roleFromArguments } from "../../src/env";
import { readLauncherEnv } from "../../src/launcher/launcher-env";

/** apps/server/src/env.ts: the server's settings, read once. */
describe("server environment", () => {
  it("runs a node as `all` unless SERVER_ROLE or `--role` (which wins) names rest or gateway, refusing any other role", () => {
    expect(readServerEnv({}).role).toBe("all");
    expect(readServerEnv({ SERVER_ROLE: "gateway" }).role).toBe("gateway");
    expect(() => readServerEnv({ SERVER_ROLE: "web" })).toThrow("SERVER_ROLE must be one of all, rest, gateway: web");
    expect(roleFromArguments([])).toBeUndefined();
    expect(roleFromArguments(["--role", "rest"])).toBe("rest");
    expect(roleFromArguments(["--role=gateway"])).toBe("gateway");
    expect(() => roleFromArguments(["--role"])).toThrow("--role must be one of all, rest, gateway: (nothing)");
    expect(() => roleFromArguments(["--role=both"])).toThrow(/--role must be one of/);
  });

  it("gives `pnpm start`'s gateway node GATEWAY_PORT (unset: 8081), refusing a port that is none", () => {
    expect(readLauncherEnv({}).gatewayPort).toBe(8081);
    expect(readLauncherEnv({ GATEWAY_PORT: "9001" }).gatewayPort).toBe(9001);
    expect(() => readLauncherEnv({ GATEWAY_PORT: "0" })).toThrow("GATEWAY_PORT is not a port: 0");
    expect(() => readLauncherEnv({ GATEWAY_PORT: "gateway" })).toThrow(/GATEWAY_PORT is not a port/);
  });

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
    expect(readServerEnv({ TRUST_PROXY: " 10.0.0.5, 192.168.0.0/16,fd00::/8 ,loopback," }).trustProxy).toEqual([
      "10.0.0.5",
      "192.168.0.0/16",
      "fd00::/8",
      "loopback",
    ]);
  });

  it("refuses a TRUST_PROXY entry that is no address or range, naming it", () => {
    expect(() => readServerEnv({ TRUST_PROXY: "10.0.0.5, lb.internal" })).toThrow(/TRUST_PROXY.*lb\.internal/);
    expect(() => readServerEnv({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY/);
    expect(() => readServerEnv({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
  });

  it("reads METRICS_PORT (unset: metrics not served) and METRICS_HOST (unset: SERVER_HOST's), refusing a port that is none", () => {
    expect(readServerEnv({}).metricsPort).toBeUndefined();
    expect(readServerEnv({ METRICS_PORT: "9464", SERVER_HOST: "10.1.2.3" })).toMatchObject({
      metricsPort: 9464,
      metricsHost: "10.1.2.3",
    });
    expect(readServerEnv({ METRICS_PORT: "9464", METRICS_HOST: "127.0.0.1" }).metricsHost).toBe("127.0.0.1");
    expect(() => readServerEnv({ METRICS_PORT: "nine" })).toThrow(/METRICS_PORT is not a port/);
  });

  it("reads LOG_LEVEL, unset or empty meaning info (a line per request), and refuses a level pino does not know", () => {
    expect(readServerEnv({ LOG_LEVEL: "debug" }).logLevel).toBe("debug");
    expect(readServerEnv({}).logLevel).toBe("info");
    expect(readServerEnv({ LOG_LEVEL: "" }).logLevel).toBe("info");
    expect(() => readServerEnv({ LOG_LEVEL: "loud" })).toThrow(
      /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent: loud/,
    );
  });

  it("reads ATTACHMENT_SIGNING_KEY, refusing one shorter than 32 characters", () => {
    const key = "k".repeat(32);
    expect(readServerEnv({ ATTACHMENT_SIGNING_KEY: key }).attachmentSigningKey).toBe(key);
    expect(readServerEnv({}).attachmentSigningKey).toBeUndefined();
    expect(() => readServerEnv({ ATTACHMENT_SIGNING_KEY: "k".repeat(31) })).toThrow(/ATTACHMENT_SIGNING_KEY.*32/);
  });

  it("generates the attachment signing key once into DATA_DIR when it is not set, and keeps it", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "chat-env-test-"));
    try {
      const first = attachmentSigningKeyFromEnv({ DATA_DIR: dataDir });
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(keptSecret(dataDir, "attachment-signing-key")).toBe(first);
      expect(attachmentSigningKeyFromEnv({ DATA_DIR: dataDir })).toBe(first);
      expect(readdirSync(dataDir)).toEqual(["attachment-signing-key"]);
      // Another data folder is another key; a configured key wins over the kept one.
      const other = mkdtempSync(join(tmpdir(), "chat-env-test-"));
      expect(attachmentSigningKeyFromEnv({ DATA_DIR: other })).not.toBe(first);
      rmSync(other, { recursive: true, force: true });
      expect(attachmentSigningKeyFromEnv({ DATA_DIR: dataDir, ATTACHMENT_SIGNING_KEY: "c".repeat(40) })).toBe(
        "c".repeat(40),
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
