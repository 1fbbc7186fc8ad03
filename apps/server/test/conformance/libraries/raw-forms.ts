import {
  type APIModalInteractionResponseCallbackData,
  type APIModalSubmission,
  ComponentType,
  TextInputStyle,
} from "discord-api-types/v10";
import type { FormDefinition } from "../bot-interactions";

/** The form as the API's own body (for libraries that take raw payloads: @discordjs/core). */
export function rawForm(form: FormDefinition): APIModalInteractionResponseCallbackData {
  return {
    custom_id: form.customId,
    title: form.title,
    components: form.fields.map((field) => {
      const { input } = field;
      const text =
        input.kind === "text"
          ? {
              type: ComponentType.TextInput as const,
              custom_id: input.customId,
              style: input.style === "short" ? TextInputStyle.Short : TextInputStyle.Paragraph,
              required: input.required,
              ...(input.maxLength !== undefined ? { max_length: input.maxLength } : {}),
              ...(input.placeholder !== undefined ? { placeholder: input.placeholder } : {}),
            }
          : null;
      if (field.layout === "row") {
        if (!text) throw new Error("a legacy row holds a text input");
        return { type: ComponentType.ActionRow, components: [{ ...text, label: field.label }] };
      }
      const component = text ?? {
        type: ComponentType.StringSelect as const,
        custom_id: input.customId,
        max_values: input.kind === "select" ? input.maxValues : 1,
        options: input.kind === "select" ? input.options : [],
      };
      return {
        type: ComponentType.Label,
        label: field.label,
        ...(field.description ? { description: field.description } : {}),
        component,
      };
    }),
  } as APIModalInteractionResponseCallbackData;
}

/** A raw form submission's answers by custom id, read from its rows and labels as a bot without helpers does. */
export function rawFormFields(data: APIModalSubmission): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const entry of data.components) {
    const inputs =
      entry.type === ComponentType.ActionRow
        ? entry.components
        : entry.type === ComponentType.Label
          ? [entry.component]
          : [];
    for (const input of inputs) {
      if ("values" in input) fields[input.custom_id] = input.values;
      else if ("value" in input && typeof input.value === "string") fields[input.custom_id] = input.value;
    }
  }
  return fields;
}
