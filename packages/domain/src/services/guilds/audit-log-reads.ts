import type { APIAuditLogChange } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { Permission } from "../../permissions";
import { serializeUser } from "../../serializers";
import type { WireUser } from "../../serializers/user";
import { parseForm, zAuditLogQuery } from "../../validation";

import { guildAccess, requirePermission } from "../shared/access";
import { AuditLogEvent } from "../shared/audit-log";
import { onlyValue } from "../shared/index-order";
import { userSelect } from "../shared/selects";

/** Something an entry names, with its name now (or when it was deleted); null name: gone and unnamed. */
export interface AuditNamed {
  id: string;
  name: string | null;
}

/** One audit log entry with the people, channels, roles and emoji it names resolved. */
export interface AuditEntry {
  id: string;
  actionType: AuditLogEvent;
  createdAt: string;
  actor: WireUser | null;
  /** A person for member, ban and message actions; the channel, role, emoji, thread or event otherwise. */
  target: AuditNamed | null;
  /** Where it happened (message deletes and pins, overwrites). */
  channel: AuditNamed | null;
  /** Whose permissions an overwrite changed: a role (`type` 0) or a member (1). */
  overwriteFor: (AuditNamed & { type: 0 | 1 }) | null;
  changes: APIAuditLogChange[];
  /** Messages removed by a bulk delete. */
  count: number | null;
}

type TargetKind = "user" | "channel" | "role" | "emoji" | "event" | "none";

/** What an entry's `targetId` is, by its action. */
function targetKind(action: number): TargetKind {
  if (action >= 10 && action <= 15) return "channel";
  if (action >= 20 && action <= 28) return "user";
  if (action >= 30 && action <= 32) return "role";
  if (action >= 60 && action <= 62) return "emoji";
  if (action === AuditLogEvent.MessageBulkDelete) return "channel";
  if (action >= 72 && action <= 75) return "user";
  if (action >= 100 && action <= 102) return "event";
  if (action >= 110 && action <= 112) return "channel";
  return "none";
}

/** The name an entry recorded for what it deleted, if any. */
function recordedName(changes: APIAuditLogChange[]): string | null {
  const change = changes.find((c) => c.key === "name");
  const value = change?.old_value ?? change?.new_value;
  return typeof value === "string" ? value : null;
}

/**
 * The guild's audit log for its settings (View Audit Log), newest first, filtered by action and
 * by who acted, paged with `before`.
 */
export class AuditLogReads {
  constructor(private ctx: DomainContext) {}

  async list(guildId: bigint, viewerId: bigint, query: unknown): Promise<{ entries: AuditEntry[]; more: boolean }> {
    const access = await guildAccess(this.ctx, guildId, viewerId);
    requirePermission(access.permissions, Permission.ViewAuditLog);
    const { action, userId, before, limit } = parseForm(zAuditLogQuery, query ?? {});
    const rows = await this.ctx.db.auditLogEntry.findMany({
      // The guild as a range, first in the order: only (guild, id) serves it (shared/index-order.ts).
      where: {
        guildId: onlyValue(guildId),
        ...(action !== undefined ? { actionType: action } : {}),
        ...(userId !== undefined ? { userId } : {}),
        ...(before !== undefined ? { id: { lt: before } } : {}),
      },
      orderBy: [{ guildId: "desc" }, { id: "desc" }],
      take: limit + 1,
    });
    const page = rows.slice(0, limit);
    const ids = {
      user: new Set<bigint>(),
      channel: new Set<bigint>(),
      role: new Set<bigint>(),
      emoji: new Set<bigint>(),
      event: new Set<bigint>(),
    };
    const options = (row: (typeof page)[number]) => (row.options ?? {}) as Record<string, string>;
    for (const row of page) {
      if (row.userId !== null) ids.user.add(row.userId);
      const kind = targetKind(row.actionType);
      if (row.targetId !== null && kind !== "none") ids[kind].add(row.targetId);
      const { channel_id: channelId, id: overwriteId, type } = options(row);
      if (channelId) ids.channel.add(BigInt(channelId));
      if (overwriteId) ids[type === "1" ? "user" : "role"].add(BigInt(overwriteId));
    }
    const names = await this.names(guildId, ids);

    const entries = page.map((row): AuditEntry => {
      const changes = (row.changes ?? []) as unknown as APIAuditLogChange[];
      const kind = targetKind(row.actionType);
      const named = (
        k: Exclude<TargetKind, "none">,
        id: bigint | string | null | undefined,
        fallback: string | null = null,
      ): AuditNamed | null =>
        id === null || id === undefined ? null : { id: id.toString(), name: names[k].get(BigInt(id)) ?? fallback };
      const { channel_id: channelId, id: overwriteId, type, count } = options(row);
      const actor = row.userId === null ? undefined : names.users.get(row.userId);
      return {
        id: row.id.toString(),
        actionType: row.actionType as AuditLogEvent,
        createdAt: row.createdAt.toISOString(),
        actor: actor ? serializeUser(actor, this.ctx.urls) : null,
        target: kind === "none" ? null : named(kind, row.targetId, recordedName(changes)),
        channel: named("channel", channelId),
        overwriteFor: overwriteId
          ? { ...(named(type === "1" ? "user" : "role", overwriteId) as AuditNamed), type: type === "1" ? 1 : 0 }
          : null,
        changes,
        count: count ? Number(count) : null,
      };
    });
    return { entries, more: rows.length > limit };
  }

  /** Current names of everything the page names, one query per kind. */
  private async names(guildId: bigint, ids: Record<Exclude<TargetKind, "none">, Set<bigint>>) {
    const db = this.ctx.db;
    const [users, channels, roles, emojis, events] = await Promise.all([
      ids.user.size ? db.user.findMany({ where: { id: { in: [...ids.user] } }, select: userSelect }) : [],
      ids.channel.size
        ? db.channel.findMany({ where: { id: { in: [...ids.channel] }, guildId }, select: { id: true, name: true } })
        : [],
      ids.role.size
        ? db.role.findMany({ where: { id: { in: [...ids.role] }, guildId }, select: { id: true, name: true } })
        : [],
      ids.emoji.size
        ? db.emoji.findMany({ where: { id: { in: [...ids.emoji] }, guildId }, select: { id: true, name: true } })
        : [],
      ids.event.size
        ? db.scheduledEvent.findMany({
            where: { id: { in: [...ids.event] }, guildId },
            select: { id: true, name: true },
          })
        : [],
    ]);
    const byId = (rows: { id: bigint; name: string | null }[]) => new Map(rows.map((r) => [r.id, r.name ?? ""]));
    return {
      users: new Map(users.map((u) => [u.id, u])),
      user: new Map(users.map((u) => [u.id, u.globalName ?? u.username])),
      channel: byId(channels),
      role: byId(roles),
      emoji: byId(emojis),
      event: byId(events),
    };
  }
}
