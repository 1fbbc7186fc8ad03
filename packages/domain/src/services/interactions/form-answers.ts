import {
  type APIModalSubmission,
  type APIModalSubmissionComponent,
  ComponentType,
  type ModalSubmitComponent,
} from "discord-api-types/v10";
import { z } from "zod";
import { assertStorableText, type FormInput, TEXT_INPUT_MAX, withoutNulls } from "../../validation";
import { CommandFieldErrors } from "../commands/command-errors";

/** A field's input as the opened form keeps it (nulls dropped, `id` given). */
interface FormTextInput {
  type: ComponentType.TextInput;
  id: number;
  custom_id: string;
  style: number;
  label?: string;
  min_length?: number;
  max_length?: number;
  required?: boolean;
  value?: string;
  placeholder?: string;
}
interface FormStringSelect {
  type: ComponentType.StringSelect;
  id: number;
  custom_id: string;
  min_values?: number;
  max_values?: number;
  required?: boolean;
  options: { label: string; value: string; description?: string; default?: boolean }[];
  placeholder?: string;
}
type FormInputComponent = FormTextInput | FormStringSelect;

export type OpenedFormField =
  | { type: ComponentType.ActionRow; id: number; components: [FormTextInput] }
  | { type: ComponentType.Label; id: number; label: string; description?: string; component: FormInputComponent };

/** A form as it was opened: what the person is shown and what their answers are checked against. */
export interface OpenedForm {
  custom_id: string;
  title: string;
  components: OpenedFormField[];
}

/**
 * The form to open: nulls dropped, and every component without an `id` numbered after the
 * highest one given (the reference numbers them all, and bots read them back on submit).
 */
export function openedForm(form: FormInput): OpenedForm {
  const clean = withoutNulls(form) as unknown as OpenedForm;
  const all: { id?: number }[] = clean.components.flatMap((field) => [
    field,
    ...(field.type === ComponentType.ActionRow ? field.components : [field.component]),
  ]);
  let next = Math.max(0, ...all.map((c) => c.id ?? 0));
  for (const component of all) component.id ??= ++next;
  return clean;
}

/** The input component of each field, in order. */
export function formInputs(form: OpenedForm): FormInputComponent[] {
  return form.components.map((field) =>
    field.type === ComponentType.ActionRow ? field.components[0] : field.component,
  );
}

/** What the person answered: a text for each text input, values for each select, by custom_id. */
export const zFormAnswers = z.record(
  z.string().max(100),
  z.union([z.string().max(TEXT_INPUT_MAX * 2), z.array(z.string().max(100)).max(25)]),
);
export type FormAnswers = z.output<typeof zFormAnswers>;

/**
 * Answers checked against the form that was opened (spec: Interaction lifecycle, "form
 * submitted ... after validation"): each text input's text within its lengths and present when
 * required (required unless `required: false`); each select's values among its options,
 * distinct, between its min and max (none allowed when not required); nothing the form does
 * not have. Refused with 50035 naming `answers.<custom_id>`. Answers the submission's `data`,
 * in the form's structure.
 */
export function checkFormAnswers(form: OpenedForm, raw: unknown): APIModalSubmission {
  assertStorableText(raw ?? {});
  const errors = new CommandFieldErrors();
  const parsed = zFormAnswers.safeParse(raw ?? {});
  if (!parsed.success) {
    errors.addZod(["answers"], parsed.error);
    errors.throwIfAny();
  }
  const answers = parsed.data ?? {};
  const known = new Set(formInputs(form).map((input) => input.custom_id));
  for (const key of Object.keys(answers))
    if (!known.has(key)) errors.add(["answers", key], "COMPONENT_UNKNOWN", "The form has no field with this custom id");
  const submitted = (input: FormInputComponent): ModalSubmitComponent => {
    const answer = answers[input.custom_id];
    const at = ["answers", input.custom_id];
    if (input.type === ComponentType.TextInput) {
      if (answer !== undefined && typeof answer !== "string")
        errors.add(at, "BASE_TYPE_INVALID", "A text input takes text");
      const value = typeof answer === "string" ? answer : "";
      const min = input.min_length ?? 0;
      const max = input.max_length ?? TEXT_INPUT_MAX;
      if (value.length === 0 && input.required !== false)
        errors.add(at, "BASE_TYPE_REQUIRED", "This field is required");
      else if (value.length > 0 && (value.length < min || value.length > max))
        errors.add(at, "BASE_TYPE_BAD_LENGTH", `Must be between ${min} and ${max} in length.`);
      return { type: ComponentType.TextInput, id: input.id, custom_id: input.custom_id, value };
    }
    if (answer !== undefined && !Array.isArray(answer))
      errors.add(at, "BASE_TYPE_INVALID", "A select takes a list of values");
    const values = Array.isArray(answer) ? answer : [];
    const min = input.min_values ?? 1;
    const max = input.max_values ?? 1;
    const offered = new Set(input.options.map((option) => option.value));
    if (values.length === 0) {
      if (input.required !== false && min > 0) errors.add(at, "BASE_TYPE_REQUIRED", "This field is required");
    } else if (values.length < min || values.length > max)
      errors.add(at, "BASE_TYPE_BAD_LENGTH", `Must be between ${min} and ${max} in length.`);
    if (new Set(values).size !== values.length)
      errors.add(at, "COMPONENT_VALUES_DUPLICATED", "Values must be distinct");
    values.forEach((value, index) => {
      if (!offered.has(value))
        errors.add([...at, index], "COMPONENT_VALUE_INVALID", "Not one of this select's choices");
    });
    return { type: ComponentType.StringSelect, id: input.id, custom_id: input.custom_id, values };
  };
  const components: APIModalSubmissionComponent[] = form.components.map((field) =>
    field.type === ComponentType.ActionRow
      ? {
          type: ComponentType.ActionRow,
          id: field.id,
          components: [
            submitted(field.components[0]) as Extract<ModalSubmitComponent, { type: ComponentType.TextInput }>,
          ],
        }
      : { type: ComponentType.Label, id: field.id, component: submitted(field.component) },
  );
  errors.throwIfAny();
  return { custom_id: form.custom_id, components };
}
