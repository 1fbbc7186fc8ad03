import type { FastifyInstance } from "fastify";
import type { IncomingMessage } from "node:http";

/**
 * The router (find-my-way) matches on a path in which the characters `decodeURI` leaves
 * alone are still percent-encoded, so `/users/%40me` (how @discordjs/rest spells `@me`)
 * would miss the static `/users/@me` route and reach `/users/:user`. The reference platform
 * decodes path segments before reading them. These characters are decoded here, before
 * routing; `%2F`, `%3F`, `%23` and `%25` stay encoded, since decoding them would change
 * where the path's segments, query or fragment begin (the router decodes them in params).
 */
const SEGMENT_SAFE_ESCAPES = /%(2[46BC]|3[ABD]|40)/gi;

export function decodePathSegments(url: string): string {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!path.includes("%")) return url;
  const decoded = path.replace(SEGMENT_SAFE_ESCAPES, (escaped) =>
    String.fromCharCode(Number.parseInt(escaped.slice(1), 16)),
  );
  return queryAt === -1 ? decoded : decoded + url.slice(queryAt);
}

/** Fastify's `rewriteUrl` option: runs before routing. */
export function rewriteUrl(request: IncomingMessage): string {
  return decodePathSegments(request.url ?? "/");
}

/**
 * Every JSON answer says exactly `application/json`, as the reference platform does:
 * Oceanic.js parses a body as JSON only when the header equals that string, and Fastify's
 * default adds `; charset=utf-8`. Bodies without a type of their own are JSON too.
 */
export function installExactJsonContentType(app: FastifyInstance): void {
  app.addHook("onSend", async (_request, reply, payload) => {
    if (payload === undefined || payload === null) return payload;
    const type = reply.getHeader("content-type");
    if (type === undefined || (typeof type === "string" && type.startsWith("application/json")))
      reply.header("content-type", "application/json");
    return payload;
  });
}
