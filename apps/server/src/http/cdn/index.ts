import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context";
import { registerAttachmentRoutes } from "./attachments";
import { registerPictureRoutes } from "./pictures";

export const CDN_PREFIX = "/cdn";

/** The picture root (`{cdn_url}`): pictures (no token) and uploaded files (signed, expiring URLs). */
export async function registerCdnRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await app.register(
    async (cdn) => {
      registerPictureRoutes(cdn, ctx);
      registerAttachmentRoutes(cdn, ctx);
    },
    { prefix: CDN_PREFIX },
  );
}
