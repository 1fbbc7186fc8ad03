import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { LiveDeps } from "@/components/live/live-deps";
import type { LiveRegistry } from "@/components/live/live-registry";
import type { TypingStore } from "./typing-store";

/** "X is typing…" from TYPING_START, ended by that person's message (registered before the message joins the history). */
export function registerTypingLive(
  live: LiveRegistry,
  { queryClient, trpc, meId }: LiveDeps,
  typing: TypingStore,
): void {
  const memberName = (guildId: string | undefined, userId: string): string | null => {
    if (!guildId) return null;
    const member = queryClient
      .getQueryData(trpc.guilds.members.queryKey({ guildId }))
      ?.find((m) => m.user.id === userId);
    return member ? (member.nick ?? member.user.displayName) : null;
  };

  live.on(GatewayDispatchEvents.MessageCreate, ({ d }) => typing.stopped(d.channel_id, d.author.id));
  live.on(GatewayDispatchEvents.TypingStart, ({ d: { channel_id, user_id, member, guild_id } }) => {
    if (user_id === meId) return;
    const name =
      member?.nick || member?.user?.global_name || member?.user?.username || memberName(guild_id, user_id) || "Someone";
    typing.started(channel_id, user_id, name);
  });
  live.onReset(() => typing.clear());
  live.onClose(() => typing.clear());
}
