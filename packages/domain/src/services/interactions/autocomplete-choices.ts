import { AUTOCOMPLETE_RESULT, type AutocompleteResultData } from "@chat/events";
import { ApplicationCommandOptionType as T } from "discord-api-types/v10";
import { z } from "zod";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import { parseForm } from "../../validation";
import { CHOICE_NAME_MAX, CHOICE_STRING_VALUE_MAX, CHOICES_MAX } from "../commands/command-limits";
import { zLocalizations } from "../commands/command-names";
import type { InteractionRow } from "./interaction-rows";

/** Integer and number choices stay within ±2^53, as the command's own do. */
const VALUE_BOUND = 2 ** 53;

const between = (min: number, max: number) => `Must be between ${min} and ${max} in length.`;

/** A choice's value as the focused option's type needs it: a string of at most 100, an integer, or a number. */
function zValue(focusedType: number | undefined) {
  if (focusedType === T.Integer)
    return z.number("Value must be an integer.").int("Value must be an integer.").min(-VALUE_BOUND).max(VALUE_BOUND);
  if (focusedType === T.Number) return z.number("Value must be a number.").min(-VALUE_BOUND).max(VALUE_BOUND);
  return z.string("Must be a string.").max(CHOICE_STRING_VALUE_MAX, between(0, CHOICE_STRING_VALUE_MAX));
}

/**
 * Callback 8's body (spec: Callback types, Limits): `data.choices`, up to 25 `{ name, value }`,
 * names 1–100 characters, values of the focused option's type. A broken rule is 50035 naming
 * the field (`data.choices.3.value`).
 */
export function parseAutocompleteChoices(
  focusedType: number | undefined,
  data: unknown,
): AutocompleteResultData["choices"] {
  const schema = z.object({
    data: z.object({
      choices: z
        .array(
          z.object({
            name: z.string().min(1, between(1, CHOICE_NAME_MAX)).max(CHOICE_NAME_MAX, between(1, CHOICE_NAME_MAX)),
            name_localizations: zLocalizations,
            value: zValue(focusedType),
          }),
        )
        .max(CHOICES_MAX, `Must be ${CHOICES_MAX} or fewer in length.`),
    }),
  });
  const { choices } = parseForm(schema, { data }).data;
  return choices.map(({ name, value }) => ({ name, value }));
}

/** The choices go to the tab that typed (else every tab of the person); nothing else hears of them. */
export async function tellChoices(
  ctx: DomainContext,
  row: InteractionRow,
  choices: AutocompleteResultData["choices"],
): Promise<void> {
  await emit(ctx, {
    t: AUTOCOMPLETE_RESULT,
    d: { id: row.id.toString(), channel_id: row.channelId.toString(), choices },
    personId: row.userId.toString(),
    ...(row.tabId ? { tabId: row.tabId } : {}),
  });
}
