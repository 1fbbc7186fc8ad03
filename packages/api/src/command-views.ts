import type { APIApplicationCommand, APIApplicationCommandOption } from "discord-api-types/v10";

/**
 * Application commands as the web app's picker and Apps menus show them (spec: Command
 * record). Pure functions of the wire's command records; localised names are left out
 * (people see the plain ones).
 */

/** 1 subcommand, 2 subcommand group, 3 string, 4 integer, 5 boolean, 6 user, 7 channel, 8 role, 9 mentionable, 10 number, 11 attachment. */
export type CommandOptionType = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11;

export interface CommandChoiceView {
  name: string;
  value: string | number;
}

export interface CommandOptionView {
  type: CommandOptionType;
  name: string;
  description: string;
  required: boolean;
  choices: CommandChoiceView[];
  minValue: number | null;
  maxValue: number | null;
  minLength: number | null;
  maxLength: number | null;
  /** A channel option's allowed channel types (empty: any). */
  channelTypes: number[];
  /** The application suggests values while the person types (answered by the bot). */
  autocomplete: boolean;
  /** A subcommand's options, or a group's subcommands. */
  options: CommandOptionView[];
}

export interface CommandView {
  id: string;
  applicationId: string;
  /** 1 slash (`/name`), 2 user (a member's Apps menu), 3 message (a message's Apps menu). */
  type: 1 | 2 | 3;
  name: string;
  description: string;
  /** Required ones first. */
  options: CommandOptionView[];
}

/** One application's commands, as the picker groups them. */
export interface CommandGroupView {
  application: { id: string; name: string; iconUrl: string | null; botId: string };
  commands: CommandView[];
}

type WireOption = APIApplicationCommandOption &
  Partial<
    Record<
      | "choices"
      | "min_value"
      | "max_value"
      | "min_length"
      | "max_length"
      | "channel_types"
      | "autocomplete"
      | "options"
      | "required",
      unknown
    >
  >;

const numberOrNull = (value: unknown): number | null => (typeof value === "number" ? value : null);

function optionView(option: WireOption): CommandOptionView {
  const choices = Array.isArray(option.choices) ? (option.choices as { name: string; value: string | number }[]) : [];
  const nested = Array.isArray(option.options) ? (option.options as WireOption[]) : [];
  return {
    type: option.type as CommandOptionType,
    name: option.name,
    description: option.description,
    required: option.required === true,
    choices: choices.map((c) => ({ name: c.name, value: c.value })),
    minValue: numberOrNull(option.min_value),
    maxValue: numberOrNull(option.max_value),
    minLength: numberOrNull(option.min_length),
    maxLength: numberOrNull(option.max_length),
    channelTypes: Array.isArray(option.channel_types) ? (option.channel_types as number[]) : [],
    autocomplete: option.autocomplete === true,
    options: requiredFirst(nested.map(optionView)),
  };
}

/** Required options before optional ones, each kept in its order (the bot's rule; kept here for older records). */
function requiredFirst(options: CommandOptionView[]): CommandOptionView[] {
  return [...options.filter((o) => o.required), ...options.filter((o) => !o.required)];
}

export function commandView(
  command: Pick<APIApplicationCommand, "id" | "application_id" | "type" | "name" | "description" | "options">,
): CommandView {
  return {
    id: command.id,
    applicationId: command.application_id,
    type: command.type as 1 | 2 | 3,
    name: command.name,
    description: command.description,
    options: requiredFirst(((command.options ?? []) as WireOption[]).map(optionView)),
  };
}
