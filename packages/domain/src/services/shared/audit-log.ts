import type { Db } from "@chat/db";
import { type APIAuditLogChange, AuditLogEvent } from "discord-api-types/v10";

export { AuditLogEvent };

type Writer = Pick<Db, "auditLogEntry">;

/**
 * One entry in a guild's audit log (the deletes the spec says are recorded, and whatever
 * else a service chooses to keep). Pass the transaction client to record it with the change.
 */
export async function recordAudit(
  db: Writer,
  entry: {
    guildId: bigint;
    userId: bigint | null;
    actionType: AuditLogEvent;
    targetId?: bigint | null;
    options?: Record<string, string>;
    changes?: APIAuditLogChange[];
  },
): Promise<void> {
  await db.auditLogEntry.create({
    data: {
      guildId: entry.guildId,
      userId: entry.userId,
      actionType: entry.actionType,
      targetId: entry.targetId ?? null,
      options: entry.options ?? undefined,
      changes: entry.changes ? (entry.changes as object[]) : undefined,
    },
  });
}
