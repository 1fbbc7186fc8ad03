import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import { Errors, type FieldErrors } from "../../errors";
import {
  canActOnMember,
  canManageRole,
  GUILD_ONLY_PERMISSIONS,
  type GuildSnapshot,
  isThreadType,
  loadMemberSnapshots,
  type MemberSnapshot,
  Permission,
} from "../../permissions";
import { serializeChannel } from "../../serializers";
import { type OverwriteEntry, parseForm, zOverwritePut } from "../../validation";
import { type ChannelAccess, channelAccess, requirePermission } from "../shared/access";
import { AuditLogEvent, recordAudit } from "../shared/audit-log";
import { channelInclude } from "../shared/selects";
import { captureChannelVisibility } from "./channel-visibility";

export interface StoredOverwrite {
  targetId: bigint;
  /** 0 role, 1 member */
  type: number;
  allow: bigint;
  deny: bigint;
}

/** Who sets overwrites: its standing in the guild and its permissions where the overwrite goes. */
export interface OverwriteActor {
  guild: GuildSnapshot;
  member: MemberSnapshot;
  permissions: bigint;
}

/** Spec (PUT permissions): "bits that cannot be set per channel are dropped". */
export function channelOnlyBits(bits: bigint): bigint {
  return bits & ~GUILD_ONLY_PERMISSIONS;
}

/** Member overwrite targets by user id, loaded in one query; users who are not members are absent. */
export type OverwriteTargets = Map<bigint, MemberSnapshot>;

async function loadOverwriteTargets(ctx: DomainContext, guildId: bigint, userIds: bigint[]): Promise<OverwriteTargets> {
  const members = await loadMemberSnapshots(ctx.db, guildId, [...new Set(userIds)]);
  return new Map(members.map((m) => [m.userId, m]));
}

/**
 * Spec (PUT permissions, rule 10): only permissions the actor itself has where the overwrite
 * applies, only for roles below its highest role, and only for members it can act on (ranked
 * strictly below its highest role, never the owner). Anything else is 50013.
 *
 * The actor's own member overwrite is the one exception to the member rank check, as on the
 * reference platform (a bot may create a channel hidden from @everyone but allowed to itself):
 * it may set or change it only with bits it already holds there, and never lift a deny that
 * stands on it (dropping a deny, or deleting an overwrite that holds one, is 50013), so
 * nothing it does to itself gains it a permission. `previous` is the overwrite being replaced.
 * A stale member overwrite whose user left the guild is ranked as a member with no roles.
 */
export function checkOverwriteReach(
  actor: OverwriteActor,
  overwrite: { targetId: bigint; type: number; allow?: bigint; deny?: bigint },
  targets: OverwriteTargets,
  previous?: { type: number; deny: bigint },
): void {
  if (overwrite.type === 0) {
    const role = actor.guild.roles.get(overwrite.targetId);
    if (role && !canManageRole(actor.guild, actor.member, role)) throw Errors.missingPermissions();
  } else if (overwrite.targetId === actor.member.userId) {
    const standingDeny = previous?.type === 1 ? previous.deny : 0n;
    if ((standingDeny & ~(overwrite.deny ?? 0n)) !== 0n) throw Errors.missingPermissions();
  } else {
    const target = targets.get(overwrite.targetId) ?? { userId: overwrite.targetId, roleIds: [], isBot: false };
    if (!canActOnMember(actor.guild, actor.member, target)) throw Errors.missingPermissions();
  }
  const bits = (overwrite.allow ?? 0n) | (overwrite.deny ?? 0n);
  if ((bits & ~actor.permissions) !== 0n) throw Errors.missingPermissions();
}

function sameOverwrite(a: StoredOverwrite | undefined, b: StoredOverwrite): boolean {
  return a !== undefined && a.type === b.type && a.allow === b.allow && a.deny === b.deny;
}

/** Whether two overwrite sets hold the same entries. */
export function sameOverwriteSet(a: StoredOverwrite[], b: StoredOverwrite[]): boolean {
  if (a.length !== b.length) return false;
  const byTarget = new Map(a.map((o) => [o.targetId, o]));
  return b.every((o) => sameOverwrite(byTarget.get(o.targetId), o));
}

/**
 * The overwrite set a channel create or edit asks for (`permission_overwrites` replaces the
 * set), checked with the same restrictions as PUT permissions: targets must be roles or members
 * of the guild (else 50035 naming the entry), every added or changed entry and every removed
 * role entry must be within the actor's reach (else 50013). Guild-only bits are dropped.
 */
export async function resolveOverwriteSet(
  ctx: DomainContext,
  actor: OverwriteActor,
  existing: StoredOverwrite[],
  requested: OverwriteEntry[],
): Promise<StoredOverwrite[]> {
  const memberIds = [
    ...requested.filter((o) => o.type === 1).map((o) => o.id),
    ...existing.filter((o) => o.type === 1).map((o) => o.targetId),
  ];
  const targets = memberIds.length
    ? await loadOverwriteTargets(ctx, actor.guild.id, memberIds)
    : new Map<bigint, MemberSnapshot>();
  const errors: FieldErrors = {};
  requested.forEach((o, index) => {
    const known = o.type === 0 ? actor.guild.roles.has(o.id) : targets.has(o.id);
    if (!known) {
      errors[String(index)] = {
        id: { _errors: [{ code: "BASE_TYPE_INVALID", message: o.type === 0 ? "Unknown role." : "Unknown member." }] },
      };
    }
  });
  if (Object.keys(errors).length > 0) throw Errors.invalidForm({ permission_overwrites: errors });

  // The last entry for a target wins.
  const wanted = new Map<bigint, StoredOverwrite>();
  for (const o of requested)
    wanted.set(o.id, { targetId: o.id, type: o.type, allow: channelOnlyBits(o.allow), deny: channelOnlyBits(o.deny) });
  const before = new Map(existing.map((o) => [o.targetId, o]));
  for (const o of wanted.values()) {
    if (!sameOverwrite(before.get(o.targetId), o)) checkOverwriteReach(actor, o, targets, before.get(o.targetId));
  }
  for (const o of existing) {
    if (!wanted.has(o.targetId)) checkOverwriteReach(actor, { targetId: o.targetId, type: o.type }, targets, o);
  }
  return [...wanted.values()];
}

