import type { APIAuditLogChange } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { Errors } from "../../errors";
import { Permission } from "../../permissions";
import { type InviteRow, serializeInvite } from "../../serializers";
import { type ChannelAccess, channelAccess, requirePermission } from "../shared/access";
import { userSelect } from "../shared/selects";

/** Channel kinds an invite may be made in: text and voice (not categories, threads or DMs). */
const INVITABLE_CHANNEL_TYPES = new Set([0, 2]);

export const inviteInclude = {
  guild: { select: { id: true, name: true, iconHash: true, description: true, vanityCode: true } },
  channel: { select: { id: true, name: true, type: true } },
} as const;

/** An invite row as stored, with what `inviteInclude` adds. */
export type StoredInvite = Omit<InviteRow, "inviter"> & { inviterId: bigint | null };

/** Whether an invite can still be used: not expired and not used up. */
export function stillValid(invite: { expiresAt: Date | null; maxUses: number; uses: number }, now: Date): boolean {
  return (
    (invite.expiresAt === null || invite.expiresAt > now) && (invite.maxUses === 0 || invite.uses < invite.maxUses)
  );
}

/**
 * The caller's standing in a channel an invite is to be made in: a guild text or voice
 * channel they can see, with Create Invite there.
 */
export async function inviteChannelAccess(
  ctx: DomainContext,
  channelId: bigint,
  userId: bigint,
): Promise<ChannelAccess & { channel: { guildId: bigint } }> {
  const access = await channelAccess(ctx, channelId, userId);
  if (!access.guild || access.channel.guildId === null) throw Errors.dmChannelAction();
  if (!INVITABLE_CHANNEL_TYPES.has(access.channel.type)) throw Errors.wrongChannelType();
  requirePermission(access.permissions, Permission.CreateInstantInvite);
  return access as ChannelAccess & { channel: { guildId: bigint } };
}

/** The invites still valid of these channels of the guild, oldest first, each with its inviter. */
export async function validInvitesIn(ctx: DomainContext, guildId: bigint, channelIds: bigint[]) {
  const now = ctx.clock.now();
  const rows = await ctx.db.invite.findMany({
    where: { guildId, channelId: { in: channelIds }, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    include: inviteInclude,
    orderBy: { createdAt: "asc" },
  });
  const valid = rows.filter((invite) => stillValid(invite, now));
  const inviters = await usersById(
    ctx,
    valid.map((invite) => invite.inviterId),
  );
  return valid.map((invite) =>
    serializeInvite(
      { ...invite, inviter: invite.inviterId === null ? null : (inviters.get(invite.inviterId) ?? null) },
      ctx.urls,
    ),
  );
}

/** The invite object of one stored invite, with its inviter. */
export async function serializeStoredInvite(ctx: DomainContext, invite: StoredInvite) {
  const inviters = await usersById(ctx, [invite.inviterId]);
  return serializeInvite(
    { ...invite, inviter: invite.inviterId === null ? null : (inviters.get(invite.inviterId) ?? null) },
    ctx.urls,
  );
}

export async function usersById(ctx: DomainContext, ids: (bigint | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is bigint => id !== null))];
  const users = wanted.length ? await ctx.db.user.findMany({ where: { id: { in: wanted } }, select: userSelect }) : [];
  return new Map(users.map((u) => [u.id, u]));
}

/** An invite's audit-log changes as the reference platform records them (no target id: the invite has none). */
export function inviteAuditChanges(
  invite: {
    code: string;
    channelId: bigint;
    inviterId: bigint | null;
    uses: number;
    maxUses: number;
    maxAge: number;
    temporary: boolean;
  },
  side: "old_value" | "new_value",
): APIAuditLogChange[] {
  const values = {
    code: invite.code,
    channel_id: invite.channelId.toString(),
    inviter_id: invite.inviterId?.toString() ?? null,
    uses: invite.uses,
    max_uses: invite.maxUses,
    max_age: invite.maxAge,
    temporary: invite.temporary,
  };
  return Object.entries(values).map(([key, value]) => ({ key, [side]: value }) as APIAuditLogChange);
}
