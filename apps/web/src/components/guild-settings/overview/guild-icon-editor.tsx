"use client";

import type { GuildView } from "@chat/api";
import { useMutation } from "@tanstack/react-query";
import { type ChangeEvent, useRef, useState } from "react";
import type { Area } from "react-easy-crop";
import { GuildIcon } from "@/components/chat/guilds/guild-icon";
import { useQueryPatcher } from "@/components/live/live-provider";
import { AvatarCropper } from "@/components/settings/avatar-cropper";
import { AVATAR_TYPES, croppedPicture, pictureProblem } from "@/components/settings/crop-picture";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";

/** The guild's icon: pick a picture, crop it to a square, save; or remove it (Manage Guild). */
export function GuildIconEditor({ guild }: { guild: GuildView }) {
  const trpc = useTRPC();
  const patcher = useQueryPatcher();
  const setIcon = useMutation(
    trpc.guilds.setIcon.mutationOptions({
      // GUILD_UPDATE brings it too; this tab shows it at once.
      onSuccess: ({ icon }) =>
        patcher.patch<GuildView[]>(trpc.guilds.list.queryKey(), (list) =>
          list.map((g) => (g.id === guild.id ? { ...g, icon } : g)),
        ),
    }),
  );
  const fileInput = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  function picked(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const why = pictureProblem(file);
    setProblem(why);
    if (!why) setSource(URL.createObjectURL(file));
  }

  async function cropped(area: Area) {
    if (!source) return;
    try {
      const image = await croppedPicture(source, area);
      setIcon.mutate({ guildId: guild.id, image }, { onSuccess: () => setSource(null) });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : "That picture could not be cropped.");
      setSource(null);
    }
  }

  return (
    <section aria-labelledby="guild-icon-heading" className="flex flex-col gap-3">
      <h4 id="guild-icon-heading" className="text-xs font-semibold uppercase tracking-wide text-muted">
        Icon
      </h4>
      <div className="flex flex-wrap items-center gap-4">
        <div
          className="grid size-20 place-items-center overflow-hidden rounded-[28px] bg-panel text-2xl font-semibold text-text"
          data-testid="guild-icon-preview"
        >
          <GuildIcon guild={guild} size={160} />
        </div>
        {guild.canManage ? (
          <div className="flex flex-col gap-2">
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()}>
                {guild.icon ? "Change icon" : "Upload icon"}
              </Button>
              {guild.icon ? (
                <Button
                  variant="ghost"
                  size="sm"
                  busy={setIcon.isPending && setIcon.variables?.image === null}
                  onClick={() => setIcon.mutate({ guildId: guild.id, image: null })}
                >
                  Remove icon
                </Button>
              ) : null}
            </div>
            <p className="text-xs text-muted">PNG, JPEG, GIF or WebP up to 10 MB, cropped to a square.</p>
            <input
              ref={fileInput}
              type="file"
              accept={AVATAR_TYPES.join(",")}
              onChange={picked}
              className="sr-only"
              tabIndex={-1}
              aria-label="Icon file"
            />
          </div>
        ) : (
          <p className="text-sm text-muted">Changing the icon needs Manage Guild.</p>
        )}
      </div>
      {problem || setIcon.error ? <Alert tone="error">{problem ?? errorMessage(setIcon.error)}</Alert> : null}
      <AvatarCropper
        key={source ?? "none"}
        src={source}
        busy={setIcon.isPending}
        title="Crop the guild icon"
        description="Drag the picture to place it; zoom with the slider."
        onCancel={() => setSource(null)}
        onDone={cropped}
      />
    </section>
  );
}
