import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context";
import { createRateLimits } from "../../rate-limit";
import { installBotAuthentication } from "../auth";
import { registerApplicationRoutes } from "./applications/applications";
import { registerBanRoutes } from "./guilds/bans";
import { registerChannelRoutes } from "./channels/channels";
import { registerCommandRoutes } from "./applications/commands";
import { registerDirectMessageRoutes } from "./channels/direct-messages";
import { registerEmojiRoutes } from "./guilds/emojis";
import { registerGatewayInfoRoutes } from "./gateway";
import { registerGuildRoutes } from "./guilds/guilds";
import { registerInteractionRoutes } from "./applications/interactions";
import { registerInviteRoutes } from "./guilds/invites";
import { registerMemberRoutes } from "./guilds/members";
import { registerMessageRoutes } from "./channels/messages";
import { registerOAuth2Routes } from "./applications/oauth2";
import { registerPinRoutes } from "./channels/pins";
import { registerReactionRoutes } from "./channels/reactions";
import { registerRoleRoutes } from "./guilds/roles";
import { registerScheduledEventRoutes } from "./guilds/scheduled-events";
import { registerThreadRoutes } from "./channels/threads";
import { registerUserRoutes } from "./users";
import { registerVoiceRoutes } from "./voice";

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
      registerVoiceRoutes(api, ctx);
      await registerOAuth2Routes(api, ctx);
    },
    { prefix: API_PREFIX },
  );
}
