import type { FastifyInstance } from "fastify";
import type { ServerMetrics } from "./server-metrics";

/** Requests no route matched (a 404 of the router) are one series, whatever their URL. */
const UNMATCHED = "unmatched";

/** Every answered request is counted by its route's pattern, never its URL (ids would make a series each). */
export function installRequestMetrics(app: FastifyInstance, metrics: ServerMetrics): void {
  app.addHook("onResponse", (request, reply, done) => {
    metrics.request(request.method, request.routeOptions.url ?? UNMATCHED, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