/** PUT and DELETE /channels/{channel}/permissions/{overwrite}. */
export class ChannelOverwriteService {
  constructor(private ctx: DomainContext) {}

  /** A guild channel that is not a thread, where the caller holds Manage Roles. */
  private async editable(
    channelId: bigint,
    userId: bigint,
  ): Promise<ChannelAccess & { guild: GuildSnapshot; member: MemberSnapshot }> {
    const access = await channelAccess(this.ctx, channelId, userId);
    if (!access.guild || !access.member) throw Errors.dmChannelAction();
    if (isThreadType(access.channel.type)) throw Errors.wrongChannelType();
    requirePermission(access.permissions, Permission.ManageRoles);
    return access as ChannelAccess & { guild: GuildSnapshot; member: MemberSnapshot };
  }

  /** Sets (creates or replaces) the overwrite for one role or member. */
  async put(channelId: bigint, targetId: bigint, userId: bigint, body: unknown): Promise<void> {
    const access = await this.editable(channelId, userId);
    const input = parseForm(zOverwritePut, body ?? {});
    if (input.type === 0 && !access.guild.roles.has(targetId)) throw Errors.unknownRole();
    const targets =
      input.type === 1
        ? await loadOverwriteTargets(this.ctx, access.guild.id, [targetId])
        : new Map<bigint, MemberSnapshot>();
    if (input.type === 1 && !targets.has(targetId)) throw Errors.unknownMember();
    const overwrite: StoredOverwrite = {
      targetId,
      type: input.type,
      allow: channelOnlyBits(input.allow),
      deny: channelOnlyBits(input.deny),
    };
    const previous = access.channel.overwrites.find((o) => o.targetId === targetId);
    checkOverwriteReach(access, overwrite, targets, previous);

    const visibility = await captureChannelVisibility(this.ctx, access.guild.id);
    await this.ctx.db.$transaction(async (tx) => {
      await tx.permissionOverwrite.upsert({
        where: { channelId_targetId: { channelId, targetId } },
        create: { channelId, ...overwrite },
        update: { type: overwrite.type, allow: overwrite.allow, deny: overwrite.deny },
      });
      await recordAudit(tx, {
        guildId: access.guild.id,
        userId,
        actionType: previous ? AuditLogEvent.ChannelOverwriteUpdate : AuditLogEvent.ChannelOverwriteCreate,
        targetId: channelId,
        options: { id: targetId.toString(), type: String(overwrite.type) },
      });
    });
    await this.announce(access.guild.id, channelId, visibility);
  }

  /** Removes the overwrite for one role or member; removing one that is not there is not an error. */
  async remove(channelId: bigint, targetId: bigint, userId: bigint): Promise<void> {
    const access = await this.editable(channelId, userId);
    const previous = access.channel.overwrites.find((o) => o.targetId === targetId);
    const type = previous?.type ?? (access.guild.roles.has(targetId) ? 0 : 1);
    const targets =
      type === 1
        ? await loadOverwriteTargets(this.ctx, access.guild.id, [targetId])
        : new Map<bigint, MemberSnapshot>();
    checkOverwriteReach(access, { targetId, type }, targets, previous);
    if (!previous) return;

    const visibility = await captureChannelVisibility(this.ctx, access.guild.id);
    const removed = await this.ctx.db.$transaction(async (tx) => {
      const { count } = await tx.permissionOverwrite.deleteMany({ where: { channelId, targetId } });
      if (count > 0) {
        await recordAudit(tx, {
          guildId: access.guild.id,
          userId,
          actionType: AuditLogEvent.ChannelOverwriteDelete,
          targetId: channelId,
          options: { id: targetId.toString(), type: String(previous.type) },
        });
      }
      return count;
    });
    if (removed > 0) await this.announce(access.guild.id, channelId, visibility);
  }

  /** CHANNEL_CREATE / CHANNEL_DELETE to members who gained or lost the channel, CHANNEL_UPDATE to its viewers. */
  private async announce(
    guildId: bigint,
    channelId: bigint,
    visibility: Awaited<ReturnType<typeof captureChannelVisibility>>,
  ): Promise<void> {
    await visibility.emitChanges();
    const channel = await this.ctx.db.channel.findUnique({ where: { id: channelId }, include: channelInclude });
    if (channel) {
      await emit(this.ctx, {
        t: GatewayDispatchEvents.ChannelUpdate,
        d: serializeChannel(channel, this.ctx.urls),
        guildId: guildId.toString(),
        channelId: channelId.toString(),
      });
    }
  }
}
