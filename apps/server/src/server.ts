import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { WebSocketServer } from "ws";
import { type ContextOptions, createServerContext, type ServerContext } from "./context";
import { readServerEnv } from "./env";
import { createGateway, type Gateway, type GatewayOptions } from "./gateway";
import { startHousekeeping, startInteractionDeadlines } from "./housekeeping";
import { buildHttpApp } from "./http/app";
import { internalReachableFrom } from "./http/internal";
import { type MetricsListener, startMetricsListener } from "@chat/metrics";

export interface RunningServer<G extends Gateway | null = Gateway> {
  ctx: ServerContext;
  url: string;
  port: number;
  /** The gateway this node serves at `/gateway`; null on a REST node. */
  gateway: G;
  /** The HTTP app (REST, pictures); its route table is `routeTableOf(http)`. */
  http: FastifyInstance;
  /** Where Prometheus scrapes this node (METRICS_PORT); absent when metrics are not served. */
  metricsUrl?: string;
  /** Stops taking new work (readiness answers 503 from now on); `close()` then finishes and shuts down. */
  drain(): void;
  close(): Promise<void>;
}

export type ServerOptions = ContextOptions & {
  port?: number;
  host?: string;
  ctx?: ServerContext;
  gateway?: Partial<GatewayOptions>;
  housekeepingIntervalMs?: number;
  /** How often unanswered interactions past their 3 seconds are failed (default 250 ms; 0 = never). */
  interactionDeadlineIntervalMs?: number;
  /** Default: METRICS_PORT (0: a free one); undefined: metrics are counted but not served. */
  metricsPort?: number;
};

/**
 * One server node, all on one port. Role `all` (the default): REST, pictures, the gateway and
 * (without Redis) the event hub for the web app, the CLI and gateway nodes. Role `rest`: all of
 * that but the gateway. Role `gateway`: the gateway and health checks alone, so that no REST
 * work delays a heartbeat; without Redis it joins the database and the hub of a REST node.
 */
export async function startServer(options: ServerOptions & { role: "rest" }): Promise<RunningServer<null>>;
export async function startServer(options?: ServerOptions & { role?: "all" | "gateway" }): Promise<RunningServer>;
export async function startServer(options: ServerOptions): Promise<RunningServer<Gateway | null>>;
export async function startServer(options: ServerOptions = {}): Promise<RunningServer<Gateway | null>> {
  const env = readServerEnv();
  const ctx = options.ctx ?? (await createServerContext(options, env));
  const servesRest = ctx.role !== "gateway";
  const app = await buildHttpApp(ctx);
  const gateway = ctx.role === "rest" ? null : createGateway(ctx, options.gateway);
  const hubSockets = new WebSocketServer({ noServer: true });
  app.server.on("upgrade", (request, socket, head) => {
    const path = (request.url ?? "").split("?")[0];
    if (gateway && (path === "/gateway" || path === "/gateway/")) gateway.handleUpgrade(request, socket, head);
    else if (
      path === "/internal/bus" &&
      ctx.infrastructure.hub &&
      internalReachableFrom(ctx, request.socket.remoteAddress)
    ) {
      const hub = ctx.infrastructure.hub;
      hubSockets.handleUpgrade(request, socket, head, (ws) => hub.accept(ws, request));
    } else socket.destroy();
  });
  await app.listen({ port: options.port ?? env.port, host: options.host ?? env.host });
  const port = (app.server.address() as AddressInfo).port;
  const metricsPort = "metricsPort" in options ? options.metricsPort : env.metricsPort;
  let metrics: MetricsListener | undefined;
  if (metricsPort !== undefined) {
    ctx.metrics.includeProcessMetrics();
    metrics = await startMetricsListener(ctx.metrics.registry, metricsPort, options.host ?? env.metricsHost);
  }
  // The sweeps run where REST runs: a gateway node leaves them to the REST nodes.
  const housekeeping = startHousekeeping(ctx, servesRest ? (options.housekeepingIntervalMs ?? 30_000) : 0);
  const deadlines = startInteractionDeadlines(ctx, servesRest ? (options.interactionDeadlineIntervalMs ?? 250) : 0);
  return {
    ctx,
    url: `http://127.0.0.1:${port}`,
    port,
    gateway,
    http: app,
    metricsUrl: metrics?.url,
    drain() {
      ctx.lifecycle.draining = true;
    },
    async close() {
      ctx.lifecycle.draining = true;
      await housekeeping.stop();
      await deadlines.stop();
      await gateway?.close();
      for (const client of hubSockets.clients) client.terminate();
      await app.close();
      await metrics?.close();
      await ctx.presence.close();
      // The short-lived store, the rate-limit counters, then the bus.
      await ctx.infrastructure.close();
      await ctx.database.close();
    },
  };
}
