import {
  ButtonStyle,
  ChannelType,
  ComponentType,
  SelectMenuDefaultValueType as DefaultKind,
  TextInputStyle,
} from "discord-api-types/v10";
import { z } from "zod";
import { zId } from "./common";
import { refuse } from "./form";
import { checkUrl, LINK_SCHEMES } from "./urls";

/**
 * The component records of the spec (gateway document, "Component records"), one schema each,
 * shared by messages (buttons and selects in action rows, message-components.ts) and forms
 * (text inputs and labels). Unknown keys are dropped; how components are laid out is the
 * business of the message or the form that holds them.
 */

const fewer = (max: number) => `Must be ${max} or fewer in length.`;
const between = (min: number, max: number) => `Must be between ${min} and ${max} in length.`;
const REQUIRED = "This field is required";

/** A string of at most `max` characters (BASE_TYPE_MAX_LENGTH). */
const zText = (max: number) => z.string().max(max, fewer(max));

/** A string of `min` to `max` characters (BASE_TYPE_BAD_LENGTH, as the reference answers). */
export const zTextBetween = (min: number, max: number) =>
  z.string({ error: REQUIRED }).superRefine((text, ctx) => {
    if (text.length < min || text.length > max) refuse(ctx, [], "BASE_TYPE_BAD_LENGTH", between(min, max));
  });

/** A list of `min` to `max` entries; the entries are checked only once the length is right. */
export const zListBetween = <T extends z.ZodType>(entry: T, min: number, max: number) =>
  z
    .array(z.unknown(), { error: REQUIRED })
    .superRefine((list, ctx) => {
      if (list.length < min || list.length > max) refuse(ctx, [], "BASE_TYPE_BAD_LENGTH", between(min, max));
    })
    .pipe(z.array(entry));

const zInt = (min: number, max: number) =>
  z
    .number()
    .int()
    .min(min, `int value should be greater than or equal to ${min}.`)
    .max(max, `int value should be less than or equal to ${max}.`);

/** A snowflake kept as its decimal string (components are stored as JSON). */
const zSnowflake = zId.transform((id) => id.toString());

/** `custom_id`: 1–100 characters; unique within its message or form (checked by the holder). */
export const CUSTOM_ID_MAX = 100;
export const zCustomId = zTextBetween(1, CUSTOM_ID_MAX);

/** The optional numeric `id` a bot may give any component (32-bit, as the reference's). */
export const zComponentId = zInt(0, 2 ** 31 - 1).nullish();

/** `emoji` of a button or select option: a custom emoji (`id` and its `name`) or a Unicode one (`name`). */
export const zComponentEmoji = z
  .object({
    id: zSnowflake.nullish(),
    name: z.string({ error: REQUIRED }).max(32, fewer(32)),
    animated: z.boolean().nullish(),
  })
  .superRefine((emoji, ctx) => {
    if (emoji.id == null && !emoji.name) refuse(ctx, [], "BUTTON_COMPONENT_INVALID_EMOJI", "Invalid emoji");
  });

// Buttons -------------------------------------------------------------------------------------

export const BUTTON_LABEL_MAX = 80;
export const BUTTON_URL_MAX = 512;
/** Style 6 (premium, `sku_id`) is unsupported (spec: Versioning, rule 2). */
const BUTTON_STYLES = [
  ButtonStyle.Primary,
  ButtonStyle.Secondary,
  ButtonStyle.Success,
  ButtonStyle.Danger,
  ButtonStyle.Link,
] as number[];
/**
 * Button (type 2): styles 1–4 carry a `custom_id` and no `url`; style 5 (link) a `url` and no
 * `custom_id`; every button a label (up to 80 characters), an emoji, or both.
 */
