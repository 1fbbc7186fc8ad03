import type { APIChannel } from "discord-api-types/v10";
import type { DomainContext } from "../context";
import { listableGuildChannels } from "../permissions";
import { serializeChannel } from "../serializers";
import { channelAccess, guildAccess } from "./access";
import { channelInclude } from "./selects";

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
