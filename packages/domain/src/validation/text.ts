import { Errors, type FieldErrors } from "../errors";
import { childNode } from "./field-tree";
import type { FieldPath } from "./form";

/** The 50035 leaf code of a string PostgreSQL cannot store. */
export const UNSTORABLE_TEXT_CODE = "STRING_TYPE_INVALID_CHARACTERS";
export const UNSTORABLE_TEXT_MESSAGE = "Must not contain NUL characters or unpaired surrogates.";

/**
 * Whether PostgreSQL can store a string as text: it cannot hold NUL (U+0000, in text or
 * jsonb), and an unpaired UTF-16 surrogate is no character at all (it would be silently
 * replaced on the way to UTF-8).
 */
export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && !UNPAIRED_SURROGATE.test(value);
}

/** A high surrogate not followed by a low one, or a low one not after a high one. */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The path of the first string (or object key) in `input` that PostgreSQL cannot store, or
 * null when every one can. A bad key is reported at the object holding it.
 */
export function findUnstorableText(input: unknown, path: FieldPath = [], depth = 0): FieldPath | null {
  if (typeof input === "string") return isStorableText(input) ? null : path;
  if (input === null || typeof input !== "object" || depth > 64) return null;
  if (Array.isArray(input)) {
    for (let i = 0; i < input.length; i++) {
      const found = findUnstorableText(input[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, value] of Object.entries(input)) {
    if (!isStorableText(key)) return path;
    const found = findUnstorableText(value, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** 50035 naming `path`, its leaf STRING_TYPE_INVALID_CHARACTERS. */
export function unstorableTextError(path: FieldPath) {
  const root: Record<string, unknown> = {};
  let node = root;
  for (const key of path) node = childNode(node, String(key));
  node._errors = [{ code: UNSTORABLE_TEXT_CODE, message: UNSTORABLE_TEXT_MESSAGE }];
  return Errors.invalidForm(root as FieldErrors);
}

/** Throws 50035 naming the first string of `input` PostgreSQL cannot store (see isStorableText). */
export function assertStorableText(input: unknown, path: FieldPath = []): void {
  const found = findUnstorableText(input, path);
  if (found) throw unstorableTextError(found);
}
