import { z } from "zod";
import { zSnowflake } from "../inputs";
import { protectedProcedure, router } from "../trpc";

export interface AuthorizedAppView {
  applicationId: string;
  name: string;
  iconUrl: string | null;
  scopes: string[];
  authorizedAt: string;
}

/** Settings, "Authorised apps": websites the person logged in to with their account. */
export const authorizedAppsRouter = router({
  list: protectedProcedure.query(async ({ ctx }): Promise<AuthorizedAppView[]> => {
    const apps = await ctx.domain.oauth2.authorizedApps(ctx.me.id);
    return apps.map((app) => ({
      ...app,
      applicationId: app.applicationId.toString(),
      authorizedAt: app.authorizedAt.toISOString(),
    }));
  }),

  /** Removes the application: its tokens stop working at once. */
  remove: protectedProcedure.input(z.object({ applicationId: zSnowflake })).mutation(async ({ ctx, input }) => {
    await ctx.domain.oauth2.removeAuthorizedApp(ctx.me.id, input.applicationId);
    return { removed: true };
  }),
});
