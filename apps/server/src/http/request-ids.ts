import { withRequestId } from "@chat/events";
import type { FastifyInstance } from "fastify";

/**
 * Every answer names its request (X-Request-Id), and the handler runs as part of it: the
 * events the domain publishes for it carry the id, so the gateway's log of their dispatch
 * names the request that caused them. Bound before the handler, after the body is read
 * (a body read from the socket would lose it).
 */
export function installRequestIds(app: FastifyInstance): void {
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    done();
  });
  app.addHook("preHandler", (request, _reply, done) => withRequestId(request.id, done));
}
