import type { DomainContext } from "../../context";
import { Errors } from "../../errors";
import { canViewChannel, loadChannelSnapshot, Permission } from "../../permissions";
import { parseForm, zVoiceJoin, zVoiceStatePatch } from "../../validation";
import { channelAccess, guildAccess, requirePermission } from "../shared/access";
import { disconnect } from "./voice-enforcement";
import { voiceStanding } from "./voice-grants";
import { announceVoiceState, type VoiceStateWire, voiceStateWire } from "./voice-state-wire";

/** Spec (Limits): a voice join token is valid 600 seconds. */
export const VOICE_TOKEN_SECONDS = 600;

/** The voice join response (spec). */
export interface VoiceJoin {
  url: string;
  token: string;
  room: string;
  identity: string;
  expires_in: number;
  speak: boolean;
  listen: boolean;
}

/** Joining, leaving and reading voice states, for bots (REST) and people (tRPC) alike. */
export class VoiceService {
  constructor(private readonly ctx: DomainContext) {}

  /** Whether this server has a media server to join. */
  get available(): boolean {
    return this.ctx.voice !== undefined;
  }

  /**
   * POST /channels/{channel}/voice: a token for the channel's room, with grants from the
   * permissions engine (Speak → publish audio, Listen → subscribe). The state appears once the
   * participant is really connected; being in another channel of the guild ends there and then.
   */
  async join(channelId: bigint, userId: bigint, body: unknown): Promise<VoiceJoin> {
    const access = await channelAccess(this.ctx, channelId, userId);
    const input = parseForm(zVoiceJoin, body);
    if (!access.guild || access.channel.type !== 2) throw Errors.wrongChannelType();
    requirePermission(access.permissions, Permission.Connect);
    const media = this.ctx.voice;
    if (!media) throw Errors.voiceUnavailable();
    const guildId = access.guild.id;
    const elsewhere = await this.ctx.db.voiceState.findUnique({ where: { guildId_userId: { guildId, userId } } });
    if (elsewhere && elsewhere.channelId !== channelId) await disconnect(this.ctx, elsewhere);
    const standing = voiceStanding(access.permissions);
    const user = await this.ctx.db.user.findUniqueOrThrow({
      where: { id: userId },
      select: { username: true, globalName: true },
    });
    const room = channelId.toString();
    const identity = userId.toString();
    const token = await media.mintToken({
      room,
      identity,
      name: user.globalName ?? user.username,
      metadata: JSON.stringify({ self_mute: input.selfMute, self_deaf: input.selfDeaf }),
      grants: { speak: standing.speak, listen: standing.listen },
      ttlSeconds: VOICE_TOKEN_SECONDS,
    });
    return {
      url: media.url,
      token,
      room,
      identity,
      expires_in: VOICE_TOKEN_SECONDS,
      speak: standing.speak,
      listen: standing.listen,
    };
  }

  /** GET /guilds/{guild}/voice-states/{user|@me}: others' only in channels the caller can see (else 10065, as if absent). */
  async state(guildId: bigint, targetId: bigint, viewerId: bigint): Promise<VoiceStateWire> {
    const access = await guildAccess(this.ctx, guildId, viewerId);
    const row = await this.ctx.db.voiceState.findUnique({ where: { guildId_userId: { guildId, userId: targetId } } });
    if (!row) throw Errors.unknownVoiceState();
    if (targetId !== viewerId) {
      const channel = await this.ctx.db.channel.findUnique({
        where: { id: row.channelId },
        select: { id: true, type: true, parentId: true },
      });
      if (!channel || !canViewChannel(access.guild, access.member, await loadChannelSnapshot(this.ctx.db, channel)))
        throw Errors.unknownVoiceState();
    }
    return voiceStateWire(row);
  }

  /** PATCH /guilds/{guild}/voice-states/@me: self mute and deafen, shown to everyone; `channel_id: null` leaves. */
  async updateSelf(guildId: bigint, userId: bigint, body: unknown): Promise<void> {
    await guildAccess(this.ctx, guildId, userId);
    const input = parseForm(zVoiceStatePatch, body);
    const row = await this.ctx.db.voiceState.findUnique({ where: { guildId_userId: { guildId, userId } } });
    if (!row) throw Errors.unknownVoiceState();
    if (input.channel_id === null) {
      await disconnect(this.ctx, row);
      return;
    }
    const selfMute = input.self_mute ?? row.selfMute;
    const selfDeaf = input.self_deaf ?? row.selfDeaf;
    if (selfMute === row.selfMute && selfDeaf === row.selfDeaf) return;
    const updated = await this.ctx.db.voiceState.updateMany({
      where: { guildId, userId, sessionId: row.sessionId },
      data: { selfMute, selfDeaf },
    });
    if (updated.count > 0) await announceVoiceState(this.ctx, { ...row, selfMute, selfDeaf });
  }

  /** DELETE /guilds/{guild}/voice-states/@me: out of the guild's voice channel (nothing when not in one). */
  async leave(guildId: bigint, userId: bigint): Promise<void> {
    await guildAccess(this.ctx, guildId, userId);
    const row = await this.ctx.db.voiceState.findUnique({ where: { guildId_userId: { guildId, userId } } });
    if (row) await disconnect(this.ctx, row);
  }

  /** Everyone in the voice channels of a guild that `viewerId` can see (GUILD_CREATE's `voice_states`, the app's channel list). */
  async guildStates(guildId: bigint, viewerId: bigint): Promise<VoiceStateWire[]> {
    const rows = await this.ctx.db.voiceState.findMany({ where: { guildId }, orderBy: { updatedAt: "asc" } });
    if (rows.length === 0) return [];
    const access = await guildAccess(this.ctx, guildId, viewerId).catch(() => null);
    if (!access) return [];
    const channels = await this.ctx.db.channel.findMany({
      where: { id: { in: [...new Set(rows.map((r) => r.channelId))] } },
      select: { id: true, overwrites: { select: { targetId: true, type: true, allow: true, deny: true } } },
    });
    const visible = new Set(channels.filter((c) => canViewChannel(access.guild, access.member, c)).map((c) => c.id));
    return rows.filter((r) => visible.has(r.channelId)).map((r) => voiceStateWire(r));
  }
}
