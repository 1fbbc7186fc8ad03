import { ApplicationCommandOptionType as T, ChannelType } from "discord-api-types/v10";
import { z } from "zod";
import type { CommandFieldErrors, FieldPath } from "./command-errors";
import {
  CHOICE_NAME_MAX,
  CHOICE_STRING_VALUE_MAX,
  CHOICES_MAX,
  DESCRIPTION_MAX,
  OPTIONS_MAX,
  STRING_LENGTH_MAX,
} from "./command-limits";
import {
  checkLocalizations,
  checkName,
  DESCRIPTION_RULE,
  type Localizations,
  NAME_RULE,
  zLocalizations,
  zName,
} from "./command-names";

/** An option as stored and answered: only the fields that mean something for its type. */
export interface StoredChoice {
  name: string;
  name_localizations?: Localizations;
  value: string | number;
}
export interface StoredOption {
  type: T;
  name: string;
  name_localizations?: Localizations;
  description: string;
  description_localizations?: Localizations;
  required?: true;
  autocomplete?: true;
  choices?: StoredChoice[];
  options?: StoredOption[];
  channel_types?: ChannelType[];
  min_value?: number;
  max_value?: number;
  min_length?: number;
  max_length?: number;
}

/** Where a list of options sits: a command's top level, inside a subcommand group, or inside a subcommand. */
type Level = "command" | "group" | "subcommand";

const CHANNEL_TYPES = new Set<number>(Object.values(ChannelType).filter((v): v is number => typeof v === "number"));
const WITH_CHOICES = new Set<number>([T.String, T.Integer, T.Number]);
const WITH_VALUE_RANGE = new Set<number>([T.Integer, T.Number]);
/** Integer and number options and choices stay within ±2^53 (the reference platform's range). */
const VALUE_BOUND = 2 ** 53;

const between = (min: number, max: number) => `Must be between ${min} and ${max} in length.`;

const zChoice = z.object({
  name: z.string().min(1, between(1, CHOICE_NAME_MAX)).max(CHOICE_NAME_MAX, between(1, CHOICE_NAME_MAX)),
  name_localizations: zLocalizations,
  value: z.union([z.string(), z.number()]),
});

/** One option's own fields; nested `options` are checked level by level in {@link checkOptions}. */
const zOption = z.object({
  type: z.number().int().min(T.Subcommand).max(T.Attachment),
  name: zName,
  name_localizations: zLocalizations,
  description: z.string().min(1, between(1, DESCRIPTION_MAX)).max(DESCRIPTION_MAX, between(1, DESCRIPTION_MAX)),
  description_localizations: zLocalizations,
  required: z.boolean().nullish(),
  autocomplete: z.boolean().nullish(),
  choices: z.array(zChoice).max(CHOICES_MAX, `Must be ${CHOICES_MAX} or fewer in length.`).nullish(),
  options: z.array(z.unknown()).max(OPTIONS_MAX, `Must be ${OPTIONS_MAX} or fewer in length.`).nullish(),
  channel_types: z.array(z.number().int()).nullish(),
  min_value: z.number().nullish(),
  max_value: z.number().nullish(),
  min_length: z.number().int().min(0).max(STRING_LENGTH_MAX).nullish(),
  max_length: z.number().int().min(1).max(STRING_LENGTH_MAX).nullish(),
});
type OptionInput = z.output<typeof zOption>;

const isSubcommandKind = (type: unknown) => type === T.Subcommand || type === T.SubcommandGroup;

/**
 * The options of a slash command, or of a subcommand group or subcommand (`level`), checked
 * against every rule of the spec's command record; each broken rule is added to `errors` under
 * its path (`options.2.name`). Answers the options to store.
 */
export function checkOptions(
  errors: CommandFieldErrors,
  path: FieldPath,
  list: readonly unknown[],
  level: Level = "command",
): StoredOption[] {
  const stored: StoredOption[] = [];
  const names = new Set<string>();
  const hasSubcommands = list.some((raw) => isSubcommandKind((raw as { type?: unknown } | null)?.type));
  let optionalSeen = false;
  list.forEach((raw, index) => {
    const at = [...path, index];
    const parsed = zOption.safeParse(raw, { reportInput: true });
    if (!parsed.success) {
      errors.addZod(at, parsed.error);
      return;
    }
    const option = parsed.data;
    const subcommandKind = isSubcommandKind(option.type);
    const misplaced = levelRule(level, option.type, hasSubcommands);
    if (misplaced) errors.add([...at, "type"], "APPLICATION_COMMAND_OPTION_TYPE_INVALID", misplaced);
    checkName(errors, [...at, "name"], option.name, true);
    if (names.has(option.name))
      errors.add([...at, "name"], "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique");
    names.add(option.name);
    if (!subcommandKind) {
      if (option.required && optionalSeen)
        errors.add(
          [...at, "required"],
          "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
          "Required options must be placed before non-required options",
        );
      if (!option.required) optionalSeen = true;
    }
    const entry: StoredOption = { type: option.type as T, name: option.name, description: option.description };
    const nameLocalizations = checkLocalizations(
      errors,
      [...at, "name_localizations"],
      option.name_localizations,
      NAME_RULE(true),
    );
    const descriptionLocalizations = checkLocalizations(
      errors,
      [...at, "description_localizations"],
      option.description_localizations,
      DESCRIPTION_RULE,
    );
    if (nameLocalizations) entry.name_localizations = nameLocalizations;
    if (descriptionLocalizations) entry.description_localizations = descriptionLocalizations;
    if (subcommandKind) {
      const inner = checkOptions(
        errors,
        [...at, "options"],
        option.options ?? [],
        option.type === T.SubcommandGroup ? "group" : "subcommand",
      );
      if (inner.length > 0) entry.options = inner;
    } else {
      if (option.options?.length)
        errors.add(
          [...at, "options"],
          "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
          "Only subcommands and subcommand groups have options",
        );
      Object.assign(entry, checkValueOption(errors, at, option));
    }
    stored.push(entry);
  });
  return stored;
}

