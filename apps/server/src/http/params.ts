import { Errors, parseId } from "@chat/domain";

/** A path id; a malformed one answers like an unknown resource of that kind. */
export function pathId(value: string | undefined, unknown: () => Error = Errors.notFound): bigint {
  const id = parseId(value);
  if (id === null) throw unknown();
  return id;
}
