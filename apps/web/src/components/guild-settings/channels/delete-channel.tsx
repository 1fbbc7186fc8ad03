"use client";

import type { ChannelSettingsView } from "@chat/api/channel-settings-views";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { ConfirmDelete } from "../shared/confirm-delete";
import { manageBlocker } from "./channel-reach";

const CONSEQUENCES = {
  category: "Its channels stay, outside any category. This can’t be undone.",
  voice: "Everyone in it is disconnected. This can’t be undone.",
  text: "Its messages and threads go with it. This can’t be undone.",
  other: "This can’t be undone.",
} as const;

/** Deleting the channel or category after a confirmation; a category's channels stay, outside any category. */
export function DeleteChannel({
  guildId,
  channel,
  onDeleted,
}: {
  guildId: string;
  channel: ChannelSettingsView;
  onDeleted(name: string): void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const removal = useMutation(
    trpc.channelSettings.remove.mutationOptions({
      onSuccess: async () => {
        onDeleted(channel.name);
        await queryClient.invalidateQueries({ queryKey: trpc.channelSettings.list.queryKey({ guildId }) });
      },
    }),
  );
  return (
    <ConfirmDelete
      thing={channel.kind === "category" ? "category" : "channel"}
      name={channel.name}
      consequence={CONSEQUENCES[channel.kind]}
      blocker={manageBlocker(channel)}
      error={removal.error ? errorMessage(removal.error) : null}
      busy={removal.isPending}
      onConfirm={() => removal.mutate({ channelId: channel.id })}
    />
  );
}