export const zButton = z
  .object({
    type: z.literal(ComponentType.Button),
    id: zComponentId,
    style: z.number({ error: REQUIRED }).int(),
    label: zText(BUTTON_LABEL_MAX).nullish(),
    emoji: zComponentEmoji.nullish(),
    custom_id: zCustomId.nullish(),
    url: zText(BUTTON_URL_MAX).nullish(),
    disabled: z.boolean().nullish(),
  })
  .superRefine((button, ctx) => {
    if (!BUTTON_STYLES.includes(button.style)) {
      refuse(ctx, ["style"], "BASE_TYPE_CHOICES", `Value must be one of (${BUTTON_STYLES.join(", ")}).`);
      return;
    }
    const exclusive = "A custom id and url cannot both be specified";
    if (button.style === ButtonStyle.Link) {
      if (button.custom_id != null)
        refuse(ctx, ["custom_id"], "BUTTON_COMPONENT_CUSTOM_ID_URL_MUTUALLY_EXCLUSIVE", exclusive);
      if (button.url == null) refuse(ctx, ["url"], "BUTTON_COMPONENT_URL_REQUIRED", "A url is required");
      else checkUrl(ctx, ["url"], button.url, LINK_SCHEMES);
    } else {
      if (button.url != null) refuse(ctx, ["url"], "BUTTON_COMPONENT_CUSTOM_ID_URL_MUTUALLY_EXCLUSIVE", exclusive);
      if (button.custom_id == null)
        refuse(ctx, ["custom_id"], "BUTTON_COMPONENT_CUSTOM_ID_REQUIRED", "A custom id is required");
    }
    if (!button.label && button.emoji == null)
      refuse(ctx, ["label"], "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED", "A label or an emoji is required");
  });

// Selects -------------------------------------------------------------------------------------

export const SELECT_VALUES_MAX = 25;
export const SELECT_OPTIONS_MAX = 25;

/** Fields every select has; `min_values` and `max_values` default to 1. */
const selectFields = {
  id: zComponentId,
  custom_id: zCustomId,
  placeholder: zText(150).nullish(),
  min_values: zInt(0, SELECT_VALUES_MAX).nullish(),
  max_values: zInt(0, SELECT_VALUES_MAX).nullish(),
  disabled: z.boolean().nullish(),
};

type SelectValues = { min_values?: number | null; max_values?: number | null };

/** min_values ≤ max_values (both 1 when absent); answers max_values. */
function checkValueRange(select: SelectValues, ctx: z.RefinementCtx): number {
  const min = select.min_values ?? 1;
  const max = select.max_values ?? 1;
  if (min > max) refuse(ctx, ["min_values"], "NUMBER_TYPE_MAX", `int value should be less than or equal to ${max}.`);
  return max;
}

const TOO_MANY_DEFAULTS = "The specified number of default values exceeds the specified maximum values";

export const zSelectOption = z.object({
  label: zTextBetween(1, 100),
  value: zTextBetween(1, 100),
  description: zText(100).nullish(),
  emoji: zComponentEmoji.nullish(),
  default: z.boolean().nullish(),
});

/** String select's fields without its cross-field rules, for a form to extend (`required`). */
export const zStringSelectFields = z.object({
  type: z.literal(ComponentType.StringSelect),
  ...selectFields,
  options: zListBetween(zSelectOption, 1, SELECT_OPTIONS_MAX),
});

/** A string select's rules across fields: values range, enough options, unique values, defaults. */
export function checkStringSelect(select: z.output<typeof zStringSelectFields>, ctx: z.RefinementCtx): void {
  const max = checkValueRange(select, ctx);
  if (max > select.options.length)
    refuse(ctx, ["options"], "BASE_TYPE_MIN_LENGTH", `Must be ${max} or more in length.`);
  const values = new Set<string>();
  select.options.forEach((option, index) => {
    if (values.has(option.value))
      refuse(
        ctx,
        ["options", index, "value"],
        "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
        "The specified option value is already used",
      );
    values.add(option.value);
  });
  if (select.options.filter((option) => option.default).length > max)
    refuse(ctx, ["options"], "SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES", TOO_MANY_DEFAULTS);
}

