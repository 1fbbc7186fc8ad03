import type { FormOpenData } from "@chat/events/catalogue";

/** One answerable field of a form, whatever its layout (legacy row or label). */
export interface FormField {
  customId: string;
  label: string;
  description: string | null;
  required: boolean;
  kind: "short" | "paragraph" | "select";
  minLength: number;
  maxLength: number;
  placeholder: string | null;
  initial: string | string[];
  options: { label: string; value: string; description: string | null }[];
  minValues: number;
  maxValues: number;
}

export type FormAnswers = Record<string, string | string[]>;

const TEXT_MAX = 4000;

type RawInput = {
  type: number;
  custom_id: string;
  style?: number;
  label?: string;
  min_length?: number;
  max_length?: number;
  required?: boolean;
  value?: string;
  placeholder?: string;
  min_values?: number;
  max_values?: number;
  options?: { label: string; value: string; description?: string; default?: boolean }[];
};

/** The form's fields in order, as the dialog shows them (a text input is required unless `required: false`). */
export function formFields(form: FormOpenData["form"]): FormField[] {
  return (
    form.components as unknown as {
      type: number;
      label?: string;
      description?: string;
      component?: RawInput;
      components?: RawInput[];
    }[]
  ).flatMap((field): FormField[] => {
    const input = field.type === 18 ? field.component : field.components?.[0];
    if (!input) return [];
    const label = (field.type === 18 ? field.label : input.label) ?? input.custom_id;
    const common = {
      customId: input.custom_id,
      label,
      description: field.type === 18 ? (field.description ?? null) : null,
      required: input.required !== false,
      placeholder: input.placeholder ?? null,
    };
    if (input.type === 3) {
      const options = (input.options ?? []).map((o) => ({
        label: o.label,
        value: o.value,
        description: o.description ?? null,
      }));
      const initial = (input.options ?? []).filter((o) => o.default).map((o) => o.value);
      return [
        {
          ...common,
          kind: "select",
          minLength: 0,
          maxLength: 0,
          initial,
          options,
          minValues: input.min_values ?? 1,
          maxValues: input.max_values ?? 1,
        },
      ];
    }
    return [
      {
        ...common,
        kind: input.style === 2 ? "paragraph" : "short",
        minLength: input.min_length ?? 0,
        maxLength: input.max_length ?? TEXT_MAX,
        initial: input.value ?? "",
        options: [],
        minValues: 0,
        maxValues: 0,
      },
    ];
  });
}

/** What the service would refuse, said before sending (the service checks again). */
export function answerProblems(fields: FormField[], answers: FormAnswers): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const answer = answers[field.customId];
    if (field.kind === "select") {
      const values = Array.isArray(answer) ? answer : [];
      if (values.length === 0) {
        if (field.required && field.minValues > 0) problems[field.customId] = "This field is required.";
      } else if (values.length < field.minValues || values.length > field.maxValues)
        problems[field.customId] = `Choose between ${field.minValues} and ${field.maxValues}.`;
      continue;
    }
    const text = typeof answer === "string" ? answer : "";
    if (text.length === 0) {
      if (field.required) problems[field.customId] = "This field is required.";
    } else if (text.length < field.minLength || text.length > field.maxLength) {
      problems[field.customId] = `Must be between ${field.minLength} and ${field.maxLength} characters.`;
    }
  }
  return problems;
}
