import type { DomainContext } from "../../context";
import { Errors } from "../../errors";
import { canViewChannel, computeChannelPermissions, has, listableGuildChannels, Permission } from "../../permissions";
import { parseForm, zInviteCreate } from "../../validation";
import { guildAccess } from "../shared/access";
import { AuditLogEvent, recordAudit } from "../shared/audit-log";
import {
  inviteAuditChanges,
  inviteChannelAccess,
  inviteInclude,
  serializeStoredInvite,
  stillValid,
  validInvitesIn,
} from "./invite-rows";

const overwritesSelect = { overwrites: { select: { targetId: true, type: true, allow: true, deny: true } } } as const;

/**
 * The web app's side of invites: the invite dialog's link (reused while it is good), and a
 * guild's Invites list with revoking. Who may revoke follows the reference platform: Manage
 * Guild for any invite of the guild, Manage Channels for the invites of that channel. The
 * spec sends bots no invite events (the Invites intent brings none), so nothing is emitted.
 */
export class InviteManagementService {
  constructor(private ctx: DomainContext) {}

  /**
   * The caller's own invite to this channel with exactly these limits, if one is still valid
   * with at least half its lifetime ahead (a link about to run out is no use to share); else
   * null, and the caller makes a new one. Refused as creating one would be.
   */
  async reusable(channelId: bigint, userId: bigint, input: unknown) {
    await inviteChannelAccess(this.ctx, channelId, userId);
    const body = parseForm(zInviteCreate, input ?? {});
    const now = this.ctx.clock.now();
    const halfLife = new Date(now.getTime() + (body.max_age * 1000) / 2);
    const candidates = await this.ctx.db.invite.findMany({
      where: {
        channelId,
        inviterId: userId,
        maxAge: body.max_age,
        maxUses: body.max_uses,
        temporary: body.temporary,
        OR: [{ expiresAt: null }, { expiresAt: { gt: halfLife } }],
      },
      include: inviteInclude,
      orderBy: { createdAt: "desc" },
      take: 10,
    });
    const invite = candidates.find((candidate) => stillValid(candidate, now));
    return invite ? serializeStoredInvite(this.ctx, invite) : null;
  }

  /**
   * A guild's Invites list as one member sees it: with Manage Guild every valid invite of the
   * channels they can see; without it, those of channels where they hold Manage Channels and
   * their own. Each says whether the member may revoke it. A guild they are not in is Unknown Guild.
   */
  async listForMember(guildId: bigint, userId: bigint) {
    const access = await guildAccess(this.ctx, guildId, userId);
    const manageAll = has(access.permissions, Permission.ManageGuild);
    const channels = await this.ctx.db.channel.findMany({
      where: { guildId },
      select: { id: true, type: true, parentId: true, ...overwritesSelect },
    });
    const visible = listableGuildChannels(access.guild, access.member, channels);
    const managed = new Set(
      visible
        .filter(
          (c) => manageAll || has(computeChannelPermissions(access.guild, access.member, c), Permission.ManageChannels),
        )
        .map((c) => c.id.toString()),
    );
    const invites = await validInvitesIn(
      this.ctx,
      guildId,
      visible.map((c) => c.id),
    );
    return {
      manageAll,
      invites: invites
        .filter((invite) => managed.has(invite.channel.id) || invite.inviter?.id === userId.toString())
        .map((invite) => ({ invite, canRevoke: managed.has(invite.channel.id) })),
    };
  }

  /**
   * Revokes (deletes) an invite of the guild: Manage Guild, or Manage Channels in its channel
   * (50013 otherwise). An invite of a channel the caller cannot see, or of another guild, is
   * Unknown Invite; a guild they are not in, Unknown Guild. Recorded in the guild's audit log.
   */
  async revoke(guildId: bigint, code: string, userId: bigint) {
    const access = await guildAccess(this.ctx, guildId, userId);
    const invite = await this.ctx.db.invite.findUnique({
      where: { code },
      include: {
        ...inviteInclude,
        channel: { select: { id: true, name: true, type: true, parentId: true, ...overwritesSelect } },
      },
    });
    if (!invite || invite.guildId !== guildId || !canViewChannel(access.guild, access.member, invite.channel))
      throw Errors.unknownInvite();
    const permissions = computeChannelPermissions(access.guild, access.member, invite.channel);
    if (!has(access.permissions, Permission.ManageGuild) && !has(permissions, Permission.ManageChannels))
      throw Errors.missingPermissions();
    await this.ctx.db.$transaction(async (tx) => {
      const removed = await tx.invite.deleteMany({ where: { code } });
      if (removed.count === 0) throw Errors.unknownInvite();
      await recordAudit(tx, {
        guildId,
        userId,
        actionType: AuditLogEvent.InviteDelete,
        changes: inviteAuditChanges(invite, "old_value"),
      });
    });
    return serializeStoredInvite(this.ctx, invite);
  }
}
