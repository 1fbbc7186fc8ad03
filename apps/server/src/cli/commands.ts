import { hashPassword } from "@chat/auth/password";
import { ApiError, applicationWithId, type Domain, Permission, parseId, parsePermissionBits } from "@chat/domain";
import { type ParsedCommand, required, UsageError } from "./args";

type Output = Record<string, unknown>;
type Command = (domain: Domain, options: ParsedCommand["options"]) => Promise<Output>;

function idOption(options: ParsedCommand["options"], name: string): bigint {
  const id = parseId(required(options, name));
  if (id === null) throw new UsageError(`--${name} must be a numeric id`);
  return id;
}

async function userByName(domain: Domain, username: string) {
  const user = await domain.users.findByUsername(username);
  if (!user) throw new UsageError(`unknown user: ${username}`);
  return user;
}

async function guildOwner(domain: Domain, guildId: bigint): Promise<bigint> {
  const guild = await domain.ctx.db.guild.findUnique({ where: { id: guildId }, select: { ownerId: true } });
  if (!guild) throw new UsageError(`unknown guild: ${guildId}`);
  return guild.ownerId;
}

/** The admin CLI's commands: each returns the one JSON object it prints. */
export const commands: Record<string, Command> = {
  "user create": async (domain, options) => {
    const password = required(options, "password");
    if (password.length < 8) throw new UsageError("--password must be at least 8 characters");
    const user = await domain.users.createPerson({ username: required(options, "username"), passwordHash: await hashPassword(password) });
    return { id: user.id.toString() };
  },

  "guild create": async (domain, options) => {
    const owner = await userByName(domain, required(options, "owner"));
    const guild = await domain.guilds.create(owner.id, required(options, "name"));
    return {
      id: guild.id.toString(),
      channels: guild.channels.map((c) => ({ id: c.id.toString(), name: c.name, type: c.type })),
    };
  },

  "app create": async (domain, options) => {
    const owner = await userByName(domain, required(options, "owner"));
    const created = await domain.applications.create(owner.id, required(options, "name"));
    return {
      application_id: created.application.id.toString(),
      bot_user_id: created.botUser.id.toString(),
      bot_token: created.botToken,
      client_id: created.application.id.toString(),
      client_secret: created.clientSecret,
    };
  },

  /** Registers a redirect address for the login flow, with the portal's validation. */
  "app redirect-add": async (domain, options) => {
    const applicationId = idOption(options, "application");
    const app = await domain.ctx.db.application.findFirst({ where: applicationWithId(applicationId), select: { ownerId: true } });
    if (!app) throw new UsageError(`unknown application: ${applicationId}`);
    const redirectUris = await domain.applicationSettings.addRedirectUri(app.ownerId, applicationId, required(options, "uri"));
    return { redirect_uris: redirectUris };
  },

  /** Suspends a person: no more sign-in, every web session ends (open tabs too), and every login token they gave to websites is revoked. */
  "user suspend": async (domain, options) => {
    const user = await userByName(domain, required(options, "username"));
    await domain.accounts.suspend(user.id);
    return { id: user.id.toString(), suspended: true };
  },

  "guild add-bot": async (domain, options) => {
    const guildId = idOption(options, "guild");
    const applicationId = idOption(options, "application");
    const raw = options.permissions;
    const permissions = raw === undefined ? Permission.ViewChannel | Permission.SendMessages | Permission.ReadMessageHistory : parsePermissionBits(raw);
    if (permissions === null) throw new UsageError("--permissions must be a decimal permission bit field");
    const member = await domain.members.addBot(await guildOwner(domain, guildId), guildId, applicationId, permissions);
    return { guild_id: guildId.toString(), user_id: member.userId.toString() };
  },

  "guild add-member": async (domain, options) => {
    const guildId = idOption(options, "guild");
    await guildOwner(domain, guildId);
    const user = await userByName(domain, required(options, "username"));
    const member = await domain.members.addPerson(guildId, user.id);
    return { guild_id: guildId.toString(), user_id: member.userId.toString() };
  },
};

/** One line for stderr. */
export function describeError(error: unknown): string {
  if (error instanceof UsageError) return error.message;
  if (error instanceof ApiError) {
    const leaf = JSON.stringify(error.errors ?? {}).match(/"message":"([^"]+)"/);
    return error.message === "Invalid Form Body" && leaf ? `${leaf[1]}` : error.message;
  }
  return (error as Error).message ?? String(error);
}
