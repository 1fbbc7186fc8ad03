import { randomUUID } from "node:crypto";
import multipart from "@fastify/multipart";
import { assertStorableText } from "@chat/domain";
import { acceptableRequestId } from "@chat/events";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from "fastify";
import secureJson from "secure-json-parse";
import type { ServerContext } from "../context";
import { installRequestMetrics } from "../metrics/http-metrics";
import { registerCdnRoutes } from "./cdn";
import { clientErrors, frameworkErrors, installErrorHandling } from "./errors";
import { registerHealthRoutes } from "./health";
import { registerInternalRoutes } from "./internal";
import { installRequestIds } from "./request-ids";
import { JSON_BODY_LIMIT, MULTIPART_OPTIONS } from "./multipart";
import { registerRoutes } from "./routes";
import { registerVoiceWebhook } from "./voice-webhook";
import { installExactJsonContentType, rewriteUrl } from "./wire-format";

export { JSON_BODY_LIMIT };

/** One entry of the route table: a method and the path as registered (`/api/v10/channels/:channel`). */
export interface RouteEntry {
  method: string;
  url: string;
}

const HEALTH_PATHS = new Set(["/healthz", "/readyz"]);

const routeTables = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Every route `app` registered, as tooling that must cover each route sees it (the fuzz campaign). */
export function routeTableOf(app: FastifyInstance): readonly RouteEntry[] {
  return routeTables.get(app) ?? [];
}

/** The HTTP face of a node: the bot REST API under /api/v10, pictures and files under /cdn, the internal API for the web app, health checks (a gateway node: health checks alone). */
export async function buildHttpApp(ctx: ServerContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.logger as FastifyBaseLogger,
    // X-Request-Id from the web app or a proxy when it is plain, else a new one: logs and the
    // events the request causes carry it (installRequestIds).
    genReqId: (request) => acceptableRequestId(request.headers["x-request-id"]) ?? randomUUID(),
    // Health checks are polled every second or so: their lines would drown the rest.
    logController: new LogController({
      requestIdLogLabel: "requestId",
      disableRequestLogging: (request) => HEALTH_PATHS.has(request.url),
    }),
    bodyLimit: 26 * 1024 * 1024,
    // X-Forwarded-For only from the proxies TRUST_PROXY names: anyone else could pick their address.
    trustProxy: ctx.trustProxy,
    rewriteUrl,
    frameworkErrors,
    clientErrorHandler: clientErrors,
  });
  const routes: RouteEntry[] = [];
  routeTables.set(app, routes);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  installRequestIds(app);
  // While the node drains, each answer closes its connection: a keep-alive client (LiveKit's
  // webhooks, a load balancer) opens its next one elsewhere, and none holds the node's close
  // open (Node closes only the connections idle when it begins; LiveKit's stayed ~20 s).
  app.addHook("onSend", async (_request, reply, payload) => {
    if (ctx.lifecycle.draining) reply.header("connection", "close");
    return payload;
  });
  installRequestMetrics(app, ctx.metrics);
  installErrorHandling(app);
  installExactJsonContentType(app);
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: JSON_BODY_LIMIT },
    (_request, body, done) => {
      const text = String(body);
      if (text.trim() === "") return done(null, undefined);
      try {
        // Refuses __proto__ / constructor.prototype keys (prototype poisoning), like Fastify's own parser.
        done(null, secureJson.parse(text, undefined, { protoAction: "error", constructorAction: "error" }));
      } catch {
        const error = new Error("invalid json") as Error & { code: string };
        error.code = "FST_ERR_CTP_INVALID_JSON_BODY";
        done(error, undefined);
      }
    },
  );
  // multipart/form-data (message files): parsed by the route itself, after auth and limits (http/multipart.ts).
  await app.register(multipart, MULTIPART_OPTIONS);
  // Path parameters and the query are text the routes may look up: PostgreSQL cannot hold NUL
  // in it (bodies are checked by the domain's form parsing, http/multipart.ts for file names).
  app.addHook("preValidation", async (request) => {
    assertStorableText(request.params);
    assertStorableText(request.query);
  });
  // A gateway node answers its health checks and nothing else over HTTP (its sockets upgrade at /gateway).
  if (ctx.role !== "gateway") {
    await registerRoutes(app, ctx);
    await registerCdnRoutes(app, ctx);
    await registerVoiceWebhook(app, ctx);
    registerInternalRoutes(app, ctx);
  }
  registerHealthRoutes(app, ctx);
  return app;
}
