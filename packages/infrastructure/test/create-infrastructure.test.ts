import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createInfrastructure, deploymentShape, readInfrastructureEnv } from "../src";

const dataDir = mkdtempSync(join(tmpdir(), "chat-infrastructure-test-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("the deployment's shape", () => {
  it("is Redis with REDIS_URL (in its namespace), else the server's hub at SERVER_INTERNAL_URL or its loopback port", () => {
    expect(
      deploymentShape(readInfrastructureEnv({ REDIS_URL: "redis://cache:6379", REDIS_NAMESPACE: "blue" })),
    ).toEqual({ kind: "redis", redisUrl: "redis://cache:6379", namespace: "blue" });
    expect(deploymentShape(readInfrastructureEnv({ REDIS_URL: "", SERVER_PORT: "9000" }))).toEqual({
      kind: "hub",
      hubUrl: "ws://127.0.0.1:9000/internal/bus",
    });
    expect(deploymentShape(readInfrastructureEnv({ SERVER_INTERNAL_URL: "ws://server:8080/internal/bus" }))).toEqual({
      kind: "hub",
      hubUrl: "ws://server:8080/internal/bus",
    });
  });
});

describe("createInfrastructure without Redis", () => {
  const env = readInfrastructureEnv({ DATA_DIR: dataDir });

  it("makes the server the event hub, serving its memory's presences and short-lived values to its clients", async () => {
    const infrastructure = createInfrastructure({ ...env, role: "hub" });
    const presence = infrastructure.presence({ guildIdsOf: async () => [] });
    try {
      expect(infrastructure.hub).toBe(infrastructure.bus);
      expect(infrastructure.redisCheck).toBeNull();
      expect(presence.api).not.toBeNull();
      expect(infrastructure.shortLived.api).not.toBeNull();
      await infrastructure.shortLived.store.put("k", { v: 1 }, 60_000);
      expect(await infrastructure.shortLived.store.get("k")).toEqual({ v: 1 });
      expect(await infrastructure.connected()).toBe(true);
      expect(infrastructure.sessionStorage({ single: () => "single", redis: () => "redis" })).toBe("single");
    } finally {
      await presence.close();
      await infrastructure.close();
    }
  });

  it("makes the web app and the CLI clients of the hub, which report when it cannot be reached", async () => {
    const infrastructure = createInfrastructure({ ...env, hubUrl: "ws://127.0.0.1:9/internal/bus", role: "client" });
    try {
      expect(infrastructure.hub).toBeNull();
      expect(infrastructure.shortLived.api).toBeNull();
      expect(await infrastructure.connected(200)).toBe(false);
    } finally {
      await infrastructure.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  describe("createInfrastructure with Redis", () => {
    it("puts every process on Redis, with a readiness check and the Redis session storage", async () => {
      const infrastructure = createInfrastructure({
        ...readInfrastructureEnv({ REDIS_URL: redisUrl, REDIS_NAMESPACE: `infrastructure-test-${process.pid}` }),
        role: "hub",
      });
      try {
        expect(await infrastructure.connected()).toBe(true);
        await infrastructure.redisCheck?.();
        expect(infrastructure.redisCheck).not.toBeNull();
        expect(infrastructure.hub).toBeNull();
        expect(infrastructure.sessionStorage({ single: () => "single", redis: ({ namespace }) => namespace })).toBe(
          `infrastructure-test-${process.pid}`,
        );
      } finally {
        await infrastructure.close();
      }
    });
  });
}
