import type { APIApplicationCommand } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { serializeApplicationCommand } from "../../serializers";
import { channelIsNsfw, commandShownTo, maySendCommands, takesCommands } from "../interactions/command-use";
import { channelAccess } from "../shared/access";
import type { CommandRow } from "./command-store";

/**
 * One application's commands a person may use in a channel. Commands alone are wire shapes;
 * the application's picture is its hash, turned into an address by whoever shows it.
 */
export interface AvailableApplicationCommands {
  application: { id: bigint; name: string; iconHash: string | null; botUserId: bigint };
  commands: APIApplicationCommand[];
}

/**
 * The commands `userId` may use in `channelId`, grouped by application (applications by name,
 * commands by type then name): those of bots that are members of the channel's guild, global
 * ones and the guild's own, a guild command hiding the global command of the same application
 * with the same type and name; none without Send Messages (in Threads) there; each shown by
 * the rule `useCommand` checks (`commandShownTo`: default_member_permissions, nsfw). A channel
 * the person cannot see is Unknown Channel; a DM or a category has no commands.
 */
export async function availableCommands(
  ctx: DomainContext,
  userId: bigint,
  channelId: bigint,
): Promise<AvailableApplicationCommands[]> {
  const access = await channelAccess(ctx, channelId, userId);
  const { channel } = access;
  if (channel.guildId === null || !takesCommands(access) || !maySendCommands(access)) return [];
  const nsfwChannel = await channelIsNsfw(ctx, channel);

  const guildId = channel.guildId;
  const applications = await ctx.db.application.findMany({
    where: { botUser: { memberships: { some: { guildId } } } },
    select: {
      id: true,
      name: true,
      iconHash: true,
      botUserId: true,
      commands: { where: { OR: [{ guildId: null }, { guildId }] }, orderBy: { id: "asc" } },
    },
  });

  const groups: AvailableApplicationCommands[] = [];
  for (const { commands, ...application } of applications) {
    const usable = withoutHiddenGlobals(commands).filter((command) =>
      commandShownTo(command, nsfwChannel, access.permissions),
    );
    if (usable.length === 0) continue;
    usable.sort((a, b) => a.type - b.type || a.name.localeCompare(b.name));
    groups.push({ application, commands: usable.map(serializeApplicationCommand) });
  }
  return groups.sort(
    (a, b) => a.application.name.localeCompare(b.application.name) || (a.application.id < b.application.id ? -1 : 1),
  );
}

/** One application's commands in a guild: a guild command hides the global one of the same type and name. */
function withoutHiddenGlobals(commands: CommandRow[]): CommandRow[] {
  const guildKeys = new Set(commands.filter((c) => c.guildId !== null).map((c) => `${c.type}:${c.name}`));
  return commands.filter((c) => c.guildId !== null || !guildKeys.has(`${c.type}:${c.name}`));
}
