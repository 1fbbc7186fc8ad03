import { ApiError, type FieldErrors, ownField, setField } from "@chat/domain";
import { TRPCError } from "@trpc/server";

type TRPCCode = ConstructorParameters<typeof TRPCError>[0]["code"];

const CODE_BY_STATUS: Record<number, TRPCCode> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  429: "TOO_MANY_REQUESTS",
  503: "SERVICE_UNAVAILABLE",
};

/**
 * By shape as well as by class: Next.js bundles the domain once per server layer (route
 * handlers, server components) while the process shares one domain instance, so an ApiError
 * may come from another copy of the class.
 */
export function isApiError(error: unknown): error is ApiError {
  if (error instanceof ApiError) return true;
  const e = error as Partial<ApiError> | null;
  return error instanceof Error && e?.name === "ApiError" && typeof e.status === "number" && typeof e.code === "number";
}

/** A domain rule was broken: the same status family, the spec's code kept as the cause. */
export function toTRPCError(error: ApiError): TRPCError {
  return new TRPCError({
    code: CODE_BY_STATUS[error.status] ?? "INTERNAL_SERVER_ERROR",
    message: error.message,
    cause: error,
  });
}

/** Adds messages under a field, whatever it is called (`constructor` and `__proto__` are fields here, see ownField). */
function appendMessages(out: Record<string, string[]>, field: string, messages: string[]): void {
  setField(out, field, [...((ownField(out, field) as string[] | undefined) ?? []), ...messages]);
}

/** `{ "username": ["Must be between 2 and 32 in length."] }` from the nested 50035 errors. */
export function flattenFieldErrors(errors: FieldErrors | undefined, prefix = ""): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!errors) return out;
  for (const [key, value] of Object.entries(errors)) {
    if (!value) continue;
    if (key === "_errors" && Array.isArray(value)) {
      appendMessages(
        out,
        prefix || "_",
        value.map((leaf) => leaf.message),
      );
    } else if (!Array.isArray(value)) {
      for (const [field, messages] of Object.entries(flattenFieldErrors(value, prefix ? `${prefix}.${key}` : key)))
        appendMessages(out, field, messages);
    }
  }
  return out;
}

/** Input that failed the procedure's own schema (zod issues), by field path. */
function inputIssues(cause: unknown): Record<string, string[]> | null {
  const issues = (cause as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues) || issues.length === 0) return null;
  const out: Record<string, string[]> = {};
  for (const issue of issues as { message?: unknown; path?: unknown }[]) {
    const path = Array.isArray(issue.path)
      ? issue.path
          .map((p) => String(typeof p === "object" && p && "key" in p ? (p as { key: unknown }).key : p))
          .join(".")
      : "";
    appendMessages(out, path || "_", [typeof issue.message === "string" ? issue.message : "Invalid value."]);
  }
  return out;
}

/** Extra fields of the error shape the client reads: the spec code and per-field messages. */
export function domainErrorData(error: TRPCError): {
  apiCode: number | null;
  fieldErrors: Record<string, string[]> | null;
} {
  const cause = error.cause;
  if (!isApiError(cause))
    return { apiCode: null, fieldErrors: error.code === "BAD_REQUEST" ? inputIssues(cause) : null };
  const fields = flattenFieldErrors(cause.errors);
  return { apiCode: cause.code, fieldErrors: Object.keys(fields).length > 0 ? fields : null };
}
