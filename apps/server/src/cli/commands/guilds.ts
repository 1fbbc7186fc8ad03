import { type Domain, Permission, parsePermissionBits } from "@chat/domain";
import { type ParsedCommand, required, UsageError } from "../args";
import { guildOwner, idOption, limitOption, type Output, userByName } from "./lookups";

type Options = ParsedCommand["options"];

/** Guilds whose name contains `--query` (any case), oldest first, with their owner and member count. */
async function listGuilds(domain: Domain, options: Options): Promise<Output> {
  const { total, guilds } = await domain.guildDirectory.search(options.query?.trim(), limitOption(options, 50, 1000));
  return {
    total,
    guilds: guilds.map((g) => ({
      id: g.id.toString(),
      name: g.name,
      owner_id: g.ownerId.toString(),
      owner_username: g.owner.username,
      member_count: g._count.members,
      created_at: g.createdAt.toISOString(),
    })),
  };
}

export const guildCommands = {
  "guild create": async (domain: Domain, options: Options): Promise<Output> => {
    const owner = await userByName(domain, required(options, "owner"));
    const guild = await domain.guilds.create(owner.id, required(options, "name"));
    return {
      id: guild.id.toString(),
      channels: guild.channels.map((c) => ({ id: c.id.toString(), name: c.name, type: c.type })),
    };
  },

  "guild list": listGuilds,

  /** Deletes the guild with everything in it, as its owner would: members' sessions get GUILD_DELETE. */
  "guild delete": async (domain: Domain, options: Options): Promise<Output> => {
    const guildId = idOption(options, "guild");
    await domain.guildSettings.remove(await guildOwner(domain, guildId), guildId);
    return { id: guildId.toString(), deleted: true };
  },

  "guild add-bot": async (domain: Domain, options: Options): Promise<Output> => {
    const guildId = idOption(options, "guild");
    const applicationId = idOption(options, "application");
    const raw = options.permissions;
    const permissions =
      raw === undefined
        ? Permission.ViewChannel | Permission.SendMessages | Permission.ReadMessageHistory
        : parsePermissionBits(raw);
    if (permissions === null) throw new UsageError("--permissions must be a decimal permission bit field");
    const member = await domain.members.addBot(await guildOwner(domain, guildId), guildId, applicationId, permissions);
    return { guild_id: guildId.toString(), user_id: member.userId.toString() };
  },

  "guild add-member": async (domain: Domain, options: Options): Promise<Output> => {
    const guildId = idOption(options, "guild");
    await guildOwner(domain, guildId);
    const user = await userByName(domain, required(options, "username"));
    const member = await domain.members.addPerson(guildId, user.id);
    return { guild_id: guildId.toString(), user_id: member.userId.toString() };
  },
};
