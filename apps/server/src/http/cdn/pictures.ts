import { Errors, PICTURE_KINDS, type PictureKind, parseId } from "@chat/domain";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ServerContext } from "../../context";

/** `<hash>.<ext>`: any of the formats the reference platform serves; the stored picture is sent whatever is asked. */
const HASH_FILE = /^([0-9a-f]{32})\.(png|jpg|jpeg|webp|gif)$/;
const ID_FILE = /^([0-9]+)\.(png|jpg|jpeg|webp|gif)$/;

/** Stored pictures never change under their address. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Pictures under `{cdn_url}` (spec: Pictures), no token. The hash-based addresses
 * (`?size=` and the extension are accepted and ignored) redirect to the stored picture:
 * `/pictures/{kind}/{owner}/{hash}` or, for custom emoji, `/emoji-images/{emoji}`. Anything
 * unknown is 404 code 0.
 */
export function registerPictureRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const pictures = ctx.domain.cdnPictures;

  const hashRoute = (path: string, owner: string, kind: PictureKind) => {
    app.get<{ Params: Record<string, string> }>(path, async (request, reply) => {
      const ownerId = parseId(request.params[owner]);
      const hash = HASH_FILE.exec(request.params.file ?? "")?.[1];
      if (ownerId === null || !hash || !(await pictures.isCurrent(kind, ownerId, hash))) throw Errors.notFound();
      return reply.redirect(`${ctx.urls.cdnUrl}/pictures/${kind}/${ownerId}/${hash}`, 302);
    });
  };

  hashRoute("/avatars/:user/:file", "user", "avatar");
  hashRoute("/icons/:guild/:file", "guild", "guild-icon");
  hashRoute("/guild-events/:event/:file", "event", "event-cover");
  hashRoute("/app-icons/:application/:file", "application", "app-icon");

  app.get<{ Params: { file: string } }>("/emojis/:file", async (request, reply) => {
    const emojiId = parseId(ID_FILE.exec(request.params.file)?.[1]);
    if (emojiId === null || !(await pictures.emojiExists(emojiId))) throw Errors.notFound();
    return reply.redirect(`${ctx.urls.cdnUrl}/emoji-images/${emojiId}`, 302);
  });

  const send = (reply: FastifyReply, picture: { contentType: string; data: Uint8Array } | null) => {
    if (!picture) throw Errors.notFound();
    return reply
      .header("content-type", picture.contentType)
      .header("cache-control", IMMUTABLE)
      .send(Buffer.from(picture.data));
  };

  app.get<{ Params: { kind: string; owner: string; hash: string } }>(
    "/pictures/:kind/:owner/:hash",
    async (request, reply) => {
      const ownerId = parseId(request.params.owner);
      const kind = PICTURE_KINDS.find((k): k is PictureKind => k === request.params.kind);
      return send(reply, ownerId === null || !kind ? null : await pictures.picture(kind, ownerId, request.params.hash));
    },
  );

  app.get<{ Params: { emoji: string } }>("/emoji-images/:emoji", async (request, reply) => {
    const emojiId = parseId(request.params.emoji);
    return send(reply, emojiId === null ? null : await pictures.emojiImage(emojiId));
  });
}