/** String select (type 3): 1–25 options, each a label and a value (up to 100 characters). */
export const zStringSelect = zStringSelectFields.superRefine(checkStringSelect);

/** A select filled by the client (users, roles, mentionables, channels) with `default_values` of `kinds`. */
function autoSelect<T extends ComponentType>(
  type: T,
  kinds: readonly [DefaultKind, ...DefaultKind[]],
  extra: z.ZodRawShape = {},
) {
  const zDefault = z.object({
    id: zSnowflake,
    type: z.enum(kinds, { error: `Value must be one of (${kinds.map((kind) => `'${kind}'`).join(", ")}).` }),
  });
  return z
    .object({ type: z.literal(type), ...selectFields, default_values: z.array(zDefault).nullish(), ...extra })
    .superRefine((select, ctx) => {
      const max = checkValueRange(select, ctx);
      const defaults = select.default_values as unknown[] | null | undefined;
      if (defaults && defaults.length > max)
        refuse(ctx, ["default_values"], "SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES", TOO_MANY_DEFAULTS);
    });
}

const CHANNEL_TYPES = new Set<number>(Object.values(ChannelType).filter((v): v is number => typeof v === "number"));
const zChannelTypes = z.array(
  z
    .number()
    .int()
    .superRefine((type, ctx) => {
      if (!CHANNEL_TYPES.has(type))
        refuse(ctx, [], "BASE_TYPE_CHOICES", `Value must be one of (${[...CHANNEL_TYPES].join(", ")}).`);
    }),
);

export const zUserSelect = autoSelect(ComponentType.UserSelect, [DefaultKind.User]);
export const zRoleSelect = autoSelect(ComponentType.RoleSelect, [DefaultKind.Role]);
export const zMentionableSelect = autoSelect(ComponentType.MentionableSelect, [DefaultKind.User, DefaultKind.Role]);
export const zChannelSelect = autoSelect(ComponentType.ChannelSelect, [DefaultKind.Channel], {
  channel_types: zChannelTypes.nullish(),
});

// Form-only components ------------------------------------------------------------------------

export const TEXT_INPUT_MAX = 4000;

/**
 * Text input (type 4), in forms only: `style` 1 short or 2 paragraph, lengths up to 4000.
 * `label` is for a text input in an action row; inside a label component the label carries it.
 */
export const zTextInput = z
  .object({
    type: z.literal(ComponentType.TextInput),
    id: zComponentId,
    custom_id: zCustomId,
    style: z.literal([TextInputStyle.Short, TextInputStyle.Paragraph], { error: "Value must be one of (1, 2)." }),
    label: zTextBetween(1, 45).nullish(),
    min_length: zInt(0, TEXT_INPUT_MAX).nullish(),
    max_length: zInt(1, TEXT_INPUT_MAX).nullish(),
    required: z.boolean().nullish(),
    value: zText(TEXT_INPUT_MAX).nullish(),
    placeholder: zText(100).nullish(),
  })
  .superRefine((input, ctx) => {
    if (input.min_length != null && input.max_length != null && input.min_length > input.max_length) {
      refuse(ctx, ["min_length"], "NUMBER_TYPE_MAX", `int value should be less than or equal to ${input.max_length}.`);
    }
  });

/** Label (type 18), in forms only: a title and description over one text input or one string select. */
export const zLabel = z.object({
  type: z.literal(ComponentType.Label),
  id: zComponentId,
  label: zTextBetween(1, 45),
  description: zTextBetween(1, 100).nullish(),
  component: z.discriminatedUnion(
    "type",
    [zTextInput, zStringSelectFields.extend({ required: z.boolean().nullish() }).superRefine(checkStringSelect)],
    {
      error: `Value of field "type" must be one of (${ComponentType.StringSelect}, ${ComponentType.TextInput}).`,
    },
  ),
});
