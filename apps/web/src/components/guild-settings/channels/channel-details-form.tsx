"use client";

import type { ChannelSettingsView } from "@chat/api/channel-settings-views";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SettingSwitch } from "@/components/ui/setting-switch";
import { TextField } from "@/components/ui/text-field";
import { errorMessage, fieldErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { CategorySelect } from "../../chat/channels/category-select";
import { categoryMove } from "../../chat/channels/channel-groups";
import { manageBlocker } from "./channel-reach";

/**
 * A channel's name, topic and NSFW switch (text channels) and its category, or a category's
 * name; saved together. Unavailable, with the reason, without Manage Channels there.
 */
export function ChannelDetailsForm({
  guildId,
  channel,
  channels,
  announce,
}: {
  guildId: string;
  channel: ChannelSettingsView;
  channels: ChannelSettingsView[];
  announce(text: string): void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const blockerId = useId();
  const [name, setName] = useState(channel.name);
  const [topic, setTopic] = useState(channel.topic ?? "");
  const [nsfw, setNsfw] = useState(channel.nsfw);
  const [parentId, setParentId] = useState(channel.parentId ?? "");
  const update = useMutation(trpc.channelSettings.update.mutationOptions());
  const arrange = useMutation(trpc.channelSettings.arrange.mutationOptions());
  const blocker = manageBlocker(channel);
  const text = channel.kind === "text";
  const categories = channels.filter((c) => c.kind === "category");
  const error = update.error ?? arrange.error;
  const errorsOf = (field: string) => fieldErrors(update.error)[field] ?? [];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (blocker) return;
    update.reset();
    arrange.reset();
    const fields = {
      name: name !== channel.name ? name : undefined,
      ...(text
        ? {
            topic: topic !== (channel.topic ?? "") ? topic || null : undefined,
            nsfw: nsfw !== channel.nsfw ? nsfw : undefined,
          }
        : {}),
    };
    try {
      if (Object.values(fields).some((v) => v !== undefined))
        await update.mutateAsync({ channelId: channel.id, ...fields });
      const move = channel.kind === "category" ? null : categoryMove(channels, channel.id, parentId || null);
      if (move) await arrange.mutateAsync({ guildId, entries: move });
      await queryClient.invalidateQueries({ queryKey: trpc.channelSettings.list.queryKey({ guildId }) });
      announce("Changes saved.");
    } catch {
      // Shown under the fields or above the button.
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-describedby={blocker ? blockerId : undefined}>
      {blocker ? (
        <p id={blockerId} className="text-sm text-warning-text">
          {blocker}
        </p>
      ) : null}
      <TextField
        label={channel.kind === "category" ? "Category name" : "Channel name"}
        value={name}
        maxLength={100}
        readOnly={blocker !== null}
        hint={text ? "Lower-case, with dashes for spaces." : undefined}
        errors={errorsOf("name")}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      {text ? (
        <TextField
          label="Topic"
          value={topic}
          maxLength={1024}
          readOnly={blocker !== null}
          placeholder="What this channel is for"
          errors={errorsOf("topic")}
          onChange={(e) => setTopic(e.currentTarget.value)}
        />
      ) : null}
      {text ? (
        <SettingSwitch
          label="Age-restricted (NSFW)"
          explanation="Marks the channel as for adults only. Bots’ age-restricted commands are offered only in channels marked so."
          checked={nsfw}
          disabled={blocker !== null}
          note={blocker}
          onChange={setNsfw}
        />
      ) : null}
      {channel.kind !== "category" ? (
        <CategorySelect categories={categories} value={parentId} disabled={blocker !== null} onChange={setParentId} />
      ) : null}
      {error && !errorsOf("name").length && !errorsOf("topic").length ? (
        <Alert tone="error">{errorMessage(error)}</Alert>
      ) : null}
      <div>
        <Button
          type="submit"
          busy={update.isPending || arrange.isPending}
          aria-disabled={blocker ? true : undefined}
          className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        >
          {channel.kind === "category" ? "Save category" : "Save channel"}
        </Button>
      </div>
    </form>
  );
}
