import {
  type APIApplicationCommandInteractionDataOption,
  type APIInteractionDataResolved,
  ApplicationCommandOptionType as T,
} from "discord-api-types/v10";
import { z } from "zod";
import type { DomainContext } from "../../context";
import { parseId } from "../../ids";
import { assertStorableText, MESSAGE_FILES_BYTES_MAX } from "../../validation";
import { CommandFieldErrors, type FieldPath } from "../commands/command-errors";
import type { StoredOption } from "../commands/command-options";
import type { ChannelAccess } from "../shared/access";
import { ResolvedEntities } from "./resolved";

/** The longest string option value a person may send (the reference platform's). */
export const STRING_OPTION_MAX = 6000;
/** Integer and number values stay within ±2^53, as the command's own limits do. */
const VALUE_BOUND = 2 ** 53;

const zGiven = z
  .array(
    z.object({
      name: z.string().max(32),
      type: z.number().int(),
      value: z.unknown().optional(),
      options: z.array(z.unknown()).max(25).optional(),
      focused: z.boolean().optional(),
    }),
  )
  .max(25);
type GivenOption = z.output<typeof zGiven>[number];

const isSubcommandKind = (type: number) => type === T.Subcommand || type === T.SubcommandGroup;

/**
 * A slash command's option values as a person sent them, checked against the command's options
 * (spec: Interaction object, "The service validates before delivery"): the subcommand path
 * exists, each option exists with its type, required ones are there, values have their option's
 * type and obey its choices, ranges, lengths and channel types; users, roles and channels must be
 * ones the person can see. Every broken rule is named under `options` in one 50035. Answers the
 * options as the interaction carries them and what they resolve to.
 */
export async function checkOptionValues(
  ctx: DomainContext,
  access: ChannelAccess,
  definition: readonly StoredOption[],
  given: unknown,
  /** The command's application: an attachment option's upload is marked used by it. */
  applicationId?: bigint,
): Promise<{
  options: APIApplicationCommandInteractionDataOption[];
  resolved: APIInteractionDataResolved | undefined;
}> {
  const errors = new CommandFieldErrors();
  const resolver = new ResolvedEntities(ctx, access);
  assertStorableText(given ?? []);
  const options = await new OptionChecker(errors, resolver, null, applicationId).level(definition, given ?? [], [
    "options",
  ]);
  errors.throwIfAny();
  await resolver.markAttachmentsUsed(errors);
  errors.throwIfAny();
  return { options, resolved: resolver.result() };
}

/**
 * The options of an autocomplete request (spec: Interaction object, type 4): as for a command,
 * except that required options may be missing and exactly one option is `focused`: one marked
 * `autocomplete` (string, integer or number) whose value is what is typed so far, a string
 * whatever its type, as the reference platform sends it. Answers also the focused option's type.
 */
export async function checkAutocompleteValues(
  ctx: DomainContext,
  access: ChannelAccess,
  definition: readonly StoredOption[],
  given: unknown,
): Promise<{
  options: APIApplicationCommandInteractionDataOption[];
  resolved: APIInteractionDataResolved | undefined;
  focusedType: number;
}> {
  const errors = new CommandFieldErrors();
  const resolver = new ResolvedEntities(ctx, access);
  assertStorableText(given ?? []);
  const focus: Focus = { found: [] };
  const options = await new OptionChecker(errors, resolver, focus, undefined).level(definition, given ?? [], [
    "options",
  ]);
  if (errors.empty && focus.found.length !== 1) {
    errors.add(
      ["options"],
      "APPLICATION_COMMAND_AUTOCOMPLETE_FOCUS_INVALID",
      focus.found.length === 0 ? "One option must be focused" : "Only one option may be focused",
    );
  }
  errors.throwIfAny();
  return { options, resolved: resolver.result(), focusedType: focus.found[0] as number };
}

/** The focused options an autocomplete request named (their types), as the checker finds them. */
interface Focus {
  found: number[];
}

class OptionChecker {
  /** `focus`: null for a command being used (no option may be focused), else what an autocomplete request focuses. */
  constructor(
    private readonly errors: CommandFieldErrors,
    private readonly resolver: ResolvedEntities,
    private readonly focus: Focus | null,
    /** The command's application (attachment values need it; none in autocomplete requests). */
    private readonly applicationId: bigint | undefined,
  ) {}

  async level(
    definition: readonly StoredOption[],
    raw: unknown,
    path: FieldPath,
  ): Promise<APIApplicationCommandInteractionDataOption[]> {
    const parsed = zGiven.safeParse(raw, { reportInput: true });
    if (!parsed.success) {
      this.errors.addZod(path, parsed.error);
      return [];
    }
    const given = parsed.data;
    if (definition.some((option) => isSubcommandKind(option.type))) return this.subcommandPath(definition, given, path);
    return this.values(definition, given, path);
  }

