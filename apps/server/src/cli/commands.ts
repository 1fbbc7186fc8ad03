import { ApiError, type Domain } from "@chat/domain";
import { UsageError } from "./args";
import { aboutCommands } from "./commands/about";
import { appCommands } from "./commands/apps";
import { backupCommands } from "./commands/backups";
import { guildCommands } from "./commands/guilds";
import type { Output } from "./commands/lookups";
import { peopleCommands } from "./commands/people";
import type { CliSession } from "./session";

type Command = (session: CliSession) => Promise<Output>;
type DomainCommand = (domain: Domain, options: CliSession["options"]) => Promise<Output>;

function onDomain(group: Record<string, DomainCommand>): Record<string, Command> {
  return Object.fromEntries(
    Object.entries(group).map(([name, run]) => [
      name,
      async (session: CliSession) => run(await session.domain(), session.options),
    ]),
  );
}

/** The admin CLI's commands, by their words: each returns the one JSON object it prints. */
export const commands: Record<string, Command> = {
  ...onDomain(peopleCommands),
  ...onDomain(guildCommands),
  ...onDomain(appCommands),
  ...backupCommands,
  ...aboutCommands,
};

/** One line for stderr. */
export function describeError(error: unknown): string {
  if (error instanceof UsageError) return error.message;
  if (error instanceof ApiError) {
    const leaf = JSON.stringify(error.errors ?? {}).match(/"message":"([^"]+)"/);
    return error.message === "Invalid Form Body" && leaf ? `${leaf[1]}` : error.message;
  }
  return ((error as Error).message ?? String(error)).split("\n")[0] as string;
}
