import type { z } from "zod";
import { Errors, type FieldErrors } from "../errors";

const CODE_BY_ISSUE: Record<string, string> = {
  too_big: "BASE_TYPE_MAX_LENGTH",
  too_small: "BASE_TYPE_MIN_LENGTH",
  invalid_type: "BASE_TYPE_REQUIRED",
};

/** The reference platform's code for one issue: numbers have their own (NUMBER_TYPE_MAX, ...). */
function leafCode(issue: z.core.$ZodIssue): string {
  const input = (issue as { input?: unknown }).input;
  if ((issue.code === "too_big" || issue.code === "too_small") && (issue.origin === "number" || issue.origin === "int")) {
    return issue.code === "too_big" ? "NUMBER_TYPE_MAX" : "NUMBER_TYPE_MIN";
  }
  if (issue.code === "invalid_type" && issue.expected === "number" && input !== undefined) return "NUMBER_TYPE_COERCE";
  if (issue.code === "invalid_type" && input !== undefined) return "BASE_TYPE_INVALID";
  return CODE_BY_ISSUE[issue.code] ?? "BASE_TYPE_INVALID";
}

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
    list.push({ code: leafCode(issue), message: issue.message });
  }
  return root as FieldErrors;
}

/** Parses input with a schema, or throws 50035 naming the fields. */
export function parseForm<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  // reportInput: the offending value tells a missing field (BASE_TYPE_REQUIRED) from a wrong one.
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw Errors.invalidForm(toFieldErrors(result.error));
  return result.data;
}