  /** A command (or group) with subcommands: exactly one of them, then its own options. */
  private async subcommandPath(
    definition: readonly StoredOption[],
    given: GivenOption[],
    path: FieldPath,
  ): Promise<APIApplicationCommandInteractionDataOption[]> {
    if (given.length !== 1) {
      this.errors.add(
        path,
        "APPLICATION_COMMAND_SUBCOMMAND_REQUIRED",
        "Exactly one subcommand or subcommand group must be given",
      );
      return [];
    }
    const chosen = given[0] as GivenOption;
    const option = definition.find((d) => d.name === chosen.name);
    if (!option) {
      this.errors.add(
        [...path, 0, "name"],
        "APPLICATION_COMMAND_OPTION_UNKNOWN",
        `Unknown subcommand "${chosen.name}"`,
      );
      return [];
    }
    if (option.type !== chosen.type) {
      this.errors.add(
        [...path, 0, "type"],
        "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
        `"${option.name}" is of type ${option.type}`,
      );
      return [];
    }
    const inner = await this.level(option.options ?? [], chosen.options ?? [], [...path, 0, "options"]);
    if (option.type === T.SubcommandGroup)
      return [{ name: option.name, type: T.SubcommandGroup, options: inner as never }];
    return [{ name: option.name, type: T.Subcommand, ...(inner.length > 0 ? { options: inner as never } : {}) }];
  }

  /** Value options: each known, once, of its type; the required ones all there. */
  private async values(
    definition: readonly StoredOption[],
    given: GivenOption[],
    path: FieldPath,
  ): Promise<APIApplicationCommandInteractionDataOption[]> {
    const out: APIApplicationCommandInteractionDataOption[] = [];
    const seen = new Set<string>();
    for (const [index, entry] of given.entries()) {
      const at = [...path, index];
      const option = definition.find((d) => d.name === entry.name);
      if (!option) {
        this.errors.add([...at, "name"], "APPLICATION_COMMAND_OPTION_UNKNOWN", `Unknown option "${entry.name}"`);
        continue;
      }
      if (seen.has(option.name)) {
        this.errors.add(
          [...at, "name"],
          "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
          `Option "${option.name}" is given more than once`,
        );
        continue;
      }
      seen.add(option.name);
      if (entry.type !== option.type) {
        this.errors.add(
          [...at, "type"],
          "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
          `"${option.name}" is of type ${option.type}`,
        );
        continue;
      }
      if (entry.focused) {
        const typed = this.focused(option, entry.value, at);
        if (typed !== undefined)
          out.push({
            name: option.name,
            type: option.type,
            value: typed,
            focused: true,
          } as APIApplicationCommandInteractionDataOption);
        continue;
      }
      const value = await this.value(option, entry.value, [...at, "value"]);
      if (value !== undefined)
        out.push({ name: option.name, type: option.type, value } as APIApplicationCommandInteractionDataOption);
    }
    for (const option of definition) {
      if (this.focus === null && option.required && !seen.has(option.name))
        this.errors.add(path, "APPLICATION_COMMAND_OPTION_REQUIRED", `Option "${option.name}" is required`);
    }
    return out;
  }

  /** The option being typed into (autocomplete only): one marked `autocomplete`, its value what is typed so far. */
  private focused(option: StoredOption, value: unknown, at: FieldPath): string | undefined {
    if (this.focus === null)
      return this.fail(
        [...at, "focused"],
        "APPLICATION_COMMAND_AUTOCOMPLETE_FOCUS_INVALID",
        "Only autocomplete requests focus an option",
      );
    this.focus.found.push(option.type);
    if (!option.autocomplete)
      return this.fail(
        [...at, "focused"],
        "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID",
        `"${option.name}" has no autocomplete`,
      );
    if (typeof value !== "string") return this.fail([...at, "value"], "BASE_TYPE_STRING", "Must be a string.");
    if (value.length > STRING_OPTION_MAX)
      return this.fail(
        [...at, "value"],
        "BASE_TYPE_BAD_LENGTH",
        `Must be between 0 and ${STRING_OPTION_MAX} in length.`,
      );
    return value;
  }

