import type { AuditEntry, AuditNamed } from "@chat/domain";
import type { APIAuditLogChange } from "discord-api-types/v10";
import { z } from "zod";
import { zSnowflake } from "../inputs";
import { protectedProcedure, router } from "../trpc";
import { type UserView, userView } from "../views";

/** One entry of the guild's audit log as the settings show it (sentences are made in the app). */
export interface AuditEntryView {
  id: string;
  action: number;
  createdAt: string;
  actor: UserView | null;
  target: AuditNamed | null;
  channel: AuditNamed | null;
  overwriteFor: (AuditNamed & { type: 0 | 1 }) | null;
  changes: APIAuditLogChange[];
  count: number | null;
}

function auditEntryView(entry: AuditEntry): AuditEntryView {
  const { actionType, actor, ...rest } = entry;
  return { ...rest, action: actionType, actor: actor ? userView(actor) : null };
}

/** The guild settings' Audit log (View Audit Log): newest first, by action and by who acted; `cursor` pages to entries before it. */
export const auditLogRouter = router({
  list: protectedProcedure
    .input(
      z.object({
        guildId: zSnowflake,
        action: z.number().optional(),
        userId: zSnowflake.optional(),
        cursor: zSnowflake.nullish(),
        limit: z.number().optional(),
      }),
    )
    .query(async ({ ctx, input }): Promise<{ entries: AuditEntryView[]; more: boolean }> => {
      const { guildId, ...query } = input;
      const page = await ctx.domain.auditLog.list(guildId, ctx.me.id, {
        action: query.action,
        userId: query.userId?.toString(),
        before: query.cursor?.toString(),
        limit: query.limit,
      });
      return { entries: page.entries.map(auditEntryView), more: page.more };
    }),
});
