import net from "node:net";
import { countingLiveKitAddress } from "../../server/test/support/livekit";
import { liveKitOf } from "./fixtures/livekit";
import { expect, test } from "./fixtures/service";
import { cookieHeader, LiveStreamReader } from "./support/live-stream";
import { signUp, uniqueName } from "./support/people";

/** The service of these tests runs a LiveKit server. */
test.use({ voice: true });

async function get(url: string) {
  const response = await fetch(url);
  return { status: response.status, body: await response.json(), cacheControl: response.headers.get("cache-control") };
}

/** A LiveKit address that accepts connections and never answers: each readiness probe of it takes its full second. */
async function silentServer(): Promise<{ url: string; close(): void }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

test("the web app answers /healthz and /readyz by the server nodes' rule, with no session", async ({ service }) => {
  expect(await get(`${service.webUrl}/healthz`)).toEqual({
    status: 200,
    body: { status: "ok" },
    cacheControl: "no-store",
  });
  expect(await get(`${service.webUrl}/readyz`)).toEqual({
    status: 200,
    cacheControl: "no-store",
    body: {
      status: "ready",
      checks: {
        database: "ok",
        redis: service.storage.events === "redis" ? "ok" : "not configured",
        livekit: service.livekit ? "ok" : "not configured",
      },
    },
  });
});

test("on SIGTERM a web app answers not ready at once, ends its live streams so tabs reconnect, finishes its requests and exits", async ({
  page,
  service,
}) => {
  await signUp(page, uniqueName("ann"));
  const livekit = await silentServer();
  try {
    const second = await service.startWeb({ LIVEKIT_URL: livekit.url });
    const tab = await LiveStreamReader.open(second.url, await cookieHeader(page.context()));
    const inFlight = get(`${second.url}/readyz`);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const signalled = Date.now();
    const exited = new Promise<number | null>((resolve) => second.process.child.once("exit", (code) => resolve(code)));
    second.process.child.kill("SIGTERM");
    await expect.poll(() => second.process.tail()).toContain("web app draining");
    const afterSignal = await get(`${second.url}/readyz`);

    expect(afterSignal).toMatchObject({ status: 503, body: { status: "draining" } });
    // Started before the signal: answered in full (LiveKit did not answer it in time), not cut off.
    expect(await inFlight).toMatchObject({
      status: 503,
      body: { status: "unavailable", checks: { database: "ok", livekit: "unavailable" } },
    });
    await tab.ended;
    // Ended as a dropped connection, not completed: EventSource reconnects and resumes from its cursor.
    expect(tab.controls).not.toContain("return");
    expect(await exited).toBe(0);
    // Exits once its requests are done, well before the 10 s limit that an open stream would hold it to.
    expect(Date.now() - signalled).toBeLessThan(5_000);
  } finally {
    livekit.close();
  }
});

test("asks LiveKit at most once a second however often and however many at once /readyz is probed", async ({
  service,
}) => {
  const counted = await countingLiveKitAddress(liveKitOf(service));
  try {
    const web = await service.startWeb({ LIVEKIT_URL: counted.url });
    const started = performance.now();
    const burst = await Promise.all(Array.from({ length: 20 }, () => get(`${web.url}/readyz`)));
    const elapsed = performance.now() - started;
    expect(new Set(burst.map((answer) => answer.body.checks.livekit))).toEqual(new Set(["ok"]));
    // One check, unless the burst itself took longer than a second (a loaded machine): one more per second at most.
    expect(counted.checks()).toBeLessThanOrEqual(Math.max(1, Math.ceil(elapsed / 1000)));

    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const before = counted.checks();
    expect(await get(`${web.url}/readyz`)).toMatchObject({
      status: 200,
      body: { status: "ready", checks: { livekit: "ok" } },
    });
    expect(counted.checks()).toBe(before + 1);
  } finally {
    counted.close();
  }
});
