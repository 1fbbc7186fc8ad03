import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countingLiveKitAddress, startTestLiveKit } from "../support/livekit";
import { startTestServer, storageMode, type TestServer } from "../support/test-server";

const withRedis = Boolean(process.env.TEST_REDIS_URL);

async function get(t: TestServer, path: string) {
  const response = await fetch(`${t.server.url}${path}`);
  return { status: response.status, body: await response.json(), cacheControl: response.headers.get("cache-control") };
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe(`health checks (${storageMode})`, () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t?.close());

  it("answers /healthz while the process serves, and /readyz with each dependency it checked", async () => {
    expect(await get(t, "/healthz")).toMatchObject({ status: 200, body: { status: "ok" } });
    expect(await get(t, "/readyz")).toEqual({
      status: 200,
      cacheControl: "no-store",
      body: {
        status: "ready",
        checks: { database: "ok", redis: withRedis ? "ok" : "not configured", livekit: "not configured" },
      },
    });
  });

  it("needs no token and counts against no rate limit: a load balancer polls it as often as it likes", async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, () => get(t, "/readyz")));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
  });

  it("answers not ready at once when the node starts draining, while /healthz still answers", async () => {
    const draining = await startTestServer();
    try {
      draining.server.drain();
      expect(await get(draining, "/readyz")).toMatchObject({
        status: 503,
        body: { status: "draining", checks: { database: "ok" } },
      });
      expect(await get(draining, "/healthz")).toMatchObject({ status: 200 });
    } finally {
      await draining.close();
    }
  });

  it("closes each keep-alive connection after its answer once draining, so no client holds the node's close open", async () => {
    const node = await startTestServer();
    const agent = new http.Agent({ keepAlive: true });
    try {
      const before = await keptAliveGet(agent, `${node.server.url}/healthz`);
      expect(before.connection).toBe("keep-alive");
      node.server.drain();
      const during = await keptAliveGet(agent, `${node.server.url}/healthz`);
      expect(during.connection).toBe("close");
      expect(during.socketClosed).toBe(true);
    } finally {
      agent.destroy();
      await node.close();
    }
  });
});

/** One GET through `agent`: the answer's Connection header, and whether the server then closed the socket. */
function keptAliveGet(
  agent: http.Agent,
  url: string,
): Promise<{ connection: string | undefined; socketClosed: boolean }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent }, (response) => {
      // Read now: a kept-alive socket is handed back to the agent (and unset here) at the end.
      const socket = response.socket;
      const answer = response.headers.connection;
      response.resume();
      response.on("end", () => {
        if (answer !== "close") return resolve({ connection: answer, socketClosed: socket.destroyed });
        if (socket.destroyed) return resolve({ connection: answer, socketClosed: true });
        socket.once("close", () => resolve({ connection: answer, socketClosed: true }));
      });
    });
    request.on("error", reject);
  });
}

describe("readiness with voice", () => {
  it("counts LiveKit in when it is configured: ready while it answers, 503 naming it when it does not", async () => {
    const livekit = await startTestLiveKit();
    const up = await startTestServer({
      livekit: { url: livekit.url, publicUrl: livekit.url, apiKey: livekit.apiKey, apiSecret: livekit.apiSecret },
    });
    const down = await startTestServer({
      livekit: {
        url: `ws://127.0.0.1:${await closedPort()}`,
        publicUrl: "ws://127.0.0.1:1",
        apiKey: "key",
        apiSecret: "secret-secret-secret-secret-secret",
      },
    });
    try {
      expect(await get(up, "/readyz")).toMatchObject({
        status: 200,
        body: { status: "ready", checks: { livekit: "ok" } },
      });
      expect(await get(down, "/readyz")).toMatchObject({
        status: 503,
        body: { status: "unavailable", checks: { database: "ok", livekit: "unavailable" } },
      });
    } finally {
      await up.close();
      await down.close();
      await livekit.stop();
    }
  });

  it("asks LiveKit at most once a second however often and however many at once it is probed, and answers draining at once all the same", async () => {
    const livekit = await startTestLiveKit();
    const counted = await countingLiveKitAddress(livekit);
    const t = await startTestServer({
      livekit: { url: counted.url, publicUrl: livekit.url, apiKey: livekit.apiKey, apiSecret: livekit.apiSecret },
    });
    try {
      const started = performance.now();
      const burst = await Promise.all(Array.from({ length: 20 }, () => get(t, "/readyz")));
      const elapsed = performance.now() - started;
      expect(new Set(burst.map((answer) => answer.body.checks.livekit))).toEqual(new Set(["ok"]));
      // One check, unless the burst itself took longer than a second (a loaded machine): one more per second at most.
      expect(counted.checks()).toBeLessThanOrEqual(Math.max(1, Math.ceil(elapsed / 1000)));

      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const before = counted.checks();
      expect(await get(t, "/readyz")).toMatchObject({
        status: 200,
        body: { status: "ready", checks: { livekit: "ok" } },
      });
      expect(counted.checks()).toBe(before + 1);

      t.server.drain();
      expect(await get(t, "/readyz")).toMatchObject({
        status: 503,
        body: { status: "draining", checks: { livekit: "ok" } },
      });
      expect(counted.checks()).toBe(before + 1);
    } finally {
      await t.close();
      counted.close();
      await livekit.stop();
    }
  });
});
