"use client";

import type { GuildEmojiSettingsView } from "@chat/api";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useQueryPatcher } from "@/components/live/live-provider";
import { Alert } from "@/components/ui/alert";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { SectionLoading } from "../shared/section-loading";
import type { GuildSettingsSectionProps } from "../shared/section-props";
import { describeBytes } from "./emoji-picture";
import { EmojiRow } from "./emoji-row";
import { EmojiUploadForm } from "./emoji-upload-form";

/**
 * The guild's custom emoji: upload, rename and delete (Manage Guild Expressions). Everyone in the
 * guild can use them in messages and reactions; changes reach open tabs and bots as
 * GUILD_EMOJIS_UPDATE, which also refreshes this list.
 */
export function EmojiSection({ guild }: GuildSettingsSectionProps) {
  const trpc = useTRPC();
  const patcher = useQueryPatcher();
  const key = trpc.emojis.forSettings.queryKey({ guildId: guild.id });
  const list = useQuery(trpc.emojis.forSettings.queryOptions({ guildId: guild.id }));
  const [announcement, setAnnouncement] = useState("");
  const patch = (change: (emojis: GuildEmojiSettingsView["emojis"]) => GuildEmojiSettingsView["emojis"]) =>
    patcher.patch<GuildEmojiSettingsView>(key, (data) => ({ ...data, emojis: change(data.emojis) }));
  const rename = useMutation(
    trpc.emojis.rename.mutationOptions({
      onSuccess: ({ id, name }) => {
        patch((emojis) => emojis.map((e) => (e.id === id ? { ...e, name } : e)));
        setAnnouncement(`Renamed to :${name}:.`);
      },
    }),
  );
  const remove = useMutation(
    trpc.emojis.remove.mutationOptions({
      onSuccess: ({ id }) => {
        patch((emojis) => emojis.filter((e) => e.id !== id));
        setAnnouncement("Emoji deleted.");
      },
    }),
  );
  const reasonId = useId();
  const data = list.data;
  const disabledReasonId = data && !data.canManage ? reasonId : null;
  const busyId = rename.isPending
    ? rename.variables?.emojiId
    : remove.isPending
      ? remove.variables?.emojiId
      : undefined;

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        Everyone in the guild can use these in messages and reactions, typed as :name:.
      </p>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {list.error ? (
        <Alert tone="error">{errorMessage(list.error)}</Alert>
      ) : !data ? (
        <SectionLoading label="Loading emoji" rows={2} />
      ) : (
        <>
          {data.canManage ? null : (
            <p id={reasonId} className="text-sm text-muted">
              Uploading, renaming and deleting emoji needs Manage Guild Expressions.
            </p>
          )}
          <EmojiUploadForm
            guildId={guild.id}
            maxBytes={data.maxBytes}
            disabledReasonId={disabledReasonId}
            onUploaded={(name) => setAnnouncement(`:${name}: uploaded.`)}
          />
          <p className="text-sm text-muted" data-testid="emoji-counts">
            {countOf(data, false)} of {data.limitPerKind} still · {countOf(data, true)} of {data.limitPerKind} animated
            · pictures up to {describeBytes(data.maxBytes)}
          </p>
          {rename.error || remove.error ? (
            <Alert tone="error">{errorMessage(rename.error ?? remove.error)}</Alert>
          ) : null}
          {data.emojis.length === 0 ? (
            <div className="rounded-lg border border-dashed border-line px-6 py-10 text-center" data-testid="no-emoji">
              <p className="font-semibold text-white">No custom emoji yet</p>
              <p className="mt-1 text-sm text-muted">
                {data.canManage
                  ? "Upload a picture above to make the first one."
                  : "People with Manage Guild Expressions can add some."}
              </p>
            </div>
          ) : (
            <ul aria-label="Custom emoji" className="flex flex-col gap-2">
              {data.emojis.map((emoji) => (
                <EmojiRow
                  key={emoji.id}
                  emoji={emoji}
                  disabledReasonId={disabledReasonId}
                  busy={busyId === emoji.id}
                  onRename={(name) =>
                    rename.mutateAsync({ guildId: guild.id, emojiId: emoji.id, name }).then(
                      () => true,
                      () => false,
                    )
                  }
                  onDelete={() => remove.mutate({ guildId: guild.id, emojiId: emoji.id })}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

const countOf = (data: GuildEmojiSettingsView, animated: boolean) =>
  data.emojis.filter((e) => e.animated === animated).length;
