import type { Prisma } from "@chat/db";
import { type APIAuditLogChange, GatewayDispatchEvents } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import { Errors, type FieldErrors } from "../../errors";
import { canManageRole, compareRoles, has, highestRole, Permission } from "../../permissions";
import { type RoleRow, serializeRole } from "../../serializers";
import { EVERYONE_FIXED_FIELDS, parseForm, type RoleFieldsInput, zRoleFields, zRolePositions } from "../../validation";
import { captureChannelVisibility } from "../channels/channel-visibility";
import { type GuildAccess, guildAccess } from "../shared/access";
import { AuditLogEvent, recordAudit } from "../shared/audit-log";
import { roleInclude } from "../shared/selects";
import { actorWith, requireCanManageRole } from "./moderation";

type RoleRecord = RoleRow & { botApplication: { botUserId: bigint } | null };
type Tx = Prisma.TransactionClient;

const wire = (role: RoleRecord) => serializeRole(role, role.botApplication?.botUserId);
const byPosition = [{ position: "asc" as const }, { id: "asc" as const }];

/**
 * A guild's roles (spec: Roles). @everyone carries the guild's id and stays at position 0;
 * everything that writes needs Manage Roles and reaches only below the actor's highest role
 * (rule 10). Role writes of one guild take the guild row's lock so positions stay a sequence.
 */
export class RoleService {
  constructor(private ctx: DomainContext) {}

  /** GET /guilds/{guild}/roles: every role, lowest first. */
  async list(guildId: bigint, viewerId: bigint) {
    await guildAccess(this.ctx, guildId, viewerId);
    const roles = await this.ctx.db.role.findMany({ where: { guildId }, include: roleInclude, orderBy: byPosition });
    return roles.map(wire);
  }

  /**
   * The roles as one member's role settings show them, lowest first: each with whether rule 10
   * leaves it within the member's reach, plus the member's own standing (Manage Roles, the
   * permissions they hold, which are the only ones they may grant, and their highest role).
   * What it says is what create, update, move and remove decide.
   */
  async listForEditor(guildId: bigint, viewerId: bigint) {
    const access = await guildAccess(this.ctx, guildId, viewerId);
    const roles = await this.ctx.db.role.findMany({ where: { guildId }, include: roleInclude, orderBy: byPosition });
    return {
      roles: roles.map((role) => ({ role: wire(role), withinReach: canManageRole(access.guild, access.member, role) })),
      owner: access.member.userId === access.guild.ownerId,
      canManageRoles: has(access.permissions, Permission.ManageRoles),
      permissions: access.permissions,
      highestRoleId: highestRole(access.guild, access.member).id,
    };
  }

  /** GET /guilds/{guild}/roles/{role}: Unknown Role for a role of another guild. */
  async get(guildId: bigint, viewerId: bigint, roleId: bigint) {
    await guildAccess(this.ctx, guildId, viewerId);
    return wire(await this.load(guildId, roleId));
  }

  /**
   * POST /guilds/{guild}/roles: a role granting only permissions the actor has, placed at the
   * bottom just above @everyone (position 1, the others move up one). Emits GUILD_ROLE_CREATE,
   * and GUILD_ROLE_UPDATE for each role that moved up.
   */
  async create(actorId: bigint, guildId: bigint, input: unknown) {
    const access = await actorWith(this.ctx, guildId, actorId, Permission.ManageRoles);
    const fields = parseForm(zRoleFields, input ?? {});
    const permissions = fields.permissions ?? 0n;
    if (!has(access.permissions, permissions)) throw Errors.missingPermissions();
    const { role, shifted } = await this.ctx.db.$transaction(async (tx) => {
      await lockGuild(tx, guildId);
      const shifted = await tx.role.findMany({
        where: { guildId, id: { not: guildId }, position: { gte: 1 } },
        select: { id: true },
      });
      await tx.role.updateMany({
        where: { guildId, id: { not: guildId }, position: { gte: 1 } },
        data: { position: { increment: 1 } },
      });
      const role = await tx.role.create({
        data: {
          guildId,
          name: fields.name ?? "new role",
          permissions,
          color: colorOf(fields) ?? 0,
          hoist: fields.hoist ?? false,
          mentionable: fields.mentionable ?? false,
          position: 1,
        },
        include: roleInclude,
      });
      await recordAudit(tx, {
        guildId,
        userId: actorId,
        actionType: AuditLogEvent.RoleCreate,
        targetId: role.id,
        changes: [{ key: "name", new_value: role.name }],
      });
      return {
        role,
        shifted: await this.reload(
          tx,
          shifted.map((r) => r.id),
        ),
      };
    });
    await emit(this.ctx, {
      t: GatewayDispatchEvents.GuildRoleCreate,
      d: { guild_id: guildId.toString(), role: wire(role) },
      guildId: guildId.toString(),
    });
    await this.announceUpdates(guildId, shifted);
    return wire(role);
  }

