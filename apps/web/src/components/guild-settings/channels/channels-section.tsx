"use client";

import { Permission } from "@chat/domain/permissions/bits";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { stepMove } from "../../chat/channels/channel-groups";
import { SectionLoading } from "../shared/section-loading";
import type { GuildSettingsSectionProps } from "../shared/section-props";
import { ChannelEditor } from "./channel-editor";
import { ChannelLayoutList } from "./channel-layout-list";
import { CreateCategoryDialog } from "./create-category-dialog";

/**
 * The guild's channels and categories: create a category, open a channel or category to edit
 * its details and permissions or delete it, move them with the arrows. Everyone may look;
 * changes need Manage Channels (details, places) or Manage Roles (permissions) there. The list
 * follows other people's changes live.
 */
export function ChannelsSection({ guild, meId }: GuildSettingsSectionProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const key = trpc.channelSettings.list.queryKey({ guildId: guild.id });
  const settings = useQuery({
    ...trpc.channelSettings.list.queryOptions({ guildId: guild.id }),
    refetchOnMount: "always",
  });
  const [openId, setOpenId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const backTo = useRef<string | null>(null);
  const intro = useId();
  const arrange = useMutation(
    trpc.channelSettings.arrange.mutationOptions({ onSettled: () => queryClient.invalidateQueries({ queryKey: key }) }),
  );

  const data = settings.data;
  const open = openId ? data?.channels.find((c) => c.id === openId) : undefined;
  const canManage = data ? (BigInt(data.permissions) & Permission.ManageChannels) === Permission.ManageChannels : false;

  useEffect(() => {
    if (openId && data && !open) {
      setOpenId(null);
      setNotice((current) => current ?? "The channel you had open was deleted.");
    }
  }, [openId, data, open]);

  useEffect(() => {
    if (openId || !backTo.current) return;
    document.querySelector<HTMLButtonElement>(`button[data-channel-open="${backTo.current}"]`)?.focus();
    backTo.current = null;
  }, [openId]);

  function move(id: string, step: -1 | 1) {
    if (!data) return;
    const entries = stepMove(data.channels, id, step);
    const name = data.channels.find((c) => c.id === id)?.name ?? "";
    if (!entries) return;
    arrange.mutate(
      { guildId: guild.id, entries },
      {
        onSuccess: async () => {
          await queryClient.invalidateQueries({ queryKey: key });
          setAnnouncement(`${name} moved ${step === -1 ? "up" : "down"}.`);
          // The row moved: the arrow used keeps the focus (or its twin, at an end).
          const row = document.querySelector(`[data-channel-id="${id}"]`);
          const arrow =
            row?.querySelector<HTMLButtonElement>(
              `button[data-move="${step === -1 ? "up" : "down"}"]:not([aria-disabled])`,
            ) ?? row?.querySelector<HTMLButtonElement>("button[data-move]");
          arrow?.focus();
        },
      },
    );
  }

  if (settings.error)
    return <Alert tone="error">{errorMessage(settings.error, "The channels could not be loaded. Try again.")}</Alert>;
  if (!data) return <SectionLoading label="Loading channels" />;

  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {open ? (
        <ChannelEditor
          key={open.id}
          guildId={guild.id}
          meId={meId}
          channel={open}
          channels={data.channels}
          announce={setAnnouncement}
          onBack={() => {
            backTo.current = open.id;
            setOpenId(null);
          }}
          onDeleted={(name) => {
            setNotice(`${name} was deleted.`);
            setOpenId(null);
          }}
        />
      ) : (
        <>
          <div className="flex flex-wrap items-start gap-3">
            <p id={intro} className="min-w-0 flex-1 text-sm text-muted">
              {canManage
                ? "Group channels in categories and put them in order. Open a channel or category to rename it, move it to another category, or choose who can see and use it."
                : "The guild’s channels and categories. Changing them needs the Manage Channels permission."}
            </p>
            <Button
              size="sm"
              aria-disabled={canManage ? undefined : true}
              aria-describedby={canManage ? undefined : intro}
              className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
              onClick={() => {
                setNotice(null);
                if (canManage) setCreating(true);
              }}
            >
              <PlusIcon width={16} height={16} />
              Create category
            </Button>
          </div>
          {notice ? <Alert tone="info">{notice}</Alert> : null}
          {arrange.error ? <Alert tone="error">{errorMessage(arrange.error)}</Alert> : null}
          {data.channels.length === 0 ? (
            <div className="rounded-lg border border-dashed border-line px-6 py-6 text-center">
              <p className="font-semibold text-white">No channels you can see</p>
              <p className="mt-1 text-sm text-muted">Channels made here, or shown to you later, appear in this list.</p>
            </div>
          ) : (
            <ChannelLayoutList
              settings={data}
              onOpen={(id) => {
                setNotice(null);
                setOpenId(id);
              }}
              onMove={move}
            />
          )}
        </>
      )}
      <CreateCategoryDialog
        key={creating ? "open" : "closed"}
        guildId={guild.id}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={async (_id, name) => {
          setCreating(false);
          await queryClient.invalidateQueries({ queryKey: key });
          setAnnouncement(`Category ${name} created.`);
        }}
      />
    </div>
  );
}
