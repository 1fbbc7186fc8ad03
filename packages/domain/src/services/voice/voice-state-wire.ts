import type { VoiceStateModel } from "@chat/db";
import { type APIVoiceState, GatewayDispatchEvents } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import { serializeMember } from "../../serializers";
import { memberInclude } from "../shared/selects";

/** The reference voice state plus `listening`: whether the user hears the channel (holds Listen). */
export type VoiceStateWire = APIVoiceState & { guild_id: string; listening: boolean };

type StateRow = Pick<
  VoiceStateModel,
  "guildId" | "userId" | "channelId" | "sessionId" | "selfMute" | "selfDeaf" | "mute" | "deaf" | "listening"
>;

export function voiceStateWire(row: StateRow, member?: VoiceStateWire["member"]): VoiceStateWire {
  return {
    guild_id: row.guildId.toString(),
    channel_id: row.channelId.toString(),
    user_id: row.userId.toString(),
    ...(member ? { member } : {}),
    session_id: row.sessionId,
    deaf: row.deaf,
    mute: row.mute,
    self_deaf: row.selfDeaf,
    self_mute: row.selfMute,
    self_video: false,
    suppress: false,
    request_to_speak_timestamp: null,
    listening: row.listening,
  };
}

async function memberWire(ctx: DomainContext, guildId: bigint, userId: bigint) {
  const member = await ctx.db.member.findUnique({
    where: { guildId_userId: { guildId, userId } },
    include: memberInclude,
  });
  return member ? serializeMember(member, ctx.urls) : undefined;
}

/**
 * VOICE_STATE_UPDATE to those who can see the channel (the gateway adds the Guild Voice States
 * intent): a join, a change of mute, deafen or Listen, or — `left` — a leave, shown as
 * `channel_id: null` to those who could see the channel. `leaverLostView`: the one who left was
 * put out because they can no longer see the channel; they are told on their own.
 */
export async function announceVoiceState(
  ctx: DomainContext,
  row: StateRow,
  how: { left?: boolean; leaverLostView?: boolean } = {},
): Promise<void> {
  const wire = voiceStateWire(row, await memberWire(ctx, row.guildId, row.userId));
  const d = how.left ? { ...wire, channel_id: null } : wire;
  const guildId = row.guildId.toString();
  await emit(ctx, { t: GatewayDispatchEvents.VoiceStateUpdate, d, guildId, channelId: row.channelId.toString() });
  if (how.leaverLostView)
    await emit(ctx, { t: GatewayDispatchEvents.VoiceStateUpdate, d, guildId, userIds: [row.userId.toString()] });
}
