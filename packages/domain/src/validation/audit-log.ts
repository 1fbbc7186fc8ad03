import { z } from "zod";
import { zId } from "./common";

/** Entries per page of the settings' audit log view, at most. */
export const AUDIT_LOG_PAGE_MAX = 100;

/** The audit log view's filters: one action type, one person who acted, entries before an id. */
export const zAuditLogQuery = z.object({
  action: z.number().int().min(1, "Unknown action type.").max(255, "Unknown action type.").optional(),
  userId: zId.optional(),
  before: zId.optional(),
  limit: z
    .number()
    .int()
    .min(1, `int value should be greater than or equal to 1.`)
    .max(AUDIT_LOG_PAGE_MAX, `int value should be less than or equal to ${AUDIT_LOG_PAGE_MAX}.`)
    .default(50),
});
