import { readFileSync } from "node:fs";
import { LiveHub } from "@chat/api";
import { createPrismaClient } from "@chat/db";
import { channelViewers } from "@chat/domain";
import { LocalBus } from "@chat/events";
import { type MetricsListener, queriedMetrics, Scrape } from "@chat/metrics";
import { afterEach, describe, expect, it } from "vitest";
import { createWebMetrics, readWebMetricsEnv, startWebMetrics } from "../src/server/metrics";

const DASHBOARD = new URL("../../../ops/grafana/chat-dashboard.json", import.meta.url);

describe("the web app's metrics", () => {
  let listener: MetricsListener | undefined;
  afterEach(async () => {
    await listener?.close();
    listener = undefined;
  });

  it("are off unless WEB_METRICS_PORT is set; WEB_METRICS_HOST picks the address", () => {
    expect(readWebMetricsEnv({})).toEqual({ port: undefined, host: undefined });
    expect(readWebMetricsEnv({ WEB_METRICS_PORT: "9465", WEB_METRICS_HOST: "127.0.0.1" })).toEqual({
      port: 9465,
      host: "127.0.0.1",
    });
    expect(() => readWebMetricsEnv({ WEB_METRICS_PORT: "web" })).toThrow(/WEB_METRICS_PORT is not a port/);
  });

  it("show the live streams open in this process, moving as tabs open and close, with the process's own metrics", async () => {
    listener = await startWebMetrics(0, "127.0.0.1");
    // Opening and closing a tab reads nothing from the database: the client is never connected.
    const db = createPrismaClient("postgresql://postgres@127.0.0.1:1/never-connected", 1);
    const hub = new LiveHub(new LocalBus(), channelViewers(db));
    try {
      const before = (await Scrape.of(listener.url)).value("chat_web_live_streams");
      const controller = new AbortController();
      const { start } = hub.open("1", [], null, controller.signal);
      await start;
      const open = await Scrape.of(listener.url);
      expect(open.value("chat_web_live_streams") - before).toBe(1);
      expect(open.has("process_resident_memory_bytes")).toBe(true);
      expect(open.has("nodejs_eventloop_lag_seconds")).toBe(true);
      controller.abort();
      const until = Date.now() + 5_000;
      while ((await Scrape.of(listener.url)).value("chat_web_live_streams") !== before && Date.now() < until)
        await new Promise((r) => setTimeout(r, 20));
      expect((await Scrape.of(listener.url)).value("chat_web_live_streams")).toBe(before);
    } finally {
      hub.close();
      await db.$disconnect();
    }
  });

  it("are what the Grafana dashboard reads of the web processes: its web and process metrics are exposed here", async () => {
    const web = Scrape.fromText(await createWebMetrics().metrics());
    const queried = [...queriedMetrics(JSON.parse(readFileSync(DASHBOARD, "utf8")))].filter(
      (name) => !name.startsWith("chat_") || name.startsWith("chat_web_"),
    );
    expect(queried).toContain("chat_web_live_streams");
    expect(queried.filter((name) => !web.exposes(name))).toEqual([]);
  });
});