  /** One value by its option's type; undefined (and an error added) when it breaks a rule. */
  private async value(
    option: StoredOption,
    value: unknown,
    at: FieldPath,
  ): Promise<string | number | boolean | undefined> {
    switch (option.type) {
      case T.String:
        return this.string(option, value, at);
      case T.Integer:
      case T.Number:
        return this.number(option, value, at);
      case T.Boolean:
        if (typeof value === "boolean") return value;
        return this.fail(at, "BASE_TYPE_BOOLEAN", "Must be either true or false.");
      case T.User:
        return this.entity(value, at, (id) => this.resolver.members([id]), "Unknown user: not a member of this guild");
      case T.Role:
        return this.entity(value, at, (id) => this.resolver.roles([id]), "Unknown role");
      case T.Mentionable:
        return this.entity(
          value,
          at,
          async (id) => ((await this.resolver.members([id])).size > 0 ? new Set([id]) : this.resolver.roles([id])),
          "Unknown user or role",
        );
      case T.Channel:
        return this.entity(
          value,
          at,
          (id) => this.resolver.channels([id], option.channel_types),
          option.channel_types?.length ? "Unknown channel, or not of an allowed type" : "Unknown channel",
        );
      case T.Attachment:
        return this.attachment(value, at);
      default:
        return this.fail(at, "APPLICATION_COMMAND_OPTION_TYPE_INVALID", `Options of type ${option.type} take no value`);
    }
  }

  private string(option: StoredOption, value: unknown, at: FieldPath): string | undefined {
    if (typeof value !== "string") return this.fail(at, "BASE_TYPE_STRING", "Must be a string.");
    if (option.choices?.length)
      return option.choices.some((c) => c.value === value)
        ? value
        : this.fail(at, "BASE_TYPE_CHOICES", "Value must be one of the option's choices.");
    const min = option.min_length ?? 0;
    const max = Math.min(option.max_length ?? STRING_OPTION_MAX, STRING_OPTION_MAX);
    if (value.length < min || value.length > max)
      return this.fail(at, "BASE_TYPE_BAD_LENGTH", `Must be between ${min} and ${max} in length.`);
    return value;
  }

  private number(option: StoredOption, value: unknown, at: FieldPath): number | undefined {
    const integer = option.type === T.Integer;
    if (
      typeof value !== "number" ||
      !Number.isFinite(value) ||
      (integer && !Number.isInteger(value)) ||
      Math.abs(value) > VALUE_BOUND
    ) {
      return this.fail(at, "NUMBER_TYPE_COERCE", `Value must be ${integer ? "an integer" : "a number"}.`);
    }
    if (option.choices?.length)
      return option.choices.some((c) => c.value === value)
        ? value
        : this.fail(at, "BASE_TYPE_CHOICES", "Value must be one of the option's choices.");
    if (option.min_value !== undefined && value < option.min_value)
      return this.fail(at, "NUMBER_TYPE_MIN", `Value should be greater than or equal to ${option.min_value}.`);
    if (option.max_value !== undefined && value > option.max_value)
      return this.fail(at, "NUMBER_TYPE_MAX", `Value should be less than or equal to ${option.max_value}.`);
    return value;
  }

  /** A user, role, mentionable or channel id, which the resolver must find (as the person sees it). */
  private async entity(
    value: unknown,
    at: FieldPath,
    find: (id: bigint) => Promise<Set<bigint>>,
    unknown: string,
  ): Promise<string | undefined> {
    const id = parseId(value);
    if (id === null) return this.fail(at, "BASE_TYPE_INVALID", "Value is not snowflake.");
    if (!(await find(id)).has(id)) return this.fail(at, "APPLICATION_COMMAND_OPTION_VALUE_UNKNOWN", unknown);
    return id.toString();
  }

  /**
   * An upload's id: the person's own, made for this channel, unused and within its hour, and
   * within the interaction's `attachment_size_limit`; anything else is as if it did not exist.
   */
  private async attachment(value: unknown, at: FieldPath): Promise<string | undefined> {
    const id = parseId(value);
    if (id === null) return this.fail(at, "BASE_TYPE_INVALID", "Value is not snowflake.");
    if (this.applicationId === undefined)
      return this.fail(at, "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Attachment options take no value here");
    const found = await this.resolver.attachment(id, this.applicationId, at);
    if (found === "unknown")
      return this.fail(at, "APPLICATION_COMMAND_OPTION_VALUE_UNKNOWN", "Unknown attachment: upload the file again");
    if (found === "too_large")
      return this.fail(
        at,
        "BASE_TYPE_MAX_FILE_SIZE",
        `Files can be at most ${MESSAGE_FILES_BYTES_MAX / 1024 / 1024} MB.`,
      );
    return id.toString();
  }

  private fail(at: FieldPath, code: string, message: string): undefined {
    this.errors.add(at, code, message);
    return undefined;
  }
}
