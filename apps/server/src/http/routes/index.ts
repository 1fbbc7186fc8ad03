import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context";
import { registerGatewayInfoRoutes } from "./gateway";
import { registerUserRoutes } from "./users";

/** Every REST route of the bot API, under /api/v10. */
export async function registerRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await app.register(
    async (api) => {
      registerGatewayInfoRoutes(api, ctx);
      registerUserRoutes(api, ctx);
    },
    { prefix: "/api/v10" },
  );
}
