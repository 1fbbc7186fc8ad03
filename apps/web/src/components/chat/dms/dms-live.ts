import type { DmView } from "@chat/api";
import { type UserView, userView } from "@chat/api/views";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { LiveDeps } from "@/components/live/live-deps";
import type { LiveRegistry } from "@/components/live/live-registry";

/** Home's DMs: the one with a new message goes to the top; a recipient's new name or picture shows. */
export function registerDmsLive(live: LiveRegistry, { queryClient, trpc, patcher }: LiveDeps): void {
  const key = trpc.people.dms.queryKey();

  /** A DM's new message puts it at the top of Home; one Home does not list yet (just opened by someone) loads the list again. */
  const dmActive = (channelId: string, messageId: string) => {
    const list = queryClient.getQueryData(key);
    const dm = list?.find((d) => d.id === channelId);
    if (!list) return;
    if (!dm) {
      patcher.reload(key);
      return;
    }
    patcher.patch<DmView[]>(key, (dms) => {
      const found = dms.find((d) => d.id === channelId);
      return found ? [{ ...found, lastMessageId: messageId }, ...dms.filter((d) => d.id !== channelId)] : dms;
    });
  };
  const recipientChanged = (user: UserView) => {
    const fresh = { displayName: user.displayName, avatar: user.avatar ?? null };
    patcher.patch<DmView[]>(key, (dms) =>
      dms.map((d) => (d.recipient.id === user.id ? { ...d, recipient: { ...d.recipient, ...fresh } } : d)),
    );
  };

  live.on(GatewayDispatchEvents.MessageCreate, ({ d }) => {
    if (!d.guild_id) dmActive(d.channel_id, d.id);
  });
  live.on(GatewayDispatchEvents.GuildMemberUpdate, ({ d }) => recipientChanged(userView(d.user)));
  live.on(GatewayDispatchEvents.UserUpdate, ({ d }) => recipientChanged(userView(d)));
}
