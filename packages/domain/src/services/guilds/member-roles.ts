import { type APIAuditLogChange, GatewayDispatchEvents } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import { Errors, type FieldErrors } from "../../errors";
import { Permission } from "../../permissions";
import { serializeMember } from "../../serializers";
import { parseForm, zMemberEdit } from "../../validation";
import { captureChannelVisibility } from "../channels/channel-visibility";
import type { GuildAccess } from "../shared/access";
import { AuditLogEvent, recordAudit } from "../shared/audit-log";
import { memberInclude } from "../shared/selects";
import { actorWith, requireCanActOn, requireCanManageRole, targetMember } from "./moderation";

const isForeignKeyViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2003";

interface GuildRole {
  id: bigint;
  position: number;
  permissions: bigint;
  botApplicationId: bigint | null;
}

/** What a role change asks for, decided against the member's roles and the guild's. */
interface RoleChange {
  add: bigint[];
  remove: bigint[];
  /** The role a request names (PUT and DELETE of one role): ranked as for a change, even when the member's roles make it none. */
  named?: bigint;
}

/**
 * A member's roles, changed by someone with Manage Roles (spec: Members): only roles below the
 * actor's highest role, only on members it may act on (rule 10; its own member is allowed),
 * never a bot's managed role. Each change emits GUILD_MEMBER_UPDATE and, for the member alone,
 * CHANNEL_CREATE / CHANNEL_DELETE for the channels it shows or hides.
 */
export class MemberRoleService {
  constructor(private ctx: DomainContext) {}

  /**
   * PATCH /guilds/{guild}/members/{user}: sets the member's roles to `roles`; managed roles it
   * holds stay whether listed or not. Other fields fail with 50035 unless null. Returns the
   * member. On the owner or a member ranked as high as the actor it is 50013 even when it
   * would change nothing.
   */
  async edit(actorId: bigint, guildId: bigint, userId: bigint, input: unknown) {
    const body = parseForm(zMemberEdit, input ?? {});
    const change = await this.apply(actorId, guildId, userId, (held, roles) => {
      if (body.roles === undefined || body.roles === null) return { add: [], remove: [] };
      const errors: FieldErrors = {};
      body.roles.forEach((id, index) => {
        if (id === guildId || !roles.has(id))
          errors[String(index)] = { _errors: [{ code: "BASE_TYPE_INVALID", message: `Unknown role ${id}.` }] };
      });
      if (Object.keys(errors).length > 0) throw Errors.invalidForm({ roles: errors });
      const wanted = new Set(body.roles);
      const add = [...wanted].filter((id) => !held.has(id));
      // Managed roles are not the actor's to take away: they stay whether listed or not.
      const remove = [...held].filter((id) => !wanted.has(id) && roles.get(id)?.botApplicationId === null);
      return { add, remove };
    });
    return change.member;
  }

  /** PUT /guilds/{guild}/members/{user}/roles/{role}: 204; holding it already changes nothing (rule 10 still applies). */
  async addRole(actorId: bigint, guildId: bigint, userId: bigint, roleId: bigint): Promise<void> {
    await this.apply(actorId, guildId, userId, (held, roles) => {
      if (roleId === guildId || !roles.has(roleId)) throw Errors.unknownRole();
      return { add: held.has(roleId) ? [] : [roleId], remove: [], named: roleId };
    });
  }

  /** DELETE /guilds/{guild}/members/{user}/roles/{role}: 204; not holding it changes nothing (rule 10 still applies). */
  async removeRole(actorId: bigint, guildId: bigint, userId: bigint, roleId: bigint): Promise<void> {
    await this.apply(actorId, guildId, userId, (held, roles) => {
      if (roleId === guildId || !roles.has(roleId)) throw Errors.unknownRole();
      return { add: [], remove: held.has(roleId) ? [roleId] : [], named: roleId };
    });
  }

  private async apply(
    actorId: bigint,
    guildId: bigint,
    userId: bigint,
    decide: (held: Set<bigint>, roles: Map<bigint, GuildRole>) => RoleChange,
  ) {
    const access = await actorWith(this.ctx, guildId, actorId, Permission.ManageRoles);
    const target = await targetMember(this.ctx, guildId, userId);
    const roleRows = await this.ctx.db.role.findMany({
      where: { guildId },
      select: { id: true, name: true, position: true, permissions: true, botApplicationId: true },
    });
    const roles = new Map(roleRows.map((r) => [r.id, r]));
    const change = decide(new Set(target.roleIds), roles);
    const changed = change.add.length + change.remove.length > 0;
    // Rule 10 before the shortcut for a request that changes nothing: the owner, or a member
    // ranked as high, answers 50013 whatever their roles are (as the reference platform does).
    this.authorize(
      access,
      target,
      userId,
      [...change.add, ...change.remove].map((id) => roles.get(id) as GuildRole),
    );
    if (change.named !== undefined) requireCanManageRole(access, roles.get(change.named) as GuildRole);
    const visibility = changed ? await captureChannelVisibility(this.ctx, guildId, [userId]) : null;
    const member = await this.ctx.db
      .$transaction(async (tx) => {
        if (change.remove.length)
          await tx.memberRole.deleteMany({ where: { guildId, userId, roleId: { in: change.remove } } });
        if (change.add.length)
          await tx.memberRole.createMany({
            data: change.add.map((roleId) => ({ guildId, userId, roleId })),
            skipDuplicates: true,
          });
        if (changed) {
          const named = (ids: bigint[]) =>
            ids.map((id) => ({ id: id.toString(), name: roleRows.find((r) => r.id === id)?.name ?? "" }));
          const changes = [
            ...(change.add.length ? [{ key: "$add", new_value: named(change.add) }] : []),
            ...(change.remove.length ? [{ key: "$remove", new_value: named(change.remove) }] : []),
          ] as APIAuditLogChange[];
          await recordAudit(tx, {
            guildId,
            userId: actorId,
            actionType: AuditLogEvent.MemberRoleUpdate,
            targetId: userId,
            changes,
          });
        }
        return tx.member.findUnique({ where: { guildId_userId: { guildId, userId } }, include: memberInclude });
      })
      .catch((error: unknown) => {
        // The role (or the member) was deleted meanwhile: nothing was written.
        if (isForeignKeyViolation(error)) throw Errors.unknownRole();
        throw error;
      });
    if (!member) throw Errors.unknownMember();
    const wire = serializeMember(member, this.ctx.urls);
    if (changed) {
      await emit(this.ctx, {
        t: GatewayDispatchEvents.GuildMemberUpdate,
        d: { ...wire, guild_id: guildId.toString() },
        guildId: guildId.toString(),
      });
      await visibility?.emitChanges();
    }
    return { member: wire, changed };
  }

  /** Rule 10 for a role change: the member (unless the actor itself) and every role touched. */
  private authorize(
    access: GuildAccess,
    target: Parameters<typeof requireCanActOn>[1],
    userId: bigint,
    touched: GuildRole[],
  ): void {
    if (userId !== access.member.userId) requireCanActOn(access, target);
    for (const role of touched) {
      if (role.botApplicationId !== null) throw Errors.missingPermissions();
      requireCanManageRole(access, role);
    }
  }
}
