import { applicationIconUrl } from "@chat/domain";
import { z } from "zod";
import { zSnowflake } from "../inputs";
import { protectedProcedure, router } from "../trpc";
import { type CommandGroupView, commandView } from "../views";

export const commandsRouter = router({
  /**
   * The commands the person may use in a guild channel (slash commands for the picker, user and
   * message commands for the Apps menus), grouped by application with its name and picture.
   * A channel they cannot see is NOT_FOUND; a DM has none.
   */
  forChannel: protectedProcedure
    .input(z.object({ channelId: zSnowflake }))
    .query(async ({ ctx, input }): Promise<CommandGroupView[]> => {
      const groups = await ctx.domain.commands.availableTo(ctx.me.id, input.channelId);
      return groups.map(({ application, commands }) => ({
        application: {
          id: application.id.toString(),
          name: application.name,
          iconUrl: applicationIconUrl(ctx.domain.ctx.urls, application.id, application.iconHash),
          botId: application.botUserId.toString(),
        },
        commands: commands.map(commandView),
      }));
    }),
});
