import { applicationIconUrl } from "@chat/domain";
import { z } from "zod";
import { zSnowflake } from "../inputs";
import { protectedProcedure, router } from "../trpc";
import { applicationView } from "./application-view";

const zApp = z.object({ applicationId: zSnowflake });

/** The developer portal: the person's own applications, their bots and their login settings. */
export const applicationsRouter = router({
  list: protectedProcedure.query(async ({ ctx }) => {
    const apps = await ctx.domain.applications.listForOwner(ctx.me.id);
    return apps.map((app) => applicationView(app, ctx.domain.ctx.urls));
  }),

  /** The bot token and client secret are in this answer only; they are stored hashed. */
  create: protectedProcedure.input(z.object({ name: z.string().max(100) })).mutation(async ({ ctx, input }) => {
    const created = await ctx.domain.applications.create(ctx.me.id, input.name);
    return {
      application: applicationView({ ...created.application, botUser: created.botUser }, ctx.domain.ctx.urls),
      botToken: created.botToken,
      clientSecret: created.clientSecret,
    };
  }),

  get: protectedProcedure.input(zApp).query(async ({ ctx, input }) => {
    const app = await ctx.domain.applications.getForOwner(ctx.me.id, input.applicationId);
    const urls = ctx.domain.ctx.urls;
    return {
      ...applicationView(app, urls),
      clientId: app.id.toString(),
      botPublic: app.botPublic,
      redirectUris: app.redirectUris,
      authorizeUrl: `${urls.appUrl}/oauth2/authorize`,
      tokenUrl: `${urls.apiUrl}/oauth2/token`,
      identityUrl: `${urls.apiUrl}/users/@me`,
    };
  }),

  /** A new bot token, shown once; the old one stops working at once and its gateway sessions close. */
  resetBotToken: protectedProcedure.input(zApp).mutation(async ({ ctx, input }) => {
    return { botToken: await ctx.domain.applications.resetBotToken(ctx.me.id, input.applicationId) };
  }),

  /** The "Public bot" switch: off, only the owner can add the bot to guilds. */
  setBotPublic: protectedProcedure.input(zApp.extend({ botPublic: z.boolean() })).mutation(async ({ ctx, input }) => {
    return {
      botPublic: await ctx.domain.applicationSettings.setBotPublic(ctx.me.id, input.applicationId, input.botPublic),
    };
  }),

  /** A new client secret, shown once; websites' existing logins keep working. */
  resetClientSecret: protectedProcedure.input(zApp).mutation(async ({ ctx, input }) => {
    return { clientSecret: await ctx.domain.applicationSettings.resetClientSecret(ctx.me.id, input.applicationId) };
  }),

  addRedirectUri: protectedProcedure
    .input(zApp.extend({ uri: z.string().max(4096) }))
    .mutation(async ({ ctx, input }) => {
      return {
        redirectUris: await ctx.domain.applicationSettings.addRedirectUri(ctx.me.id, input.applicationId, input.uri),
      };
    }),

  removeRedirectUri: protectedProcedure
    .input(zApp.extend({ uri: z.string().max(4096) }))
    .mutation(async ({ ctx, input }) => {
      return {
        redirectUris: await ctx.domain.applicationSettings.removeRedirectUri(ctx.me.id, input.applicationId, input.uri),
      };
    }),

  rename: protectedProcedure.input(zApp.extend({ name: z.string().max(100) })).mutation(async ({ ctx, input }) => {
    const app = await ctx.domain.applicationSettings.rename(ctx.me.id, input.applicationId, input.name);
    return { name: app.name };
  }),

  /** The picture as image data (`data:image/png;base64,...`), or null to remove it. */
  setIcon: protectedProcedure
    .input(zApp.extend({ image: z.string().max(2_000_000).nullable() }))
    .mutation(async ({ ctx, input }) => {
      const hash = await ctx.domain.applicationSettings.setIcon(ctx.me.id, input.applicationId, input.image);
      return { iconUrl: applicationIconUrl(ctx.domain.ctx.urls, input.applicationId, hash) };
    }),

  /** Deletes the application: login tokens revoked, bot out of every guild, its sessions closed. */
  delete: protectedProcedure.input(zApp).mutation(async ({ ctx, input }) => {
    await ctx.domain.applicationSettings.delete(ctx.me.id, input.applicationId);
    return { deleted: true };
  }),
});
