import { z } from "zod";

/** An id on the wire: a decimal string (spec rule 1), a bigint inside. */
export const zSnowflake = z
  .string()
  .regex(/^[0-9]{1,19}$/, "Not an id.")
  .transform((value) => BigInt(value));

/** A permission bit field as a decimal string. */
export const zPermissionBits = z.string().regex(/^[0-9]{1,20}$/, "Not a permission bit field.");
