import { parseId } from "@chat/domain";
import { z } from "zod";

/**
 * An id on the wire: a decimal string (spec rule 1), a bigint inside. Spelled and bounded as
 * the domain's ids are (no leading zeros, within PostgreSQL's bigint), so a lookup never
 * receives a number the database cannot hold.
 */
export const zSnowflake = z.string().transform((value, ctx) => {
  const id = parseId(value);
  if (id === null) {
    ctx.addIssue({ code: "custom", message: "Not an id." });
    return z.NEVER;
  }
  return id;
});

/** A permission bit field as a decimal string. */
export const zPermissionBits = z.string().regex(/^[0-9]{1,20}$/, "Not a permission bit field.");
