import { ApplicationCommandType } from "discord-api-types/v10";
import { Errors } from "../../errors";

/** Spec: Limits, "Commands" and "Command names". */
export const COMMAND_NAME_MAX = 32;
export const DESCRIPTION_MAX = 100;
export const OPTIONS_MAX = 25;
export const CHOICES_MAX = 25;
export const CHOICE_NAME_MAX = 100;
export const CHOICE_STRING_VALUE_MAX = 100;
export const STRING_LENGTH_MAX = 6000;
/** Every name, description and choice name and value of a command together (the longest localisation counts). */
export const COMMAND_SIZE_MAX = 8000;

export type CommandType =
  | ApplicationCommandType.ChatInput
  | ApplicationCommandType.User
  | ApplicationCommandType.Message;

/** How many commands of each type one application may have globally, and in each guild. */
export const COMMANDS_PER_SCOPE: Record<CommandType, number> = {
  [ApplicationCommandType.ChatInput]: 100,
  [ApplicationCommandType.User]: 5,
  [ApplicationCommandType.Message]: 5,
};

/**
 * A count limit, not a rate limit: 30032 when `counts` (commands of each type the scope would
 * hold) passes the limit of any type.
 */
export function requireWithinCommandLimits(counts: Map<CommandType, number>): void {
  for (const [type, count] of counts) {
    const limit = COMMANDS_PER_SCOPE[type];
    if (count > limit) throw Errors.tooManyCommands(limit);
  }
}

/** Commands per type of a list (of rows, drafts, anything with a `type`). */
export function countByType(commands: readonly { type: number }[]): Map<CommandType, number> {
  const counts = new Map<CommandType, number>();
  for (const { type } of commands) counts.set(type as CommandType, (counts.get(type as CommandType) ?? 0) + 1);
  return counts;
}
