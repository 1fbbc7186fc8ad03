import type { DomainContext } from "../../context";
import { Errors } from "../../errors";
import { channelAccess } from "../shared/access";
import { advanceReadPosition, announceReadState, mentionsAfter } from "./read-positions";
import { type ChannelReadState, readStateSummary } from "./read-state-summary";

export type { ChannelReadState } from "./read-state-summary";

/**
 * Where each person has read up to, per channel: the web app's unread markers, mention badges
 * and "new messages" divider, stored per person so every tab and device agrees. A position
 * moves forward only: by an acknowledgement (`ack`), by the person's own message (see
 * readOwnMessage), and on joining a guild (everything before is read).
 */
export class ReadStateService {
  constructor(private ctx: DomainContext) {}

  /** Every channel the person can view, with its read state (see readStateSummary). */
  summary(userId: bigint): Promise<ChannelReadState[]> {
    return readStateSummary(this.ctx.db, userId);
  }

  /**
   * Read up to `messageId` in a channel the person can view (otherwise Unknown Channel, as for
   * one that does not exist). The id is a position: any id up to the channel's newest message,
   * including a message deleted since; beyond it, Unknown Message. An ack older than the
   * position already stored changes nothing and answers the state as it is. A move is told to
   * every tab of the person (READ_STATE_UPDATE).
   */
  async ack(userId: bigint, channelId: bigint, messageId: bigint): Promise<ChannelReadState> {
    const { channel, member } = await channelAccess(this.ctx, channelId, userId);
    if (channel.lastMessageId === null || messageId > channel.lastMessageId) throw Errors.unknownMessage();
    const roleIds = member?.roleIds ?? [];
    const moved = await advanceReadPosition(this.ctx.db, userId, channelId, messageId);
    const position = moved ? messageId : await this.position(userId, channelId);
    const mentionCount = await mentionsAfter(this.ctx.db, channelId, position, userId, roleIds);
    if (moved) await announceReadState(this.ctx, userId, channel, position, mentionCount);
    return {
      channelId: channelId.toString(),
      guildId: channel.guildId?.toString() ?? null,
      lastMessageId: channel.lastMessageId.toString(),
      lastReadId: position.toString(),
      mentionCount,
    };
  }

  private async position(userId: bigint, channelId: bigint): Promise<bigint> {
    const row = await this.ctx.db.readState.findUnique({
      where: { userId_channelId: { userId, channelId } },
      select: { lastReadMessageId: true },
    });
    // The ack did not move it, so a row at or past the ack exists.
    return row?.lastReadMessageId ?? 0n;
  }
}
