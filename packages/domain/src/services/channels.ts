import type { DomainContext } from "../context";
import { computeChannelPermissions, isThreadType } from "../permissions";
import { serializeChannel } from "../serializers";
import { channelAccess, guildAccess } from "./access";
import { channelInclude } from "./selects";

export class ChannelService {
  constructor(private ctx: DomainContext) {}

  /** GET /channels/{id}: any channel the caller can see. */
  async get(channelId: bigint, userId: bigint) {
    const { channel } = await channelAccess(this.ctx, channelId, userId);
    const withRecipients =
      channel.type === 1
        ? await this.ctx.db.channel.findUniqueOrThrow({ where: { id: channelId }, include: { ...channelInclude, recipients: { include: { user: true } } } })
        : channel;
    return serializeChannel(withRecipients, this.ctx.urls, userId);
  }

  /** The guild's channels the caller can see (threads are not listed here). */
  async listForGuild(guildId: bigint, userId: bigint) {
    const access = await guildAccess(this.ctx, guildId, userId);
    const channels = await this.ctx.db.channel.findMany({
      where: { guildId, type: { notIn: [10, 11, 12] } },
      include: channelInclude,
      orderBy: [{ position: "asc" }, { id: "asc" }],
    });
    return channels
      .filter((c) => !isThreadType(c.type))
      .filter((c) => computeChannelPermissions(access.guild, access.member, { id: c.id, overwrites: c.overwrites }) !== 0n)
      .map((c) => serializeChannel(c, this.ctx.urls));
  }
}
