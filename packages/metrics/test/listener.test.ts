import { Counter, Registry } from "prom-client";
import { afterEach, describe, expect, it } from "vitest";
import {
  type MetricsListener,
  parsePrometheusText,
  queriedMetrics,
  readMetricsPort,
  Scrape,
  startMetricsListener,
} from "../src";

describe("the metrics listener", () => {
  let listener: MetricsListener | undefined;
  afterEach(async () => {
    await listener?.close();
    listener = undefined;
  });

  it("answers its registry in Prometheus' text format at GET /metrics, as the registry stands at each scrape", async () => {
    const registry = new Registry();
    const counter = new Counter({
      name: "things_total",
      help: "things",
      labelNames: ["kind"] as const,
      registers: [registry],
    });
    listener = await startMetricsListener(registry, 0, "127.0.0.1");
    expect(listener.url).toBe(`http://127.0.0.1:${listener.port}/metrics`);
    const response = await fetch(listener.url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(registry.contentType);
    expect(response.headers.get("cache-control")).toBe("no-store");
    counter.inc({ kind: "a" }, 3);
    expect((await Scrape.of(listener.url)).value("things_total", { kind: "a" })).toBe(3);
  });

  it("answers 404 for any other path or method", async () => {
    listener = await startMetricsListener(new Registry(), 0, "127.0.0.1");
    expect((await fetch(new URL("/", listener.url))).status).toBe(404);
    expect((await fetch(new URL("/metrics/extra", listener.url))).status).toBe(404);
    expect((await fetch(listener.url, { method: "POST" })).status).toBe(404);
  });

  it("closes its port", async () => {
    const closing = await startMetricsListener(new Registry(), 0, "127.0.0.1");
    await closing.close();
    await expect(fetch(closing.url)).rejects.toThrow();
  });
});

describe("metrics port settings", () => {
  it("are off when unset or empty, a port otherwise, and refuse anything else by name", () => {
    expect(readMetricsPort("METRICS_PORT", undefined)).toBeUndefined();
    expect(readMetricsPort("METRICS_PORT", " ")).toBeUndefined();
    expect(readMetricsPort("METRICS_PORT", "9464")).toBe(9464);
    expect(readMetricsPort("METRICS_PORT", "0")).toBe(0);
    expect(() => readMetricsPort("WEB_METRICS_PORT", "70000")).toThrow("WEB_METRICS_PORT is not a port: 70000");
    expect(() => readMetricsPort("METRICS_PORT", "x")).toThrow(/not a port/);
  });
});

describe("reading the text format", () => {
  it("reads names, labels (escaped quotes and all) and values, and skips comments", () => {
    const samples = parsePrometheusText(
      '# HELP a_total things\n# TYPE a_total counter\na_total{kind="say \\"hi\\"",n="1"} 2\nb 3.5\nc_bucket{le="+Inf"} 4\n',
    );
    expect(samples).toEqual([
      { name: "a_total", labels: { kind: 'say "hi"', n: "1" }, value: 2 },
      { name: "b", labels: {}, value: 3.5 },
      { name: "c_bucket", labels: { le: "+Inf" }, value: 4 },
    ]);
  });

  it("refuses a line that is not a sample", () => {
    expect(() => parsePrometheusText("not a sample line at all")).toThrow(/not a Prometheus sample line/);
  });
});

describe("what a scrape exposes", () => {
  const scrape = Scrape.fromText(
    [
      "# HELP waits_seconds w",
      "# TYPE waits_seconds histogram",
      'waits_seconds_bucket{le="+Inf"} 0',
      "waits_seconds_sum 0",
      "waits_seconds_count 0",
      "# HELP hits_total h",
      "# TYPE hits_total counter",
      "",
    ].join("\n"),
  );

  it("names declared families, counted or not yet, and a histogram's series", () => {
    expect(scrape.exposes("hits_total")).toBe(true);
    expect(scrape.exposes("waits_seconds_bucket")).toBe(true);
    expect(scrape.exposes("waits_seconds_count")).toBe(true);
  });

  it("does not name what is not there", () => {
    expect(scrape.exposes("misses_total")).toBe(false);
    expect(scrape.exposes("hits_total_count")).toBe(false);
  });
});

describe("the metrics a dashboard reads", () => {
  it("are the metric names of every query, nested panels included, without PromQL's words, labels or ranges", () => {
    const dashboard = {
      panels: [
        {
          targets: [
            {
              expr: 'histogram_quantile(0.95, sum by (le, route) (rate(a_seconds_bucket{route="/x"}[$__rate_interval])))',
            },
          ],
        },
        {
          type: "row",
          panels: [{ targets: [{ expr: "sum(rate(b_total[5m])) / max(c_gauge)", legendFormat: "{{route}}" }] }],
        },
      ],
    };
    expect([...queriedMetrics(dashboard)].sort()).toEqual(["a_seconds_bucket", "b_total", "c_gauge"]);
  });
});
