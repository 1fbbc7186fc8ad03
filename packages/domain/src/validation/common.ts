import { z } from "zod";
import { parseId } from "../ids";

/** An id given as a decimal string or number. */
export const zId = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const id = parseId(value);
  if (id === null) {
    ctx.addIssue({ code: "custom", message: "Value is not snowflake." });
    return z.NEVER;
  }
  return id;
});

/** Usernames: 2–32 characters, lower-case letters, digits, `_` and `.` (the reference platform's rule). */
export const zUsername = z
  .string()
  .min(2, "Must be between 2 and 32 in length.")
  .max(32, "Must be between 2 and 32 in length.")
  .regex(/^[a-z0-9_.]+$/, "Username can only contain lower-case letters, numbers, underscores and periods.");

export const zGuildName = z
  .string()
  .trim()
  .min(2, "Must be between 2 and 100 in length.")
  .max(100, "Must be between 2 and 100 in length.");
