import { hashPassword } from "@chat/auth/password";
import type { Domain } from "@chat/domain";
import { type ParsedCommand, required, UsageError } from "../args";
import { limitOption, type Output, strongPasswordOption, userByName } from "./lookups";

type Options = ParsedCommand["options"];

/** People and bots whose username or display name contains `--query` (any case), oldest first. */
async function listUsers(domain: Domain, options: Options): Promise<Output> {
  const { total, users } = await domain.userDirectory.search(options.query?.trim(), limitOption(options, 50, 1000));
  return {
    total,
    users: users.map((u) => ({
      id: u.id.toString(),
      username: u.username,
      global_name: u.globalName,
      bot: u.bot,
      suspended: u.suspendedAt !== null,
      created_at: u.createdAt.toISOString(),
    })),
  };
}

export const peopleCommands = {
  "user create": async (domain: Domain, options: Options): Promise<Output> => {
    const password = required(options, "password");
    if (password.length < 8) throw new UsageError("--password must be at least 8 characters");
    const user = await domain.users.createPerson({
      username: required(options, "username"),
      passwordHash: await hashPassword(password),
    });
    return { id: user.id.toString() };
  },

  "user list": listUsers,

  /** Sets a new password for someone who lost theirs; every web session of theirs ends, as on a password change. */
  "user reset-password": async (domain: Domain, options: Options): Promise<Output> => {
    const user = await userByName(domain, required(options, "username"));
    if (user.bot) throw new UsageError(`${user.username} is a bot: bots sign in with their token (app rotate-token)`);
    const password = await strongPasswordOption(options, user.username);
    const { endedSessions } = await domain.accounts.resetPassword(user.id, await hashPassword(password));
    return { id: user.id.toString(), ended_sessions: endedSessions };
  },

  /** Suspends a person: no more sign-in, every web session ends (open tabs too), and every login token they gave to websites is revoked. */
  "user suspend": async (domain: Domain, options: Options): Promise<Output> => {
    const user = await userByName(domain, required(options, "username"));
    await domain.accounts.suspend(user.id);
    return { id: user.id.toString(), suspended: true };
  },
};
