import type { z } from "zod";
import { Errors, type FieldErrors } from "../errors";

const CODE_BY_ISSUE: Record<string, string> = {
  too_big: "BASE_TYPE_MAX_LENGTH",
  too_small: "BASE_TYPE_MIN_LENGTH",
  invalid_type: "BASE_TYPE_REQUIRED",
};

/** zod issues as the reference platform's nested `errors` object (code 50035). */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const root: Record<string, unknown> = {};
  for (const issue of error.issues) {
    let node = root;
    for (const key of issue.path) {
      const k = String(key);
      node[k] ??= {};
      node = node[k] as Record<string, unknown>;
    }
    if (!node._errors) node._errors = [];
    const list = node._errors as unknown[];
    let code = CODE_BY_ISSUE[issue.code] ?? "BASE_TYPE_INVALID";
    if (issue.code === "invalid_type" && (issue as { input?: unknown }).input !== undefined) code = "BASE_TYPE_INVALID";
    list.push({ code, message: issue.message });
  }
  return root as FieldErrors;
}

/** Parses input with a schema, or throws 50035 naming the fields. */
export function parseForm<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw Errors.invalidForm(toFieldErrors(result.error));
  return result.data;
}
