import { Locale } from "discord-api-types/v10";
import { z } from "zod";
import type { CommandFieldErrors, FieldPath } from "./command-errors";
import { COMMAND_NAME_MAX, DESCRIPTION_MAX } from "./command-limits";

/** The reference platform's rule for slash command and option names (and their localisations). */
export const SLASH_NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

const LOCALES = new Set<string>(Object.values(Locale));

const lengthMessage = (max: number) => `Must be between 1 and ${max} in length.`;

/** A name of 1–32 characters; its finer rule (slash or not) is {@link checkName}'s. */
export const zName = z
  .string()
  .min(1, lengthMessage(COMMAND_NAME_MAX))
  .max(COMMAND_NAME_MAX, lengthMessage(COMMAND_NAME_MAX));

/** `{ locale: text }`, or null; the values' lengths are checked with the keys in {@link checkLocalizations}. */
export const zLocalizations = z.record(z.string(), z.string()).nullish();

export type Localizations = Record<string, string>;

/**
 * Slash command and option names: the reference regex, and lower case wherever a letter has a
 * lower-case form. User and message command names: 1–32 characters of any case, spaces allowed.
 */
export function checkName(errors: CommandFieldErrors, path: FieldPath, name: string, slash: boolean): void {
  if (!slash) return;
  if (!SLASH_NAME.test(name)) errors.add(path, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid");
  else if (name.toLowerCase() !== name)
    errors.add(path, "APPLICATION_COMMAND_INVALID_NAME", "Command name must be lower case");
}

/**
 * Localised names or descriptions: keys are the reference platform's locales, values follow
 * the plain field's rule (`slashName` for names of slash commands and options, else 1–`max`
 * characters). Answers the map to store, or null when there is none.
 */
export function checkLocalizations(
  errors: CommandFieldErrors,
  path: FieldPath,
  map: Localizations | null | undefined,
  rule: { max: number; slashName?: boolean },
): Localizations | null {
  if (!map) return null;
  for (const [locale, text] of Object.entries(map)) {
    if (!LOCALES.has(locale)) errors.add([...path, locale], "LOCALE_INVALID", `Invalid locale "${locale}".`);
    else if (text.length < 1 || text.length > rule.max)
      errors.add([...path, locale], "BASE_TYPE_BAD_LENGTH", lengthMessage(rule.max));
    else if (rule.slashName !== undefined) checkName(errors, [...path, locale], text, rule.slashName);
  }
  return Object.keys(map).length > 0 ? map : null;
}

export const NAME_RULE = (slash: boolean) => ({ max: COMMAND_NAME_MAX, slashName: slash });
export const DESCRIPTION_RULE = { max: DESCRIPTION_MAX };