/** Why an option of `type` may not stand at `level`, or null when it may. */
function levelRule(level: Level, type: number, levelHasSubcommands: boolean): string | null {
  if (level === "group" && type !== T.Subcommand) return "Subcommand groups can only contain subcommands";
  if (level === "subcommand" && isSubcommandKind(type))
    return "Subcommands cannot contain subcommands or subcommand groups";
  if (level === "command" && levelHasSubcommands && !isSubcommandKind(type))
    return "Subcommands and subcommand groups cannot be mixed with other options";
  return null;
}

/** The fields of a value option (types 3–11): required, choices, autocomplete, ranges, lengths, channel types. */
function checkValueOption(errors: CommandFieldErrors, at: FieldPath, option: OptionInput): Partial<StoredOption> {
  const out: Partial<StoredOption> = {};
  if (option.required) out.required = true;
  const choices = option.choices ?? [];
  if (choices.length > 0) {
    if (!WITH_CHOICES.has(option.type))
      errors.add(
        [...at, "choices"],
        "APPLICATION_COMMAND_OPTION_CHOICES_INVALID",
        "Only string, integer and number options have choices",
      );
    else
      out.choices = choices.map((choice, index) => checkChoice(errors, [...at, "choices", index], option.type, choice));
  }
  if (option.autocomplete) {
    if (!WITH_CHOICES.has(option.type))
      errors.add(
        [...at, "autocomplete"],
        "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID",
        "Only string, integer and number options have autocomplete",
      );
    else if (choices.length > 0)
      errors.add(
        [...at, "autocomplete"],
        "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID",
        "Autocomplete cannot be used with choices",
      );
    else out.autocomplete = true;
  }
  for (const key of ["min_value", "max_value"] as const) {
    const value = option[key];
    if (value == null) continue;
    if (!WITH_VALUE_RANGE.has(option.type))
      errors.add(
        [...at, key],
        "APPLICATION_COMMAND_OPTION_INVALID",
        "Only integer and number options have min_value and max_value",
      );
    else if (!inValueRange(option.type, value))
      errors.add([...at, key], "NUMBER_TYPE_COERCE", rangeMessage(option.type));
    else out[key] = value;
  }
  if (out.min_value !== undefined && out.max_value !== undefined && out.min_value > out.max_value) {
    errors.add([...at, "max_value"], "NUMBER_TYPE_MIN", "max_value must be greater than or equal to min_value");
  }
  for (const key of ["min_length", "max_length"] as const) {
    const value = option[key];
    if (value == null) continue;
    if (option.type !== T.String)
      errors.add(
        [...at, key],
        "APPLICATION_COMMAND_OPTION_INVALID",
        "Only string options have min_length and max_length",
      );
    else out[key] = value;
  }
  if (out.min_length !== undefined && out.max_length !== undefined && out.min_length > out.max_length) {
    errors.add([...at, "max_length"], "NUMBER_TYPE_MIN", "max_length must be greater than or equal to min_length");
  }
  const channelTypes = option.channel_types ?? [];
  if (channelTypes.length > 0) {
    if (option.type !== T.Channel)
      errors.add(
        [...at, "channel_types"],
        "APPLICATION_COMMAND_OPTION_INVALID",
        "Only channel options have channel_types",
      );
    channelTypes.forEach((type, index) => {
      if (!CHANNEL_TYPES.has(type))
        errors.add(
          [...at, "channel_types", index],
          "BASE_TYPE_CHOICES",
          `Value must be one of ${[...CHANNEL_TYPES].join(", ")}.`,
        );
    });
    out.channel_types = [...new Set(channelTypes)] as ChannelType[];
  }
  return out;
}

/** A choice's value has its option's type: a string of 1–100 characters, an integer, or a number. */
function checkChoice(
  errors: CommandFieldErrors,
  at: FieldPath,
  type: number,
  choice: z.output<typeof zChoice>,
): StoredChoice {
  const nameLocalizations = checkLocalizations(errors, [...at, "name_localizations"], choice.name_localizations, {
    max: CHOICE_NAME_MAX,
  });
  const { value } = choice;
  if (type === T.String) {
    if (typeof value !== "string")
      errors.add([...at, "value"], "BASE_TYPE_INVALID", "Choice values of string options are strings");
    else if (value.length < 1 || value.length > CHOICE_STRING_VALUE_MAX)
      errors.add([...at, "value"], "BASE_TYPE_BAD_LENGTH", between(1, CHOICE_STRING_VALUE_MAX));
  } else if (typeof value !== "number" || !inValueRange(type, value)) {
    errors.add([...at, "value"], "NUMBER_TYPE_COERCE", rangeMessage(type));
  }
  return { name: choice.name, ...(nameLocalizations ? { name_localizations: nameLocalizations } : {}), value };
}

function inValueRange(type: number, value: number): boolean {
  if (type === T.Integer && !Number.isInteger(value)) return false;
  return value >= -VALUE_BOUND && value <= VALUE_BOUND;
}

const rangeMessage = (type: number) =>
  `Value must be ${type === T.Integer ? "an integer" : "a number"} between -${VALUE_BOUND} and ${VALUE_BOUND}.`;
