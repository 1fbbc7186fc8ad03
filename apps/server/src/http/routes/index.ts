import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context";
import { createRateLimits } from "../../rate-limit";
import { installBotAuthentication } from "../auth";
import { registerApplicationRoutes } from "./applications";
import { registerBanRoutes } from "./bans";
import { registerChannelRoutes } from "./channels";
import { registerCommandRoutes } from "./commands";
import { registerDirectMessageRoutes } from "./direct-messages";
import { registerEmojiRoutes } from "./emojis";
import { registerGatewayInfoRoutes } from "./gateway";
import { registerGuildRoutes } from "./guilds";
import { registerInteractionRoutes } from "./interactions";
import { registerInviteRoutes } from "./invites";
import { registerMemberRoutes } from "./members";
import { registerMessageRoutes } from "./messages";
import { registerOAuth2Routes } from "./oauth2";
import { registerPinRoutes } from "./pins";
import { registerReactionRoutes } from "./reactions";
import { registerRoleRoutes } from "./roles";
import { registerScheduledEventRoutes } from "./scheduled-events";
import { registerThreadRoutes } from "./threads";
import { registerUserRoutes } from "./users";

export const API_PREFIX = "/api/v10";

/**
 * Every REST route of the bot API, under /api/v10. A request passes the bot's global limit,
 * authentication (unless its route says `auth: "none"`) and its route's limit before its
 * body is parsed and it is handled. Unknown routes answer 404 before any of these.
 */
export async function registerRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await app.register(
    async (api) => {
      const limits = createRateLimits(ctx, API_PREFIX);
      api.addHook("onRequest", limits.checkGlobal);
      installBotAuthentication(api, ctx);
      api.addHook("onRequest", limits.checkRoute);
      registerGatewayInfoRoutes(api, ctx);
      registerUserRoutes(api, ctx);
      registerApplicationRoutes(api, ctx);
      registerCommandRoutes(api, ctx);
      registerInteractionRoutes(api, ctx);
      registerGuildRoutes(api, ctx);
      registerChannelRoutes(api, ctx);
      registerMessageRoutes(api, ctx);
      registerReactionRoutes(api, ctx);
      registerPinRoutes(api, ctx);
      registerThreadRoutes(api, ctx);
      registerMemberRoutes(api, ctx);
      registerRoleRoutes(api, ctx);
      registerBanRoutes(api, ctx);
      registerInviteRoutes(api, ctx);
      registerEmojiRoutes(api, ctx);
      registerScheduledEventRoutes(api, ctx);
      registerDirectMessageRoutes(api, ctx);
      await registerOAuth2Routes(api, ctx);
    },
    { prefix: API_PREFIX },
  );
}
