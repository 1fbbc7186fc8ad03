import { ComponentType } from "discord-api-types/v10";
import { z } from "zod";
import { zComponentId, zCustomId, zLabel, zListBetween, zTextBetween, zTextInput } from "./components";
import { refuse } from "./form";

/**
 * A form (callback type 9, spec: Form (modal)): `custom_id`, `title` up to 45 characters, 1–5
 * fields, each an action row holding one text input (which then carries its own `label`) or a
 * label component holding a text input or a string select. Custom ids are unique in the form.
 */

export const FORM_TITLE_MAX = 45;
export const FORM_FIELDS_MAX = 5;

const zFormRow = z
  .object({
    type: z.literal(ComponentType.ActionRow),
    id: zComponentId,
    components: zListBetween(
      z.discriminatedUnion("type", [zTextInput], {
        error: `Value of field "type" must be one of (${ComponentType.TextInput},).`,
      }),
      1,
      1,
    ),
  })
  .superRefine((row, ctx) => {
    if (row.components[0] && !row.components[0].label)
      refuse(ctx, ["components", 0, "label"], "BASE_TYPE_REQUIRED", "This field is required");
  });

const zFormField = z.discriminatedUnion("type", [zFormRow, zLabel], {
  error: `Value of field "type" must be one of (${ComponentType.ActionRow}, ${ComponentType.Label}).`,
});

export const zForm = z
  .object({
    custom_id: zCustomId,
    title: zTextBetween(1, FORM_TITLE_MAX),
    components: zListBetween(zFormField, 1, FORM_FIELDS_MAX),
  })
  .superRefine((form, ctx) => {
    const seen = new Set<string>();
    form.components.forEach((field, index) => {
      const path =
        field.type === ComponentType.ActionRow
          ? ["components", index, "components", 0, "custom_id"]
          : ["components", index, "component", "custom_id"];
      const customId =
        field.type === ComponentType.ActionRow ? field.components[0]?.custom_id : field.component.custom_id;
      if (customId === undefined) return;
      if (seen.has(customId))
        refuse(ctx, path, "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated");
      seen.add(customId);
    });
  });

export type FormInput = z.output<typeof zForm>;
