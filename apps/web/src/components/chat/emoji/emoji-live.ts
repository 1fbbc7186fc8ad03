import type { GuildEmojiView } from "@chat/api";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { LiveDeps } from "@/components/live/live-deps";
import type { LiveRegistry } from "@/components/live/live-registry";

/** A guild's emoji for the pickers, and its Emoji settings. */
export function registerEmojiLive(live: LiveRegistry, { trpc, patcher }: LiveDeps): void {
  live.on(GatewayDispatchEvents.GuildEmojisUpdate, ({ d: { guild_id: guildId, emojis } }) => {
    patcher.patch<GuildEmojiView[]>(trpc.social.guildEmojis.queryKey({ guildId }), () =>
      emojis.map((e) => ({ id: e.id ?? "", name: e.name ?? "", animated: e.animated === true })),
    );
    // The settings list also names who uploaded each emoji, which the event does not carry.
    patcher.reload(trpc.emojis.forSettings.queryKey({ guildId }));
  });
}
