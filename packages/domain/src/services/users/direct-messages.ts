import type { APIChannel } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { Errors } from "../../errors";
import { serializeChannel } from "../../serializers";
import { parseForm, zDmOpen } from "../../validation";
import { channelInclude, userSelect } from "../shared/selects";

const dmInclude = { ...channelInclude, recipients: { include: { user: { select: userSelect } } } } as const;

/** Direct-message channels (type 1) between a bot and a person. */
export class DirectMessageService {
  constructor(private ctx: DomainContext) {}

  /**
   * POST /users/@me/channels: opens, or finds, the DM channel between the caller and
   * `recipient_id`. Only with a person sharing a guild with the caller; anyone else (nobody,
   * a bot, the caller itself, a suspended account, someone sharing no guild) answers 50007
   * alike, so the answer never tells whether the user exists (rule 9).
   */
  async open(userId: bigint, input: unknown): Promise<APIChannel> {
    const { recipient_id: recipientId } = parseForm(zDmOpen, input ?? {});
    if (recipientId === userId) throw Errors.cannotMessageUser();
    const recipient = await this.ctx.db.user.findUnique({
      where: { id: recipientId },
      select: { bot: true, suspendedAt: true },
    });
    if (!recipient || recipient.bot || recipient.suspendedAt) throw Errors.cannotMessageUser();
    const shared = await this.ctx.db.member.findFirst({
      where: { userId: recipientId, guild: { members: { some: { userId } } } },
      select: { guildId: true },
    });
    if (!shared) throw Errors.cannotMessageUser();
    const [low, high] = userId < recipientId ? [userId, recipientId] : [recipientId, userId];
    const channelId = await this.ctx.db.$transaction(async (tx) => {
      // One pair, one channel: two opens at once wait for each other here.
      await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`dm:${low}:${high}`}))::text AS locked`;
      const existing = await tx.channel.findFirst({
        where: {
          type: 1,
          guildId: null,
          AND: [{ recipients: { some: { userId: low } } }, { recipients: { some: { userId: high } } }],
        },
        select: { id: true },
      });
      if (existing) return existing.id;
      const created = await tx.channel.create({
        data: { type: 1, createdAt: this.ctx.clock.now(), recipients: { create: [{ userId: low }, { userId: high }] } },
        select: { id: true },
      });
      return created.id;
    });
    const channel = await this.ctx.db.channel.findUniqueOrThrow({ where: { id: channelId }, include: dmInclude });
    return serializeChannel(channel, this.ctx.urls, userId);
  }

  /** The person's DM channels, the most recently active first (a channel without messages by when it was opened). */
  async list(userId: bigint): Promise<APIChannel[]> {
    const channels = await this.ctx.db.channel.findMany({
      where: { type: 1, guildId: null, recipients: { some: { userId } } },
      include: dmInclude,
    });
    const activity = (c: { id: bigint; lastMessageId: bigint | null }) => c.lastMessageId ?? c.id;
    channels.sort((a, b) => (activity(b) > activity(a) ? 1 : activity(b) < activity(a) ? -1 : 0));
    return channels.map((channel) => serializeChannel(channel, this.ctx.urls, userId));
  }
}
