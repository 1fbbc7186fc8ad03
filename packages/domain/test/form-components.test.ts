import { describe, expect, it } from "vitest";
import { toFieldErrors, zLabel, zTextInput } from "../src/validation";

/** The form-only component records (text input, label), kept ready for forms to reuse. */
const errors = (schema: typeof zTextInput | typeof zLabel, input: unknown) => {
  const result = schema.safeParse(input, { reportInput: true });
  return result.success ? null : toFieldErrors(result.error);
};
const input = (extra: Record<string, unknown> = {}) => ({ type: 4, custom_id: "name", style: 1, ...extra });

describe("form components", () => {
  it("a text input takes style 1 or 2, lengths up to 4000, min not above max", () => {
    expect(
      zTextInput.parse(
        input({
          label: "Name",
          min_length: 1,
          max_length: 4000,
          required: true,
          value: "v",
          placeholder: "p",
          junk: 1,
        }),
      ),
    ).toEqual(input({ label: "Name", min_length: 1, max_length: 4000, required: true, value: "v", placeholder: "p" }));
    expect(errors(zTextInput, input({ style: 3 }))).toMatchObject({
      style: { _errors: [{ code: "BASE_TYPE_CHOICES" }] },
    });
    expect(errors(zTextInput, input({ max_length: 4001 }))).toMatchObject({
      max_length: { _errors: [{ code: "NUMBER_TYPE_MAX" }] },
    });
    expect(errors(zTextInput, input({ min_length: 5, max_length: 2 }))).toMatchObject({
      min_length: { _errors: [{ code: "NUMBER_TYPE_MAX" }] },
    });
    expect(errors(zTextInput, input({ custom_id: "" }))).toMatchObject({
      custom_id: { _errors: [{ code: "BASE_TYPE_BAD_LENGTH" }] },
    });
  });

  it("a label holds one text input or one string select, nothing else", () => {
    expect(errors(zLabel, { type: 18, label: "Name", description: "Yours", component: input() })).toBeNull();
    expect(
      errors(zLabel, {
        type: 18,
        label: "Pick",
        component: { type: 3, custom_id: "s", required: false, options: [{ label: "A", value: "a" }] },
      }),
    ).toBeNull();
    expect(
      errors(zLabel, { type: 18, label: "No", component: { type: 2, style: 1, label: "b", custom_id: "b" } }),
    ).toMatchObject({
      component: { _errors: [{ code: "UNION_TYPE_CHOICES" }] },
    });
    expect(errors(zLabel, { type: 18, label: "x".repeat(46), component: input() })).toMatchObject({
      label: { _errors: [{ code: "BASE_TYPE_BAD_LENGTH" }] },
    });
  });
});
