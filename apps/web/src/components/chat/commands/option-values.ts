import type { CommandOptionView } from "@chat/api/views";
import type { APIApplicationCommandInteractionDataOption } from "discord-api-types/v10";
import type { SlashEntry } from "./command-entries";

/** What a person has put in an option's field: text (numbers, ids and "true"/"false" too), or a file. */
export type OptionInput = string | File;
export type OptionInputs = Record<string, OptionInput | undefined>;

/** Per option name, what is wrong with it, written for the person. */
export type OptionErrors = Record<string, string>;

/** The largest integer an integer option takes (the reference platform's limit). */
const INTEGER_LIMIT = 2 ** 53;
/** The largest file an attachment option takes (the interaction's `attachment_size_limit`). */
export const FILE_BYTES_MAX = 25 * 1024 * 1024;

const WHAT: Record<number, string> = {
  5: "yes or no",
  6: "a member",
  7: "a channel",
  8: "a role",
  9: "a member or role",
  11: "a file",
};

function isEmpty(input: OptionInput | undefined): boolean {
  return input === undefined || (typeof input === "string" && input.trim() === "");
}

function checkNumber(option: CommandOptionView, text: string): string | null {
  const integer = option.type === 4;
  const value = Number(text.trim());
  if (integer ? !/^-?\d+$/.test(text.trim()) : !Number.isFinite(value) || text.trim() === "") {
    return integer ? `${option.name} must be a whole number.` : `${option.name} must be a number.`;
  }
  if (integer && Math.abs(value) > INTEGER_LIMIT) return `${option.name} is too large.`;
  if (option.minValue !== null && value < option.minValue) return `${option.name} must be at least ${option.minValue}.`;
  if (option.maxValue !== null && value > option.maxValue) return `${option.name} must be at most ${option.maxValue}.`;
  return null;
}

function checkText(option: CommandOptionView, text: string): string | null {
  const length = [...text].length;
  if (option.minLength !== null && length < option.minLength)
    return `${option.name} needs at least ${option.minLength} character${option.minLength === 1 ? "" : "s"} (now ${length}).`;
  if (option.maxLength !== null && length > option.maxLength)
    return `${option.name} can have at most ${option.maxLength} characters (now ${length}).`;
  return null;
}

/** The one thing wrong with an option's input, or null. */
export function checkOption(option: CommandOptionView, input: OptionInput | undefined): string | null {
  if (isEmpty(input))
    return option.required
      ? `Fill in ${option.name}: ${WHAT[option.type] ? `choose ${WHAT[option.type]}` : "it is required"}.`
      : null;
  if (option.type === 11) {
    if (!(input instanceof File)) return `Choose a file for ${option.name}.`;
    return input.size > FILE_BYTES_MAX ? `${input.name} is too big: files can be at most 25 MB.` : null;
  }
  const text = String(input);
  if (option.choices.length > 0) {
    return option.choices.some((c) => String(c.value) === text) ? null : `Pick one of the choices for ${option.name}.`;
  }
  if (option.type === 4 || option.type === 10) return checkNumber(option, text);
  if (option.type === 3) return checkText(option, text);
  if (option.type === 5) return text === "true" || text === "false" ? null : `Choose yes or no for ${option.name}.`;
  return null;
}

/** Every option's problem, by name; empty when the command can be sent. */
export function checkOptions(options: readonly CommandOptionView[], inputs: OptionInputs): OptionErrors {
  const errors: OptionErrors = {};
  for (const option of options) {
    const problem = checkOption(option, inputs[option.name]);
    if (problem) errors[option.name] = problem;
  }
  return errors;
}

type BasicOption = Extract<APIApplicationCommandInteractionDataOption, { value: unknown }>;

/** One filled option as the interaction's data carries it (numbers as numbers, booleans as booleans). */
function optionValue(
  option: CommandOptionView,
  input: OptionInput,
  attachmentIds: Record<string, string>,
): BasicOption {
  const text = typeof input === "string" ? input.trim() : "";
  const choice = option.choices.find((c) => String(c.value) === text);
  let value: string | number | boolean;
  if (option.type === 11) value = attachmentIds[option.name] ?? "";
  else if (choice) value = choice.value;
  else if (option.type === 4 || option.type === 10) value = Number(text);
  else if (option.type === 5) value = text === "true";
  else value = option.type === 3 ? String(input) : text;
  return { name: option.name, type: option.type, value } as BasicOption;
}

/** Under the subcommand (and its group) the entry names, as the interaction's data nests them. */
function nested(
  entry: SlashEntry,
  filled: APIApplicationCommandInteractionDataOption[],
): APIApplicationCommandInteractionDataOption[] {
  const [group, sub] = entry.path.length === 2 ? entry.path : [undefined, entry.path[0]];
  if (sub === undefined) return filled;
  const subcommand = { type: 1, name: sub, options: filled } as APIApplicationCommandInteractionDataOption;
  return group === undefined
    ? [subcommand]
    : [{ type: 2, name: group, options: [subcommand] } as APIApplicationCommandInteractionDataOption];
}

/**
 * What an autocomplete request carries: option `focused` with what is typed so far (a string,
 * whatever its type), and the other options filled so far that are valid (files are left out).
 */
export function autocompleteOptions(
  entry: SlashEntry,
  inputs: OptionInputs,
  focused: string,
  typed: string,
): APIApplicationCommandInteractionDataOption[] {
  const filled: APIApplicationCommandInteractionDataOption[] = [];
  for (const option of entry.options) {
    if (option.name === focused) {
      filled.push({
        name: option.name,
        type: option.type,
        value: typed,
        focused: true,
      } as APIApplicationCommandInteractionDataOption);
      continue;
    }
    const input = inputs[option.name];
    if (input === undefined || isEmpty(input) || option.type === 11 || checkOption(option, input) !== null) continue;
    filled.push(optionValue(option, input, {}));
  }
  return nested(entry, filled);
}

/**
 * The options of an entry as the interaction's data carries them: the filled ones (empty
 * optional ones left out), nested under the subcommand (and its group) the entry names.
 * `attachmentIds`: the id each attachment option's file got when uploaded.
 */
export function interactionOptions(
  entry: SlashEntry,
  inputs: OptionInputs,
  attachmentIds: Record<string, string> = {},
): APIApplicationCommandInteractionDataOption[] {
  const filled: APIApplicationCommandInteractionDataOption[] = [];
  for (const option of entry.options) {
    const input = inputs[option.name];
    if (input === undefined || isEmpty(input)) continue;
    filled.push(optionValue(option, input, attachmentIds));
  }
  return nested(entry, filled);
}
