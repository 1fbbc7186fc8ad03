import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import { Errors } from "../../errors";
import {
  canActOnMember,
  canManageRole,
  loadMemberSnapshot,
  type MemberSnapshot,
  type RoleSnapshot,
} from "../../permissions";
import { serializeUser, type UserRow } from "../../serializers";
import { type GuildAccess, guildAccess, requirePermission } from "../shared/access";
import { disconnectVoice } from "../voice/voice-enforcement";

/** The actor's standing in the guild, holding `permission` (50013 otherwise). */
export async function actorWith(
  ctx: DomainContext,
  guildId: bigint,
  actorId: bigint,
  permission: bigint,
): Promise<GuildAccess> {
  const access = await guildAccess(ctx, guildId, actorId);
  requirePermission(access.permissions, permission);
  return access;
}

/** A member of the guild, or Unknown Member. */
export async function targetMember(ctx: DomainContext, guildId: bigint, userId: bigint): Promise<MemberSnapshot> {
  const member = await loadMemberSnapshot(ctx.db, guildId, userId);
  if (!member) throw Errors.unknownMember();
  return member;
}

/** Spec rule 10: never the owner, never a member ranked as high as the actor (50013). */
export function requireCanActOn(access: GuildAccess, target: MemberSnapshot): void {
  if (!canActOnMember(access.guild, access.member, target)) throw Errors.missingPermissions();
}

/** Spec rule 10: only roles below the actor's highest role (50013). */
export function requireCanManageRole(access: GuildAccess, role: RoleSnapshot): void {
  if (!canManageRole(access.guild, access.member, role)) throw Errors.missingPermissions();
}

/**
 * After a member left by force (kick, ban): the removed user's sessions get GUILD_DELETE
 * `{ id }` first, while they still receive the guild (the gateway stops sending it to them
 * then), and the remaining members get GUILD_MEMBER_REMOVE `{ guild_id, user }`.
 */
export async function announceRemoval(ctx: DomainContext, guildId: bigint, user: UserRow): Promise<void> {
  const guild = guildId.toString();
  await disconnectVoice(ctx, { guildId, userIds: [user.id] });
  await emit(ctx, {
    t: GatewayDispatchEvents.GuildDelete,
    d: { id: guild },
    guildDeleted: false,
    guildId: guild,
    userIds: [user.id.toString()],
  });
  await emit(ctx, {
    t: GatewayDispatchEvents.GuildMemberRemove,
    d: { guild_id: guild, user: serializeUser(user, ctx.urls) },
    guildId: guild,
  });
}
