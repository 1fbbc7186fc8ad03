import { Permission } from "@chat/domain";
import type { TestServer } from "./harness";

export type World = Awaited<ReturnType<TestServer["seed"]["world"]>>;

/** A bot's REST client in the raw: every call answers the fetch Response. */
export function botClient(t: TestServer, token: string) {
  const headers = { authorization: `Bot ${token}` };
  return {
    get: (path: string) => fetch(`${t.base}${path}`, { headers }),
    post: (path: string, body: unknown) =>
      fetch(`${t.base}${path}`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) }),
    /** POST with a body sent exactly as given (for malformed JSON). */
    postRaw: (path: string, body: string, contentType = "application/json") =>
      fetch(`${t.base}${path}`, { method: "POST", headers: { ...headers, "content-type": contentType }, body }),
  };
}

/**
 * Storage-level set-up that no REST route offers yet (extra channels, overwrites): written
 * straight through Prisma, the way the web app's fixtures seed.
 */
export function fixtures(t: TestServer) {
  const db = t.server.ctx.database.prisma;
  return {
    channel(guildId: bigint, data: { name: string; type?: 0 | 2 | 4; parentId?: bigint; position?: number }) {
      return db.channel.create({ data: { guildId, type: data.type ?? 0, name: data.name, parentId: data.parentId ?? null, position: data.position ?? 10 } });
    },
    /** An overwrite on `channelId` for a role (the guild id is @everyone) or a member. */
    overwrite(channelId: bigint, targetId: bigint, bits: { allow?: bigint; deny?: bigint }, type: 0 | 1 = 0) {
      return db.permissionOverwrite.create({ data: { channelId, targetId, type, allow: bits.allow ?? 0n, deny: bits.deny ?? 0n } });
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
