import {
  type APIActionRowComponent,
  type APIComponentInMessageActionRow,
  ComponentType,
  MessageFlags,
} from "discord-api-types/v10";
import { z } from "zod";
import {
  zButton,
  zChannelSelect,
  zComponentId,
  zListBetween,
  zMentionableSelect,
  zRoleSelect,
  zStringSelect,
  zUserSelect,
} from "./components";
import { refuse } from "./form";

/**
 * A message's `components` (spec: Component records, Limits): up to 5 action rows, each
 * holding 1–5 buttons or exactly one select. Text inputs and labels belong to forms; layout
 * components (IS_COMPONENTS_V2) are unsupported. Every entry of unknown type answers 50035
 * (UNION_TYPE_CHOICES), so what is stored and echoed is only what bot libraries can parse.
 */

export const ACTION_ROWS_MAX = 5;
export const BUTTONS_PER_ROW_MAX = 5;

const zRowEntry = z.discriminatedUnion(
  "type",
  [zButton, zStringSelect, zUserSelect, zRoleSelect, zMentionableSelect, zChannelSelect],
  {
    error: `Value of field "type" must be one of (2, 3, 5, 6, 7, 8).`,
  },
);

/** A select fills its row: anything beside it exceeds the row's width (as do a sixth button). */
const zActionRow = z
  .object({
    type: z.literal(ComponentType.ActionRow),
    id: zComponentId,
    components: zListBetween(zRowEntry, 1, BUTTONS_PER_ROW_MAX),
  })
  .superRefine((row, ctx) => {
    if (row.components.every((entry) => entry.type === ComponentType.Button)) return;
    row.components.forEach((_, index) => {
      if (index > 0)
        refuse(
          ctx,
          ["components", index],
          "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
          "The specified component exceeds the maximum width",
        );
    });
  });

type ActionRowInput = z.output<typeof zActionRow>;

/** `custom_id` is unique within the message: each repeat is named where it stands. */
function checkUniqueCustomIds(rows: ActionRowInput[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  rows.forEach((row, rowIndex) => {
    row.components.forEach((entry, index) => {
      const customId = entry.custom_id;
      if (customId == null) return;
      if (seen.has(customId))
        refuse(
          ctx,
          [rowIndex, "components", index, "custom_id"],
          "COMPONENT_CUSTOM_ID_DUPLICATED",
          "Component custom id cannot be duplicated",
        );
      seen.add(customId);
    });
  });
}

/** A copy without keys given as null, so the stored component holds only what was said. */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, entry]) => entry !== null && entry !== undefined)
      .map(([key, entry]) => [key, withoutNulls(entry)]),
  );
}

export type MessageComponentRow = APIActionRowComponent<APIComponentInMessageActionRow>;

/** `components` of a message sent or edited: the validated rows, unknown keys and nulls dropped. */
export const zComponentRows = z
  .array(z.discriminatedUnion("type", [zActionRow], { error: `Value of field "type" must be one of (1,).` }))
  .max(ACTION_ROWS_MAX, `Must be ${ACTION_ROWS_MAX} or fewer in length.`)
  .superRefine(checkUniqueCustomIds)
  .transform((rows) => withoutNulls(rows) as MessageComponentRow[]);

/** Message `flags`: IS_COMPONENTS_V2 (1 << 15) asks for layout components, which are unsupported. */
export const zMessageFlags = z
  .number()
  .int()
  .min(0)
  .superRefine((flags, ctx) => {
    if (flags & MessageFlags.IsComponentsV2) {
      refuse(
        ctx,
        [],
        "MESSAGE_FLAGS_COMPONENTS_V2_UNSUPPORTED",
        "Layout components (IS_COMPONENTS_V2) are not supported.",
      );
    }
  });
