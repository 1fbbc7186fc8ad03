import type { DomainContext } from "../../context";
import { parseId } from "../../ids";
import { parseJoinMetadata, type VoiceParticipant } from "./media";
import { disconnect, enforceVoicePermissions } from "./voice-enforcement";
import { loadVoiceStandings, standingKey } from "./voice-grants";
import { announceVoiceState } from "./voice-state-wire";

const RECONCILE_MARGIN_MS = 10_000;

/** A participant the media server reported (webhook or listing): its room is a channel id, its identity a user id. */
export interface ParticipantReport {
  room: string;
  participant: VoiceParticipant;
}

/**
 * Voice states follow the media server: a state exists while the participant is really in the
 * room (LiveKit's participant_joined and participant_left webhooks), and a periodic
 * reconciliation repairs what a lost webhook or a restarted media server left behind.
 */
export class VoiceStateSync {
  constructor(private readonly ctx: DomainContext) {}

  /** participant_joined: the state is made (or moved here from another channel of the guild, whose connection is closed). */
  async joined({ room, participant }: ParticipantReport): Promise<void> {
    const media = this.ctx.voice;
    const channelId = parseId(room);
    const userId = parseId(participant.identity);
    const channel =
      channelId === null
        ? null
        : await this.ctx.db.channel.findUnique({
            where: { id: channelId },
            select: { id: true, guildId: true, type: true },
          });
    // Not one of our voice channels: a room of someone else on a shared media server, left alone.
    if (!channel?.guildId || channel.type !== 2 || userId === null) return;
    const guildId = channel.guildId;
    const standing = (await loadVoiceStandings(this.ctx, guildId, [{ userId, channelId: channel.id }])).get(
      standingKey(userId, channel.id),
    );
    if (!standing?.connect) {
      // Permissions changed between the token and the connection (or the member left): out.
      await media?.remove(room, participant.identity);
      return;
    }
    const self = parseJoinMetadata(participant.metadata);
    const previous = await this.ctx.db.voiceState.findUnique({ where: { guildId_userId: { guildId, userId } } });
    if (previous?.sessionId === participant.sid) return;
    const data = {
      channelId: channel.id,
      sessionId: participant.sid,
      selfMute: self.self_mute,
      selfDeaf: self.self_deaf,
      listening: standing.listen,
      updatedAt: this.ctx.clock.now(),
    };
    const row = await this.ctx.db.voiceState.upsert({
      where: { guildId_userId: { guildId, userId } },
      create: { guildId, userId, ...data },
      update: data,
    });
    // Joining another channel leaves the first (spec: Voice states): the old connection is closed.
    if (previous && previous.channelId !== channel.id) {
      await media?.remove(previous.channelId.toString(), participant.identity);
      await announceVoiceState(this.ctx, previous, { left: true });
    }
    await announceVoiceState(this.ctx, row);
    // Permissions may have changed since the token, or while this state was being written (a
    // change then found no state to apply to): the media server gets the full set now.
    await enforceVoicePermissions(this.ctx, { guildId, userIds: [userId] });
  }

  /** participant_left: this connection's state goes (a newer connection's state stays). */
  async left({ room, participant }: ParticipantReport): Promise<void> {
    const channelId = parseId(room);
    const userId = parseId(participant.identity);
    if (channelId === null || userId === null) return;
    const row = await this.ctx.db.voiceState.findFirst({ where: { userId, channelId, sessionId: participant.sid } });
    if (!row) return;
    const removed = await this.ctx.db.voiceState.deleteMany({
      where: { guildId: row.guildId, userId, sessionId: participant.sid },
    });
    if (removed.count > 0) await announceVoiceState(this.ctx, row, { left: true });
  }

  /**
   * Compares the stored states with the media server's rooms: states without their participant
   * go, participants without a state get one. Nothing happens when the media server cannot be
   * asked (its outage must not empty every voice channel).
   */
  async reconcile(): Promise<void> {
    const media = this.ctx.voice;
    if (!media) return;
    // States made after the listing began are newer than what it shows: they stay (with a
    // margin for the clocks of other nodes, which write states too).
    const listedAt = new Date(this.ctx.clock.now().getTime() - RECONCILE_MARGIN_MS);
    let present: ParticipantReport[];
    try {
      const rooms = await media.rooms();
      present = (
        await Promise.all(
          rooms.map(async (room) => (await media.participants(room)).map((participant) => ({ room, participant }))),
        )
      ).flat();
    } catch (error) {
      console.error("voice reconciliation: the media server did not answer", error);
      return;
    }
    const live = new Set(present.map((p) => `${p.room}:${p.participant.identity}:${p.participant.sid}`));
    const states = await this.ctx.db.voiceState.findMany();
    const known = new Set(states.map((s) => `${s.channelId}:${s.userId}:${s.sessionId}`));
    for (const state of states) {
      // The participant is gone (or connected anew as another session): the row goes, no connection is closed.
      if (state.updatedAt < listedAt && !live.has(`${state.channelId}:${state.userId}:${state.sessionId}`))
        await disconnect(this.ctx, state, { keepMedia: true });
    }
    for (const report of present) {
      if (!known.has(`${report.room}:${report.participant.identity}:${report.participant.sid}`))
        await this.joined(report);
    }
  }
}
