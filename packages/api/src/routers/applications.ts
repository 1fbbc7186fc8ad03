import { z } from "zod";
import { zSnowflake } from "../inputs";
import { protectedProcedure, router } from "../trpc";
import { applicationView } from "../views";

/** The developer portal: the person's own applications and their bots. */
export const applicationsRouter = router({
  list: protectedProcedure.query(async ({ ctx }) => {
    const apps = await ctx.domain.applications.listForOwner(ctx.me.id);
    return apps.map(applicationView);
  }),

  /** The bot token and client secret are in this answer only; they are stored hashed. */
  create: protectedProcedure.input(z.object({ name: z.string().max(100) })).mutation(async ({ ctx, input }) => {
    const created = await ctx.domain.applications.create(ctx.me.id, input.name);
    return {
      application: applicationView({ ...created.application, botUser: created.botUser }),
      botToken: created.botToken,
      clientSecret: created.clientSecret,
    };
  }),

  get: protectedProcedure.input(z.object({ applicationId: zSnowflake })).query(async ({ ctx, input }) => {
    const app = await ctx.domain.applications.getForOwner(ctx.me.id, input.applicationId);
    return { ...applicationView(app), authorizeUrl: `${ctx.domain.ctx.urls.appUrl}/oauth2/authorize` };
  }),

  /** A new bot token, shown once; the old one stops working at once. */
  resetBotToken: protectedProcedure.input(z.object({ applicationId: zSnowflake })).mutation(async ({ ctx, input }) => {
    return { botToken: await ctx.domain.applications.resetBotToken(ctx.me.id, input.applicationId) };
  }),
});