  /**
   * PATCH /guilds/{guild}/roles/{role}: the fields of create; @everyone only `permissions`
   * (any other field: 50035). Newly granted permissions must be ones the actor has. A change of
   * permissions emits CHANNEL_CREATE / CHANNEL_DELETE to members whose channels it changes.
   */
  async update(actorId: bigint, guildId: bigint, roleId: bigint, input: unknown) {
    const access = await actorWith(this.ctx, guildId, actorId, Permission.ManageRoles);
    const fields = parseForm(zRoleFields, input ?? {});
    const current = await this.load(guildId, roleId);
    if (roleId === guildId) {
      const errors: FieldErrors = {};
      for (const key of EVERYONE_FIXED_FIELDS) {
        if (fields[key] !== undefined && fields[key] !== null)
          errors[key] = {
            _errors: [
              { code: "BASE_TYPE_INVALID", message: "The @everyone role can only have its permissions changed." },
            ],
          };
      }
      if (Object.keys(errors).length > 0) throw Errors.invalidForm(errors);
    }
    requireCanManageRole(access, current);
    const permissions = fields.permissions ?? current.permissions;
    if (!has(access.permissions, permissions & ~current.permissions)) throw Errors.missingPermissions();
    const permissionsChange = permissions !== current.permissions;
    const visibility = permissionsChange
      ? await captureChannelVisibility(this.ctx, guildId, await this.holders(guildId, roleId))
      : null;
    const color = colorOf(fields);
    const data = {
      ...(fields.name != null ? { name: fields.name } : {}),
      ...(color !== undefined ? { color } : {}),
      ...(fields.hoist != null ? { hoist: fields.hoist } : {}),
      ...(fields.mentionable != null ? { mentionable: fields.mentionable } : {}),
      permissions,
    };
    const role = await this.ctx.db.$transaction(async (tx) => {
      const changes = roleChanges(current, data);
      if (changes.length > 0)
        await recordAudit(tx, {
          guildId,
          userId: actorId,
          actionType: AuditLogEvent.RoleUpdate,
          targetId: roleId,
          changes,
        });
      return tx.role.update({ where: { id: roleId }, data, include: roleInclude });
    });
    await this.announceUpdates(guildId, [role]);
    await visibility?.emitChanges();
    return wire(role);
  }

  /**
   * PATCH /guilds/{guild}/roles: moves roles to the given positions. @everyone stays at 0
   * (moving it: 50035); roles at or above the actor's highest cannot move, and nothing may be
   * moved to or above it (50013). Positions are renumbered 1..n; every role whose position
   * changed gets GUILD_ROLE_UPDATE. Returns all roles.
   */
  async move(actorId: bigint, guildId: bigint, input: unknown) {
    const access = await actorWith(this.ctx, guildId, actorId, Permission.ManageRoles);
    const entries = parseForm(zRolePositions, input);
    const changedRoles = await this.ctx.db.$transaction(async (tx) => {
      await lockGuild(tx, guildId);
      const roles = await tx.role.findMany({
        where: { guildId },
        select: { id: true, position: true, permissions: true },
      });
      const byId = new Map(roles.map((r) => [r.id, r]));
      const moves = this.checkMoves(access, guildId, byId, entries);
      const order = roles.filter((r) => r.id !== guildId && !moves.has(r.id)).sort(compareRoles);
      const moved = [...moves].sort(([a, pa], [b, pb]) => pa - pb || compareRoles(byId.get(a)!, byId.get(b)!));
      for (const [id, position] of moved)
        order.splice(Math.min(Math.max(position - 1, 0), order.length), 0, byId.get(id)!);
      if (access.member.userId !== access.guild.ownerId) {
        const ceiling = order.findIndex((r) => r.id === highestRole(access.guild, access.member).id);
        if (moved.some(([id]) => ceiling === -1 || order.findIndex((r) => r.id === id) >= ceiling))
          throw Errors.missingPermissions();
      }
      const changed: bigint[] = [];
      for (const [index, role] of order.entries()) {
        if (role.position === index + 1) continue;
        await tx.role.update({ where: { id: role.id }, data: { position: index + 1 } });
        changed.push(role.id);
      }
      return this.reload(tx, changed);
    });
    await this.announceUpdates(guildId, changedRoles);
    const roles = await this.ctx.db.role.findMany({ where: { guildId }, include: roleInclude, orderBy: byPosition });
    return roles.map(wire);
  }

