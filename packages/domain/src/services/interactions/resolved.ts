import type {
  APIInteractionDataResolved,
  APIInteractionDataResolvedChannel,
  APIInteractionDataResolvedGuildMember,
} from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import {
  type ChannelSnapshot,
  canViewChannel,
  computeChannelPermissions,
  type GuildSnapshot,
  loadChannelSnapshot,
  loadMemberSnapshot,
  type MemberSnapshot,
} from "../../permissions";
import { serializeChannel, serializeMember, serializeRole, serializeUser } from "../../serializers";
import { MESSAGE_FILES_BYTES_MAX } from "../../validation";
import type { CommandFieldErrors, FieldPath } from "../commands/command-errors";
import type { ChannelAccess } from "../shared/access";
import { channelInclude, memberInclude, roleInclude } from "../shared/selects";
import { markUploadUsed, usableUpload } from "../uploads/upload-rows";
import { ephemeralAttachment } from "../uploads/upload-service";

/**
 * The users, roles and channels an interaction names (option values, select values, a user
 * command's target), checked against what the person using it may see and written out as the
 * interaction's `resolved` (spec: Interaction object). Users are members of the guild; roles
 * are the guild's; channels are the guild's that the person can view.
 */
export class ResolvedEntities {
  private readonly resolved: Required<
    Pick<APIInteractionDataResolved, "users" | "members" | "roles" | "channels" | "attachments">
  > = { users: {}, members: {}, roles: {}, channels: {}, attachments: {} };
  /** Uploads named by attachment options, marked used once every option is checked. */
  private readonly uploads: { id: bigint; applicationId: bigint; at: FieldPath }[] = [];
  private readonly guild: GuildSnapshot;
  private readonly guildId: bigint;
  private here: Promise<ChannelSnapshot> | null = null;

  constructor(
    private readonly ctx: DomainContext,
    /** The person's standing in the interaction's channel. */
    private readonly access: ChannelAccess,
  ) {
    this.guild = access.guild as GuildSnapshot;
    this.guildId = access.channel.guildId as bigint;
  }

  /** The ids among `ids` that are members of the guild; each is added to `users` and `members`. */
  async members(ids: readonly bigint[]): Promise<Set<bigint>> {
    if (ids.length === 0) return new Set();
    const rows = await this.ctx.db.member.findMany({
      where: { guildId: this.guildId, userId: { in: [...new Set(ids)] } },
      include: memberInclude,
    });
    const here = await this.channelHere();
    for (const row of rows) {
      const { user, ...member } = serializeMember(row, this.ctx.urls);
      const snapshot: MemberSnapshot = {
        userId: row.userId,
        isBot: row.user.bot,
        roleIds: row.roles.map((r) => r.roleId),
      };
      const permissions = computeChannelPermissions(this.guild, snapshot, here).toString();
      this.resolved.users[user.id] = serializeUser(row.user, this.ctx.urls);
      this.resolved.members[user.id] = { ...member, permissions } as APIInteractionDataResolvedGuildMember;
    }
    return new Set(rows.map((row) => row.userId));
  }

  /** The ids among `ids` that are roles of the guild; each is added to `roles`. */
  async roles(ids: readonly bigint[]): Promise<Set<bigint>> {
    if (ids.length === 0) return new Set();
    const rows = await this.ctx.db.role.findMany({
      where: { guildId: this.guildId, id: { in: [...new Set(ids)] } },
      include: roleInclude,
    });
    for (const row of rows) this.resolved.roles[row.id.toString()] = serializeRole(row, row.botApplication?.botUserId);
    return new Set(rows.map((row) => row.id));
  }

  /** The ids among `ids` that are channels of the guild the person can view (of `types`, when given); each is added to `channels`. */
  async channels(ids: readonly bigint[], types?: readonly number[]): Promise<Set<bigint>> {
    if (ids.length === 0) return new Set();
    const rows = await this.ctx.db.channel.findMany({
      where: { guildId: this.guildId, id: { in: [...new Set(ids)] } },
      include: channelInclude,
    });
    const person = this.access.member as MemberSnapshot;
    const found = new Set<bigint>();
    for (const row of rows) {
      if (types && types.length > 0 && !types.includes(row.type)) continue;
      const snapshot = await loadChannelSnapshot(this.ctx.db, row);
      if (!canViewChannel(this.guild, person, snapshot)) continue;
      const wire = serializeChannel(row, this.ctx.urls) as unknown as Record<string, unknown>;
      const entry: Record<string, unknown> = {
        id: wire.id,
        name: wire.name,
        type: wire.type,
        permissions: computeChannelPermissions(this.guild, person, snapshot).toString(),
      };
      if (wire.parent_id !== undefined) entry.parent_id = wire.parent_id;
      if (wire.thread_metadata !== undefined) entry.thread_metadata = wire.thread_metadata;
      this.resolved.channels[row.id.toString()] = entry as unknown as APIInteractionDataResolvedChannel;
      found.add(row.id);
    }
    return found;
  }

  /**
   * The person's upload `id` made for this channel, still unused (uploads/upload-rows.ts), as
   * `attachments` entry signed for `applicationId`; "too_large" past `attachment_size_limit`.
   */
  async attachment(id: bigint, applicationId: bigint, at: FieldPath): Promise<"ok" | "unknown" | "too_large"> {
    const upload = await usableUpload(
      this.ctx.db,
      id,
      (this.access.member as MemberSnapshot).userId,
      this.access.channel.id,
    );
    if (!upload) return "unknown";
    if (upload.size > MESSAGE_FILES_BYTES_MAX) return "too_large";
    this.resolved.attachments[id.toString()] = ephemeralAttachment(this.ctx, applicationId, upload);
    this.uploads.push({ id, applicationId, at });
    return "ok";
  }

  /**
   * Marks the named uploads used; one taken meanwhile by another command (or named by two
   * options) is named in `errors`. Those marked before it stay used: the person uploads again.
   */
  async markAttachmentsUsed(errors: CommandFieldErrors): Promise<void> {
    const person = (this.access.member as MemberSnapshot).userId;
    for (const upload of this.uploads) {
      if (!(await markUploadUsed(this.ctx.db, upload.id, person, this.access.channel.id, upload.applicationId))) {
        errors.add(upload.at, "APPLICATION_COMMAND_OPTION_VALUE_UNKNOWN", "Unknown attachment: upload the file again");
      }
    }
  }

  /** What was resolved, without the empty kinds; undefined when nothing was. */
  result(): APIInteractionDataResolved | undefined {
    const out: APIInteractionDataResolved = {};
    for (const kind of ["users", "members", "roles", "channels", "attachments"] as const) {
      if (Object.keys(this.resolved[kind]).length > 0) Object.assign(out, { [kind]: this.resolved[kind] });
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }

  private channelHere(): Promise<ChannelSnapshot> {
    this.here ??= loadChannelSnapshot(this.ctx.db, this.access.channel);
    return this.here;
  }
}

/** A user's permissions in the channel of `access` (the bot's `app_permissions`, a member's `permissions`). */
export async function permissionsIn(ctx: DomainContext, access: ChannelAccess, userId: bigint): Promise<bigint> {
  const member = await loadMemberSnapshot(ctx.db, access.channel.guildId as bigint, userId);
  if (!member || !access.guild) return 0n;
  return computeChannelPermissions(access.guild, member, await loadChannelSnapshot(ctx.db, access.channel));
}
