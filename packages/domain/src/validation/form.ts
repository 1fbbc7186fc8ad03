import type { z } from "zod";
import { Errors, type FieldErrors } from "../errors";
import { childNode } from "./field-tree";
import { assertStorableText } from "./text";

const CODE_BY_ISSUE: Record<string, string> = {
  too_big: "BASE_TYPE_MAX_LENGTH",
  too_small: "BASE_TYPE_MIN_LENGTH",
  invalid_type: "BASE_TYPE_REQUIRED",
  invalid_value: "BASE_TYPE_CHOICES",
};

/** A field path as the `errors` object nests it: `["options", 2, "name"]` is `options.2.name`. */
export type FieldPath = readonly (string | number)[];

/**
 * Adds a broken rule from a refinement with the reference platform's own error code (for
 * example COMPONENT_CUSTOM_ID_DUPLICATED); `path` is relative to the value being refined.
 * The rules that hold the value (its object's, its list's) are then not checked on it.
 */
export function refuse(ctx: z.RefinementCtx, path: FieldPath, code: string, message: string): void {
  ctx.addIssue({ code: "custom", path: [...path], message, params: { code }, continue: false });
}

/** A discriminated union given an unknown `type`: the reference names the whole entry, UNION_TYPE_CHOICES. */
const isUnknownKind = (issue: z.core.$ZodIssue) =>
  issue.code === "invalid_union" && "discriminator" in issue && issue.discriminator !== undefined;

/** The reference platform's code for one issue: numbers have their own (NUMBER_TYPE_MAX, ...). */
function leafCode(issue: z.core.$ZodIssue): string {
  const input = (issue as { input?: unknown }).input;
  if (issue.code === "custom" && typeof issue.params?.code === "string") return issue.params.code;
  if (isUnknownKind(issue)) return "UNION_TYPE_CHOICES";
  if (
    (issue.code === "too_big" || issue.code === "too_small") &&
    (issue.origin === "number" || issue.origin === "int")
  ) {
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
    const path =
      isUnknownKind(issue) && issue.path.at(-1) === (issue as { discriminator?: string }).discriminator
        ? issue.path.slice(0, -1)
        : issue.path;
    for (const key of path) node = childNode(node, String(key));
    if (!node._errors) node._errors = [];
    const list = node._errors as unknown[];
    list.push({ code: leafCode(issue), message: issue.message });
  }
  return root as FieldErrors;
}

/**
 * Parses input with a schema, or throws 50035 naming the fields. Every string of the input
 * (and every key) must be one PostgreSQL can store: no NUL, no unpaired surrogate.
 */
export function parseForm<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  assertStorableText(input);
  // reportInput: the offending value tells a missing field (BASE_TYPE_REQUIRED) from a wrong one.
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw Errors.invalidForm(toFieldErrors(result.error));
  return result.data;
}