  /**
   * DELETE /guilds/{guild}/roles/{role}: below the actor's highest role; a bot's managed role
   * cannot be deleted (50013), nor @everyone (50035). Recorded in the audit log with the
   * delete; the roles above move down one. Emits GUILD_ROLE_DELETE, GUILD_ROLE_UPDATE for the
   * roles that moved, and the channel changes of the members who held it.
   */
  async remove(actorId: bigint, guildId: bigint, roleId: bigint): Promise<void> {
    const access = await actorWith(this.ctx, guildId, actorId, Permission.ManageRoles);
    const role = await this.load(guildId, roleId);
    if (roleId === guildId) throw Errors.refused("The @everyone role cannot be deleted.");
    if (role.botApplicationId !== null) throw Errors.missingPermissions();
    requireCanManageRole(access, role);
    const visibility = await captureChannelVisibility(this.ctx, guildId, await this.holders(guildId, roleId));
    const shifted = await this.ctx.db.$transaction(async (tx) => {
      await lockGuild(tx, guildId);
      const gone = await tx.role.deleteMany({ where: { id: roleId, guildId } });
      if (gone.count === 0) throw Errors.unknownRole();
      const above = await tx.role.findMany({
        where: { guildId, id: { not: guildId }, position: { gt: role.position } },
        select: { id: true },
      });
      await tx.role.updateMany({ where: { id: { in: above.map((r) => r.id) } }, data: { position: { decrement: 1 } } });
      await recordAudit(tx, {
        guildId,
        userId: actorId,
        actionType: AuditLogEvent.RoleDelete,
        targetId: roleId,
        changes: [{ key: "name", old_value: role.name }],
      });
      return this.reload(
        tx,
        above.map((r) => r.id),
      );
    });
    await emit(this.ctx, {
      t: GatewayDispatchEvents.GuildRoleDelete,
      d: { guild_id: guildId.toString(), role_id: roleId.toString() },
      guildId: guildId.toString(),
    });
    await this.announceUpdates(guildId, shifted);
    await visibility.emitChanges();
  }

  /**
   * The moves asked for, by role id, after the checks that do not depend on the new order.
   * An entry naming a role's current position is no move (clients send the whole list).
   */
  private checkMoves(
    access: GuildAccess,
    guildId: bigint,
    roles: Map<bigint, { id: bigint; position: number; permissions: bigint }>,
    entries: { id: bigint; position?: number | null }[],
  ) {
    const errors: FieldErrors = {};
    const moves = new Map<bigint, number>();
    entries.forEach((entry, index) => {
      const role = roles.get(entry.id);
      if (!role)
        errors[String(index)] = {
          id: { _errors: [{ code: "BASE_TYPE_INVALID", message: `Unknown role ${entry.id}.` }] },
        };
      else if (entry.id === guildId) {
        if (entry.position != null && entry.position !== 0)
          errors[String(index)] = {
            position: { _errors: [{ code: "BASE_TYPE_INVALID", message: "The @everyone role stays at position 0." }] },
          };
      } else if (entry.position != null && entry.position !== role.position) moves.set(entry.id, entry.position);
    });
    if (Object.keys(errors).length > 0) throw Errors.invalidForm(errors);
    if (access.member.userId !== access.guild.ownerId) {
      const ceiling = highestRole(access.guild, access.member);
      for (const [id, position] of moves) {
        requireCanManageRole(access, roles.get(id)!);
        if (position >= ceiling.position) throw Errors.missingPermissions();
      }
    }
    return moves;
  }

  private async load(guildId: bigint, roleId: bigint): Promise<RoleRecord> {
    const role = await this.ctx.db.role.findUnique({ where: { id: roleId }, include: roleInclude });
    if (!role || role.guildId !== guildId) throw Errors.unknownRole();
    return role;
  }

  /** Who holds a role (everyone, for @everyone): whose channels a change of it can move. */
  private async holders(guildId: bigint, roleId: bigint): Promise<bigint[] | undefined> {
    if (roleId === guildId) return undefined;
    const rows = await this.ctx.db.memberRole.findMany({ where: { roleId }, select: { userId: true } });
    return rows.map((r) => r.userId);
  }

  private reload(tx: Tx, ids: bigint[]): Promise<RoleRecord[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return tx.role.findMany({ where: { id: { in: ids } }, include: roleInclude, orderBy: byPosition });
  }

  private async announceUpdates(guildId: bigint, roles: RoleRecord[]): Promise<void> {
    for (const role of roles) {
      await emit(this.ctx, {
        t: GatewayDispatchEvents.GuildRoleUpdate,
        d: { guild_id: guildId.toString(), role: wire(role) },
        guildId: guildId.toString(),
      });
    }
  }
}

/** `color`, or else `colors.primary_color`; undefined when neither is given. */
function colorOf(fields: RoleFieldsInput): number | undefined {
  return fields.color ?? fields.colors?.primary_color ?? undefined;
}

/** Serializes role writes of one guild (positions are read, shifted and written together). */
async function lockGuild(tx: Tx, guildId: bigint): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM "Guild" WHERE "id" = ${guildId} FOR UPDATE`;
}

/** What a role update changed, as audit log changes (permissions as decimal strings, like the wire). */
function roleChanges(
  current: RoleRecord,
  next: { name?: string; color?: number; hoist?: boolean; mentionable?: boolean; permissions: bigint },
): APIAuditLogChange[] {
  const changes: APIAuditLogChange[] = [];
  for (const key of ["name", "color", "hoist", "mentionable"] as const) {
    const value = next[key];
    if (value !== undefined && value !== current[key])
      changes.push({ key, old_value: current[key], new_value: value } as APIAuditLogChange);
  }
  if (next.permissions !== current.permissions)
    changes.push({
      key: "permissions",
      old_value: current.permissions.toString(),
      new_value: next.permissions.toString(),
    });
  return changes;
}
