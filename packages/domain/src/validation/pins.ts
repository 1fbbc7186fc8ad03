import { z } from "zod";

export const PINS_PAGE_MAX = 50;

/** GET /channels/{channel}/messages/pins: `before` a time (ISO 8601), `limit` 1–50 (default 50). */
export const zPinsQuery = z.object({
  before: z
    .string()
    .refine((value) => !Number.isNaN(Date.parse(value)), "Could not interpret value as a date-time.")
    .transform((value) => new Date(value))
    .optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, `Must be between 1 and ${PINS_PAGE_MAX}.`)
    .max(PINS_PAGE_MAX, `Must be between 1 and ${PINS_PAGE_MAX}.`)
    .default(PINS_PAGE_MAX),
});
