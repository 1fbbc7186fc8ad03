import { Errors, mayAddBot, parsePermissionBits } from "@chat/domain";
import { z } from "zod";
import { zPermissionBits, zSnowflake } from "../inputs";
import { protectedProcedure, publicProcedure, router } from "../trpc";
import { userRowView } from "../views";

/** The authorise link's query as the page received it (repeated keys as arrays). */
const zAuthorizeQuery = z.record(
  z.string().max(64),
  z.union([z.string().max(4096), z.array(z.string().max(4096)).max(10)]),
);

export type LoginRequestView =
  | { outcome: "show"; title: string; message: string }
  | { outcome: "redirect"; url: string }
  | {
      outcome: "ask";
      application: { id: string; name: string; iconUrl: string | null };
      destination: { origin: string; host: string };
      scopes: string[];
      cancelUrl: string;
      /** prompt=none and the signed-in person already authorised: no page, straight back. */
      skipConsent: boolean;
    };

/** The consent page of /oauth2/authorize: scope `bot` adds a bot to a guild, scope `identify` logs a person in to a website. */
export const oauth2Router = router({
  /**
   * What the consent page shows about the application asking (login required). `addable` is
   * false when its "Public bot" setting is off and the person is not its owner: the page says so.
   */
  application: protectedProcedure.input(z.object({ clientId: zSnowflake })).query(async ({ ctx, input }) => {
    const app = await ctx.domain.applications.getPublic(input.clientId);
    return {
      id: app.id.toString(),
      name: app.name,
      description: app.description,
      bot: userRowView(app.botUser),
      addable: mayAddBot(app, ctx.me.id),
    };
  }),

  /** Adds the application's bot to a guild where the person has Manage Guild. */
  authorizeBot: protectedProcedure
    .input(z.object({ clientId: zSnowflake, guildId: zSnowflake, permissions: zPermissionBits }))
    .mutation(async ({ ctx, input }) => {
      const permissions = parsePermissionBits(input.permissions);
      if (permissions === null)
        throw Errors.invalidForm({
          permissions: { _errors: [{ code: "BASE_TYPE_INVALID", message: "Not a permission bit field." }] },
        });
      const member = await ctx.domain.members.addBot(ctx.me.id, input.guildId, input.clientId, permissions);
      return { guildId: input.guildId.toString(), botUserId: member.userId.toString() };
    }),

  /**
   * Checks a login (scope identify) authorise link before anyone signs in: an unknown client
   * or redirect is shown, a mistake goes back to the website, a valid link is asked about.
   */
  loginRequest: publicProcedure
    .input(z.object({ query: zAuthorizeQuery }))
    .query(async ({ ctx, input }): Promise<LoginRequestView> => {
      const check = await ctx.domain.oauth2.checkAuthorize(input.query);
      if (check.outcome !== "ask") return check;
      const signedIn =
        ctx.session !== null ? await ctx.domain.webSessions.live(ctx.session.sessionId, ctx.session.userId) : null;
      const skipConsent =
        check.request.prompt === "none" &&
        signedIn !== null &&
        (await ctx.domain.oauth2.hasGrant(signedIn.userId, check.request.applicationId, check.request.scopes));
      return {
        outcome: "ask",
        application: { ...check.application, id: check.application.id.toString() },
        destination: check.destination,
        scopes: check.request.scopes,
        cancelUrl: check.cancelUrl,
        skipConsent,
      };
    }),

  /** The person pressed Authorise: a code for the website; answers where the browser goes. */
  approveLogin: protectedProcedure.input(z.object({ query: zAuthorizeQuery })).mutation(async ({ ctx, input }) => {
    return { url: await ctx.domain.oauth2.approve(ctx.me.id, input.query) };
  }),
});
