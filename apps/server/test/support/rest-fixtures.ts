import { Permission } from "@chat/domain";
import { expect } from "vitest";
import type { TestServer } from "./harness";

export type World = Awaited<ReturnType<TestServer["seed"]["world"]>>;

/**
 * A bot's REST client in the raw: every call answers the fetch Response. A body, when given,
 * is sent as JSON; without one the request has no body and no content-type.
 */
export function botClient(t: TestServer, token: string) {
  const headers = { authorization: `Bot ${token}` };
  const request = (method: string, path: string, body?: unknown) =>
    fetch(`${t.base}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    /** The bot's authorization header, for requests built by hand (multipart, other headers). */
    headers,
    request,
    get: (path: string) => request("GET", path),
    post: (path: string, body?: unknown) => request("POST", path, body),
    put: (path: string, body?: unknown) => request("PUT", path, body),
    patch: (path: string, body?: unknown) => request("PATCH", path, body),
    delete: (path: string, body?: unknown) => request("DELETE", path, body),
    /** POST with a body sent exactly as given (for malformed JSON). */
    postRaw: (path: string, body: string, contentType = "application/json") =>
      fetch(`${t.base}${path}`, { method: "POST", headers: { ...headers, "content-type": contentType }, body }),
  };
}
export type BotClient = ReturnType<typeof botClient>;

/** A REST error body: its code and message, and (only for 50035) `errors`, the fields found invalid. */
export type ErrorBody = { code: number; message: string; errors: Record<string, unknown> } & Record<string, unknown>;

/** Checks a refusal: the HTTP status and a `{ code, message }` body. Answers the body. */
export async function expectError(res: Response, status: number, code: number): Promise<ErrorBody> {
  expect(res.status).toBe(status);
  const body = (await res.json()) as ErrorBody;
  expect(body).toMatchObject({ code, message: expect.any(String) });
  return body;
}

/** Checks a 429 from a per-bot route limit: a retry-after, the user scope and the rate-limit body. */
export async function expectRateLimited(res: Response) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(res.headers.get("x-ratelimit-scope")).toBe("user");
  expect(await res.json()).toEqual({
    message: expect.any(String),
    retry_after: expect.any(Number),
    global: false,
    code: 0,
  });
}

/**
 * Storage-level set-up that no REST route offers yet (extra channels, overwrites): written
 * straight through Prisma, the way the web app's fixtures seed. Written behind the services'
 * back, so no event tells the server what changed: an overwrite also makes it forget the
 * access it kept (as the event of a real change would).
 */
export function fixtures(t: TestServer) {
  const db = t.server.ctx.database.prisma;
  return {
    channel(guildId: bigint, data: { name: string; type?: 0 | 2 | 4; parentId?: bigint; position?: number }) {
      return db.channel.create({
        data: {
          guildId,
          type: data.type ?? 0,
          name: data.name,
          parentId: data.parentId ?? null,
          position: data.position ?? 10,
        },
      });
    },
    /** Sets the overwrite on `channelId` for a role (the guild id is @everyone) or a member. */
    async overwrite(channelId: bigint, targetId: bigint, bits: { allow?: bigint; deny?: bigint }, type: 0 | 1 = 0) {
      const data = { type, allow: bits.allow ?? 0n, deny: bits.deny ?? 0n };
      const written = await db.permissionOverwrite.upsert({
        where: { channelId_targetId: { channelId, targetId } },
        create: { channelId, targetId, ...data },
        update: data,
      });
      t.server.ctx.domain.ctx.caches?.forgetAccess();
      return written;
    },
    /** Hides a channel from everyone without a role or member overwrite allowing it. */
    hideFromEveryone(channelId: bigint, guildId: bigint) {
      return this.overwrite(channelId, guildId, { deny: Permission.ViewChannel });
    },
    /** A message written by a person, through the same domain service the web app uses. */
    personMessage(channelId: bigint, authorId: bigint, content: string) {
      return t.server.ctx.domain.messages.create(channelId, authorId, { content });
    },
  };
}
