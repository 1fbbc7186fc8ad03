import type { APIChannel } from "discord-api-types/v10";
import type { DomainContext } from "../context";
import { type GuildSnapshot, type MemberSnapshot, computeChannelPermissions, isThreadType } from "../permissions";
import { serializeChannel } from "../serializers";
import { channelAccess, guildAccess } from "./access";
import { channelInclude } from "./selects";

const CATEGORY = 4;

interface OverwrittenChannel {
  id: bigint;
  type: number;
  parentId: bigint | null;
  overwrites: { targetId: bigint; type: number; allow: bigint; deny: bigint }[];
}

/**
 * The channels of a guild listing a member may see: those it can view, plus the category
 * of each of them even when the category itself is hidden (spec: "channels the bot can
 * see, with their categories"). Threads are not listed here.
 */
export function listableGuildChannels<C extends OverwrittenChannel>(guild: GuildSnapshot, member: MemberSnapshot, channels: C[]): C[] {
  const candidates = channels.filter((c) => !isThreadType(c.type));
  const visible = new Set(
    candidates.filter((c) => computeChannelPermissions(guild, member, { id: c.id, overwrites: c.overwrites }) !== 0n).map((c) => c.id),
  );
  const parentsOfVisible = new Set(candidates.filter((c) => visible.has(c.id) && c.parentId !== null).map((c) => c.parentId as bigint));
  return candidates.filter((c) => visible.has(c.id) || (c.type === CATEGORY && parentsOfVisible.has(c.id)));
}

export class ChannelService {
  constructor(private ctx: DomainContext) {}

  /** GET /channels/{id}: any channel the caller can see; anything else is Unknown Channel (rule 9). */
  async get(channelId: bigint, userId: bigint): Promise<APIChannel> {
    const { channel } = await channelAccess(this.ctx, channelId, userId);
    const withRecipients =
      channel.type === 1
        ? await this.ctx.db.channel.findUniqueOrThrow({ where: { id: channelId }, include: { ...channelInclude, recipients: { include: { user: true } } } })
        : channel;
    return serializeChannel(withRecipients, this.ctx.urls, userId);
  }

  /** GET /guilds/{id}/channels: the guild's channels the caller can see, with their categories. */
  async listForGuild(guildId: bigint, userId: bigint): Promise<APIChannel[]> {
    const access = await guildAccess(this.ctx, guildId, userId);
    const channels = await this.ctx.db.channel.findMany({
      where: { guildId, type: { notIn: [10, 11, 12] } },
      include: channelInclude,
      orderBy: [{ position: "asc" }, { id: "asc" }],
    });
    return listableGuildChannels(access.guild, access.member, channels).map((c) => serializeChannel(c, this.ctx.urls));
  }
}
