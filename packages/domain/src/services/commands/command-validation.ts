import { ApplicationCommandType } from "discord-api-types/v10";
import { z } from "zod";
import { parsePermissionBits } from "../../permissions/bits";
import { assertStorableText, parseForm } from "../../validation";
import { CommandFieldErrors, type FieldPath } from "./command-errors";
import { COMMAND_SIZE_MAX, type CommandType, DESCRIPTION_MAX, OPTIONS_MAX } from "./command-limits";
import {
  checkLocalizations,
  checkName,
  DESCRIPTION_RULE,
  type Localizations,
  NAME_RULE,
  zLocalizations,
  zName,
} from "./command-names";
import { checkOptions, type StoredOption } from "./command-options";
import { commandSize } from "./command-size";

/** A command as it will be stored: every rule of the spec's command record holds. */
export interface CommandDraft {
  type: CommandType;
  name: string;
  nameLocalizations: Localizations | null;
  description: string;
  descriptionLocalizations: Localizations | null;
  options: StoredOption[];
  defaultMemberPermissions: bigint | null;
  nsfw: boolean;
}

/** `default_member_permissions`: a decimal string (discord.js) or an integer (the reference's schema). */
const zPermissions = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const bits = parsePermissionBits(value);
  if (bits === null) {
    ctx.addIssue({ code: "custom", message: "Invalid permission bit field." });
    return z.NEVER;
  }
  return bits;
});

const zUniqueInts = (max: number) =>
  z
    .array(z.number().int().min(0).max(max))
    .min(1)
    .refine((list) => new Set(list).size === list.length, "Values must be unique.")
    .nullish();

/**
 * A command record's own fields. `contexts`, `integration_types`, `dm_permission`,
 * `default_permission` and `handler` are checked and accepted (discord.js sends them) but not
 * kept: commands here are guild-installed and used in guilds only. Type 4 (entry point) is refused.
 */
const zCommand = z.object({
  type: z
    .number()
    .int()
    .min(ApplicationCommandType.ChatInput)
    .max(ApplicationCommandType.Message, "Value must be one of 1, 2, 3.")
    .nullish(),
  name: zName,
  name_localizations: zLocalizations,
  description: z.string().max(DESCRIPTION_MAX, `Must be ${DESCRIPTION_MAX} or fewer in length.`).nullish(),
  description_localizations: zLocalizations,
  options: z.array(z.unknown()).max(OPTIONS_MAX, `Must be ${OPTIONS_MAX} or fewer in length.`).nullish(),
  default_member_permissions: zPermissions.nullish(),
  dm_permission: z.boolean().nullish(),
  default_permission: z.boolean().nullish(),
  nsfw: z.boolean().nullish(),
  contexts: zUniqueInts(2),
  integration_types: zUniqueInts(1),
  handler: z.number().int().min(1).max(2).nullish(),
});

/** Checks one command at `path` (`[]`, or its index in a bulk overwrite); null when it broke a rule. */
function checkCommand(errors: CommandFieldErrors, path: FieldPath, input: unknown): CommandDraft | null {
  const before = errors.size;
  const parsed = zCommand.safeParse(input, { reportInput: true });
  if (!parsed.success) {
    errors.addZod(path, parsed.error);
    return null;
  }
  const fields = parsed.data;
  const type = (fields.type ?? ApplicationCommandType.ChatInput) as CommandType;
  const slash = type === ApplicationCommandType.ChatInput;
  checkName(errors, [...path, "name"], fields.name, slash);
  const description = fields.description ?? "";
  if (slash && description.length === 0)
    errors.add([...path, "description"], "BASE_TYPE_REQUIRED", `Must be between 1 and ${DESCRIPTION_MAX} in length.`);
  if (!slash && description.length > 0)
    errors.add(
      [...path, "description"],
      "APPLICATION_COMMAND_INVALID_DESCRIPTION",
      "User and message commands have no description",
    );
  const descriptionLocalizations = checkLocalizations(
    errors,
    [...path, "description_localizations"],
    fields.description_localizations,
    DESCRIPTION_RULE,
  );
  if (!slash && descriptionLocalizations) {
    errors.add(
      [...path, "description_localizations"],
      "APPLICATION_COMMAND_INVALID_DESCRIPTION",
      "User and message commands have no description",
    );
  }
  let options: StoredOption[] = [];
  if (slash) options = checkOptions(errors, [...path, "options"], fields.options ?? []);
  else if (fields.options?.length)
    errors.add(
      [...path, "options"],
      "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
      "User and message commands have no options",
    );
  const draft: CommandDraft = {
    type,
    name: fields.name,
    nameLocalizations: checkLocalizations(
      errors,
      [...path, "name_localizations"],
      fields.name_localizations,
      NAME_RULE(slash),
    ),
    description,
    descriptionLocalizations,
    options,
    defaultMemberPermissions: fields.default_member_permissions ?? null,
    nsfw: fields.nsfw ?? false,
  };
  if (errors.size > before) return null;
  if (commandSize(draft) > COMMAND_SIZE_MAX) {
    errors.add(path, "APPLICATION_COMMAND_TOO_LARGE", `Command exceeds maximum size (${COMMAND_SIZE_MAX})`);
    return null;
  }
  return draft;
}

/** POST: one command record, or 50035 naming every broken rule. */
export function parseCommand(input: unknown): CommandDraft {
  assertStorableText(input);
  const errors = new CommandFieldErrors();
  const draft = checkCommand(errors, [], input);
  errors.throwIfAny();
  return draft!;
}

/** PUT: a list of command records, unique by type and name; 50035 names each broken rule by index. */
export function parseCommandList(input: unknown): CommandDraft[] {
  const list = parseForm(z.array(z.unknown()), input);
  const errors = new CommandFieldErrors();
  const drafts: CommandDraft[] = [];
  const seen = new Set<string>();
  list.forEach((entry, index) => {
    const draft = checkCommand(errors, [index], entry);
    if (!draft) return;
    const key = commandKey(draft);
    if (seen.has(key))
      errors.add([index, "name"], "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique");
    seen.add(key);
    drafts.push(draft);
  });
  errors.throwIfAny();
  return drafts;
}

/**
 * PATCH: the changed fields over the current command, checked as a whole. `type` cannot
 * change; null clears a nullable field (localisations, options, default_member_permissions).
 */
export function parseCommandPatch(current: CommandDraft, input: unknown): CommandDraft {
  const patch = parseForm(z.record(z.string(), z.unknown()), input ?? {});
  if (patch.type != null && patch.type !== current.type) {
    const errors = new CommandFieldErrors();
    errors.add(["type"], "APPLICATION_COMMAND_TYPE_IMMUTABLE", "A command's type cannot be changed");
    errors.throwIfAny();
  }
  return parseCommand({ ...commandInput(current), ...patch, type: current.type });
}

/** A stored command in the request's shape, so an edit can be checked like a new record. */
function commandInput(draft: CommandDraft) {
  return {
    type: draft.type,
    name: draft.name,
    name_localizations: draft.nameLocalizations,
    description: draft.description,
    description_localizations: draft.descriptionLocalizations,
    options: draft.options,
    default_member_permissions: draft.defaultMemberPermissions?.toString() ?? null,
    nsfw: draft.nsfw,
  };
}

/** Commands are unique by type and name within their scope (global, or one guild). */
export const commandKey = (command: { type: number; name: string }) => `${command.type}:${command.name}`;
