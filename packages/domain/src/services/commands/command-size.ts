import type { Localizations } from "./command-names";
import type { StoredChoice, StoredOption } from "./command-options";

/** A text with its localisations counts as its longest version. */
function longest(text: string, localizations: Localizations | null | undefined): number {
  let length = text.length;
  for (const localized of Object.values(localizations ?? {})) length = Math.max(length, localized.length);
  return length;
}

const choiceSize = (choice: StoredChoice) =>
  longest(choice.name, choice.name_localizations) + String(choice.value).length;

function optionSize(option: StoredOption): number {
  let size =
    longest(option.name, option.name_localizations) + longest(option.description, option.description_localizations);
  for (const choice of option.choices ?? []) size += choiceSize(choice);
  for (const inner of option.options ?? []) size += optionSize(inner);
  return size;
}

/**
 * The size the 8000-character limit counts (the reference platform's rule): every name,
 * description and choice name and value of the command, its options at every level and their
 * choices, each counted as its longest localisation.
 */
export function commandSize(command: {
  name: string;
  nameLocalizations: Localizations | null;
  description: string;
  descriptionLocalizations: Localizations | null;
  options: readonly StoredOption[];
}): number {
  let size =
    longest(command.name, command.nameLocalizations) + longest(command.description, command.descriptionLocalizations);
  for (const option of command.options) size += optionSize(option);
  return size;
}
