"use client";

import type { ChannelSettingsView } from "@chat/api/channel-settings-views";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { manageBlocker } from "./channel-reach";

/** Deleting the channel or category after a confirmation; a category's channels stay, outside any category. */
export function DeleteChannel({ guildId, channel, onDeleted }: { guildId: string; channel: ChannelSettingsView; onDeleted(name: string): void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const reasonId = useId();
  const [confirming, setConfirming] = useState(false);
  const blocker = manageBlocker(channel);
  const category = channel.kind === "category";
  const removal = useMutation(
    trpc.channelSettings.remove.mutationOptions({
      onSuccess: async () => {
        onDeleted(channel.name);
        await queryClient.invalidateQueries({ queryKey: trpc.channelSettings.list.queryKey({ guildId }) });
      },
    }),
  );
  return (
    <section className="border-t border-line pt-6" aria-label={category ? "Delete category" : "Delete channel"}>
      <h5 className="text-sm font-semibold text-white">{category ? "Delete this category" : "Delete this channel"}</h5>
      <p id={reasonId} className={`mt-1 text-sm ${blocker ? "text-[#f6d6a3]" : "text-muted"}`}>
        {blocker ??
          (category
            ? "Its channels stay, outside any category. This can’t be undone."
            : channel.kind === "voice"
              ? "Everyone in it is disconnected. This can’t be undone."
              : "Its messages and threads go with it. This can’t be undone.")}
      </p>
      {removal.error ? (
        <Alert tone="error" className="mt-3">
          {errorMessage(removal.error)}
        </Alert>
      ) : null}
      {confirming && !blocker ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Button variant="danger" busy={removal.isPending} onClick={() => removal.mutate({ channelId: channel.id })}>
            Yes, delete {channel.name}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
        </div>
      ) : (
        <Button
          className="mt-3 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          variant="secondary"
          aria-disabled={blocker ? true : undefined}
          aria-describedby={blocker ? reasonId : undefined}
          onClick={() => {
            if (!blocker) setConfirming(true);
          }}
        >
          {category ? "Delete category…" : "Delete channel…"}
        </Button>
      )}
    </section>
  );
}
