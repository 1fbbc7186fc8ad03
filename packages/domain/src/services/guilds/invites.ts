import { randomInt } from "node:crypto";
import type { DomainContext } from "../../context";
import { Errors } from "../../errors";
import { listableGuildChannels, Permission } from "../../permissions";
import { serializeInvite } from "../../serializers";
import { parseForm, zInviteCreate } from "../../validation";
import { guildAccess, requirePermission } from "../shared/access";
import { AuditLogEvent, recordAudit } from "../shared/audit-log";
import { isUniqueViolation } from "../shared/prisma-errors";
import {
  inviteAuditChanges,
  inviteChannelAccess,
  inviteInclude,
  serializeStoredInvite,
  stillValid,
  usersById,
  validInvitesIn,
} from "./invite-rows";
import type { MemberService } from "./members";

const CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const CODE_LENGTH = 8;

function randomCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * Invites (spec: Invites). An invite points to its guild; its channel is only echoed back
 * (rule 6). The guild's vanity code works like an invite that never runs out.
 */
export class InviteService {
  constructor(
    private ctx: DomainContext,
    private members: MemberService,
  ) {}

  /**
   * POST /channels/{channel}/invites: needs Create Invite there; text and voice channels only,
   * never a DM. Recorded in the guild's audit log.
   */
  async create(channelId: bigint, userId: bigint, input: unknown) {
    const access = await inviteChannelAccess(this.ctx, channelId, userId);
    const body = parseForm(zInviteCreate, input ?? {});
    const guildId = access.channel.guildId;
    const now = this.ctx.clock.now();
    const expiresAt = body.max_age === 0 ? null : new Date(now.getTime() + body.max_age * 1000);
    for (let attempt = 0; ; attempt++) {
      const code = randomCode();
      // Codes and vanity codes share one namespace.
      if (await this.ctx.db.guild.findUnique({ where: { vanityCode: code }, select: { id: true } })) continue;
      try {
        const invite = await this.ctx.db.$transaction(async (tx) => {
          const created = await tx.invite.create({
            data: {
              code,
              guildId,
              channelId,
              inviterId: userId,
              maxAge: body.max_age,
              maxUses: body.max_uses,
              temporary: body.temporary,
              expiresAt,
              createdAt: now,
            },
            include: inviteInclude,
          });
          await recordAudit(tx, {
            guildId,
            userId,
            actionType: AuditLogEvent.InviteCreate,
            changes: inviteAuditChanges(created, "new_value"),
          });
          return created;
        });
        return serializeStoredInvite(this.ctx, invite);
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 5) throw error;
      }
    }
  }

  /**
   * GET /guilds/{guild}/invites: needs Manage Guild; the invites still valid, without the vanity
   * code, and only those of channels the caller can see (rule 9: a hidden channel's name and id
   * are not echoed back). Visibility is computed once for all the guild's channels.
   */
  async listForGuild(guildId: bigint, userId: bigint) {
    const access = await guildAccess(this.ctx, guildId, userId);
    requirePermission(access.permissions, Permission.ManageGuild);
    const channels = await this.ctx.db.channel.findMany({
      where: { guildId },
      select: {
        id: true,
        type: true,
        parentId: true,
        overwrites: { select: { targetId: true, type: true, allow: true, deny: true } },
      },
    });
    // Invites live in text and voice channels only, so the hidden categories this helper also lists never match one.
    const visibleChannelIds = listableGuildChannels(access.guild, access.member, channels).map((c) => c.id);
    return validInvitesIn(this.ctx, guildId, visibleChannelIds);
  }

  /** GET /guilds/{guild}/vanity-url: needs Manage Guild; `code` is null when the guild has none. */
  async vanity(guildId: bigint, userId: bigint) {
    const access = await guildAccess(this.ctx, guildId, userId);
    requirePermission(access.permissions, Permission.ManageGuild);
    const guild = await this.ctx.db.guild.findUniqueOrThrow({
      where: { id: guildId },
      select: { vanityCode: true, vanityUses: true },
    });
    return { code: guild.vanityCode, uses: guild.vanityCode ? guild.vanityUses : 0 };
  }

  /**
   * The invite page of the app: what an invite (or vanity code) leads to, with the guild's
   * member count. An expired, used-up or unknown code is Unknown Invite.
   */
  async preview(code: string) {
    if (typeof code !== "string" || code.length > 64) throw Errors.unknownInvite();
    const now = this.ctx.clock.now();
    const invite = await this.ctx.db.invite.findUnique({ where: { code }, include: inviteInclude });
    if (invite && stillValid(invite, now)) {
      const [inviters, members] = await Promise.all([
        usersById(this.ctx, [invite.inviterId]),
        this.ctx.db.member.count({ where: { guildId: invite.guildId } }),
      ]);
      const inviter = invite.inviterId === null ? null : (inviters.get(invite.inviterId) ?? null);
      return serializeInvite({ ...invite, inviter }, this.ctx.urls, { members, presences: 0 });
    }
    const guild = await this.vanityGuild(code);
    if (!guild) throw Errors.unknownInvite();
    const channelId =
      guild.systemChannelId ??
      (
        await this.ctx.db.channel.findFirst({
          where: { guildId: guild.id, type: 0 },
          orderBy: { position: "asc" },
          select: { id: true },
        })
      )?.id;
    const channel = channelId
      ? await this.ctx.db.channel.findUnique({ where: { id: channelId }, select: { id: true, name: true, type: true } })
      : null;
    const members = await this.ctx.db.member.count({ where: { guildId: guild.id } });
    return serializeInvite(
      {
        code: guild.vanityCode as string,
        guildId: guild.id,
        channelId: channel?.id ?? guild.id,
        maxAge: 0,
        maxUses: 0,
        uses: guild.vanityUses,
        temporary: false,
        expiresAt: null,
        createdAt: guild.createdAt,
        guild,
        channel: channel ?? { id: guild.id, name: null, type: 0 },
        inviter: null,
      },
      this.ctx.urls,
      { members, presences: 0 },
    );
  }

  /**
   * A person follows an invite link (the app's /invite/<code>): joins the invite's guild and
   * the invite counts one use. Expired, used-up and unknown codes are Unknown Invite; someone
   * already in the guild stays and uses nothing. Vanity codes work the same way.
   */
  async accept(userId: bigint, code: string): Promise<{ guildId: bigint; joined: boolean }> {
    if (typeof code !== "string" || code.length > 64) throw Errors.unknownInvite();
    const now = this.ctx.clock.now();
    const invite = await this.ctx.db.invite.findUnique({
      where: { code },
      select: { guildId: true, expiresAt: true, maxUses: true, uses: true },
    });
    if (invite) {
      if (!stillValid(invite, now)) throw Errors.unknownInvite();
      if (await this.isMember(invite.guildId, userId)) return { guildId: invite.guildId, joined: false };
      // Take one use only while the invite is still valid, so concurrent joins never pass max_uses.
      const taken = await this.ctx.db.$executeRaw`
        UPDATE "Invite" SET "uses" = "uses" + 1
        WHERE "code" = ${code} AND ("maxUses" = 0 OR "uses" < "maxUses") AND ("expiresAt" IS NULL OR "expiresAt" > ${now.toISOString()}::timestamp)`;
      if (taken !== 1) throw Errors.unknownInvite();
      try {
        await this.members.addPerson(invite.guildId, userId);
      } catch (error) {
        await this.ctx.db.invite.updateMany({ where: { code, uses: { gt: 0 } }, data: { uses: { decrement: 1 } } });
        throw error;
      }
      return { guildId: invite.guildId, joined: true };
    }
    const guild = await this.vanityGuild(code);
    if (!guild) throw Errors.unknownInvite();
    if (await this.isMember(guild.id, userId)) return { guildId: guild.id, joined: false };
    await this.members.addPerson(guild.id, userId);
    await this.ctx.db.guild.update({ where: { id: guild.id }, data: { vanityUses: { increment: 1 } } });
    return { guildId: guild.id, joined: true };
  }

  private vanityGuild(code: string) {
    const normalized = code.toLowerCase();
    if (!/^[a-z0-9-]{2,32}$/.test(normalized)) return Promise.resolve(null);
    return this.ctx.db.guild.findUnique({
      where: { vanityCode: normalized },
      select: {
        id: true,
        name: true,
        iconHash: true,
        description: true,
        vanityCode: true,
        vanityUses: true,
        systemChannelId: true,
        createdAt: true,
      },
    });
  }

  private async isMember(guildId: bigint, userId: bigint): Promise<boolean> {
    return (
      (await this.ctx.db.member.findUnique({
        where: { guildId_userId: { guildId, userId } },
        select: { userId: true },
      })) !== null
    );
  }
}
