import { Errors, parsePermissionBits } from "@chat/domain";
import { z } from "zod";
import { zPermissionBits, zSnowflake } from "../inputs";
import { protectedProcedure, router } from "../trpc";
import { userRowView } from "../views";

/** The consent page of /oauth2/authorize. Scope `bot` today; `identify` joins later. */
export const oauth2Router = router({
  /** What the consent page shows about the application asking (login required). */
  application: protectedProcedure.input(z.object({ clientId: zSnowflake })).query(async ({ ctx, input }) => {
    const app = await ctx.domain.applications.getPublic(input.clientId);
    if (!app.botPublic && app.ownerId !== ctx.me.id) throw Errors.unknownApplication();
    return { id: app.id.toString(), name: app.name, description: app.description, bot: userRowView(app.botUser) };
  }),

  /** Adds the application's bot to a guild where the person has Manage Guild. */
  authorizeBot: protectedProcedure
    .input(z.object({ clientId: zSnowflake, guildId: zSnowflake, permissions: zPermissionBits }))
    .mutation(async ({ ctx, input }) => {
      const permissions = parsePermissionBits(input.permissions);
      if (permissions === null) throw Errors.invalidForm({ permissions: { _errors: [{ code: "BASE_TYPE_INVALID", message: "Not a permission bit field." }] } });
      const member = await ctx.domain.members.addBot(ctx.me.id, input.guildId, input.clientId, permissions);
      return { guildId: input.guildId.toString(), botUserId: member.userId.toString() };
    }),
});
