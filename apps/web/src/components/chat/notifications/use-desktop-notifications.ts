"use client";

import type { MemberView } from "@chat/api";
import { useQueryClient } from "@tanstack/react-query";
import type { GatewayMessageCreateDispatchData } from "discord-api-types/v10";
import { useRouter } from "next/navigation";
import { useCallback } from "react";
import { useTRPC } from "@/lib/trpc";
import { mutedGuilds } from "./muted-guilds";
import { type NotificationContext, notificationFor } from "./notification-rules";

const NO_ROLES: ReadonlySet<string> = new Set();

export function notificationsSupported(): boolean {
  return typeof window !== "undefined" && "Notification" in window;
}

/**
 * What to do with each new message the live stream brings: a desktop notification when it
 * deserves one (notification-rules.ts) and the person allowed them. A click on it brings the
 * tab forward at the message's channel.
 */
export function useDesktopNotifications(meId: string): (message: GatewayMessageCreateDispatchData) => void {
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const router = useRouter();
  return useCallback(
    (message: GatewayMessageCreateDispatchData) => {
      if (!notificationsSupported() || Notification.permission !== "granted") return;
      const context: NotificationContext = {
        meId,
        myRoleIds: (guildId) => {
          const members = queryClient.getQueryData<MemberView[]>(trpc.guilds.members.queryKey({ guildId }));
          const mine = members?.find((m) => m.user.id === meId);
          return mine ? new Set(mine.roles) : NO_ROLES;
        },
        mutedGuild: (guildId) => mutedGuilds.has(guildId),
        looking: (channelId) =>
          document.visibilityState === "visible" && window.location.pathname.split("/").at(-1) === channelId,
        channelName: (guildId, channelId) =>
          queryClient.getQueryData(trpc.guilds.channels.queryKey({ guildId }))?.find((c) => c.id === channelId)?.name ??
          null,
        guildName: (guildId) =>
          queryClient.getQueryData(trpc.guilds.list.queryKey())?.find((g) => g.id === guildId)?.name ?? null,
      };
      const shown = notificationFor(message, context);
      if (!shown) return;
      const notification = new Notification(shown.title, { body: shown.body, tag: shown.tag });
      notification.onclick = () => {
        window.focus();
        router.push(shown.path);
        notification.close();
      };
    },
    [meId, queryClient, trpc, router],
  );
}
