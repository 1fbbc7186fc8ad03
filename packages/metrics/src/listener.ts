import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Registry } from "prom-client";

export interface MetricsListener {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * A listener of its own for Prometheus (METRICS_PORT, WEB_METRICS_PORT): GET /metrics answers the registry in
 * the text format; anything else is 404. Kept off the public port so that only the network
 * the operator opens it to can read it.
 */
export async function startMetricsListener(registry: Registry, port: number, host: string): Promise<MetricsListener> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if (path !== "/metrics" || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found: metrics are at GET /metrics\n");
      return;
    }
    registry.metrics().then(
      (text) =>
        response
          .writeHead(200, { "content-type": registry.contentType, "cache-control": "no-store" })
          .end(request.method === "HEAD" ? undefined : text),
      (error) => {
        console.error("metrics: collecting failed", error);
        response.writeHead(500, { "content-type": "text/plain" }).end("metrics could not be collected\n");
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  const shown = host.includes(":") ? `[${host}]` : host === "0.0.0.0" ? "127.0.0.1" : host;
  return {
    url: `http://${shown}:${bound}/metrics`,
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
