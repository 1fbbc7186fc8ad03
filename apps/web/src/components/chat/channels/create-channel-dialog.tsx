"use client";

import type { ChannelView } from "@chat/api";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { HashIcon, SpeakerIcon } from "@/components/ui/icons";
import { Modal } from "@/components/ui/modal";
import { NameDialogForm, useNameForm } from "@/components/ui/name-dialog-form";
import { useTRPC } from "@/lib/trpc";
import { CategorySelect } from "./category-select";

type Kind = "text" | "voice";

const KINDS: { kind: Kind; label: string; hint: string; Icon: typeof HashIcon }[] = [
  { kind: "text", label: "Text", hint: "Messages, pictures and files", Icon: HashIcon },
  { kind: "voice", label: "Voice", hint: "Talk together", Icon: SpeakerIcon },
];

/**
 * "Create a channel" (Manage Channels): text or voice, a name (text names are lower-cased,
 * spaces become dashes), and the category it goes in (`parentId` first; it starts in sync
 * with the category's permissions).
 */
export function CreateChannelDialog({
  guildId,
  categories,
  parentId,
  open,
  onClose,
  onCreated,
}: {
  guildId: string;
  categories: ChannelView[];
  parentId: string | null;
  open: boolean;
  onClose(): void;
  onCreated(channel: ChannelView): void;
}) {
  const [kind, setKind] = useState<Kind>("text");
  const [category, setCategory] = useState(parentId ?? "");
  const trpc = useTRPC();
  const create = useMutation(trpc.guilds.createChannel.mutationOptions());
  const form = useNameForm(async (name) => {
    onCreated(await create.mutateAsync({ guildId, name, kind, parentId: category || null }));
  });

  return (
    <Modal open={open} onClose={onClose} title="Create a channel">
      <fieldset className="mb-4 flex flex-col gap-2">
        <legend className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">Channel type</legend>
        {KINDS.map(({ kind: value, label, hint, Icon }) => (
          <label
            key={value}
            className={`flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2 ${kind === value ? "border-accent bg-hover" : "border-line hover:bg-hover/60"}`}
          >
            <input
              type="radio"
              name="kind"
              value={value}
              checked={kind === value}
              onChange={() => setKind(value)}
              className="accent-accent"
            />
            <Icon width={20} height={20} className="text-faint" />
            <span className="flex flex-col">
              <span className="font-medium text-text">{label}</span>
              <span className="text-xs text-muted">{hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {categories.length > 0 ? (
        <div className="mb-4">
          <CategorySelect categories={categories} value={category} onChange={setCategory} />
        </div>
      ) : null}
      <NameDialogForm
        form={form}
        field={{ label: "Channel name", placeholder: kind === "text" ? "new-channel" : "Lounge", maxLength: 100 }}
        submitLabel="Create channel"
        onCancel={onClose}
      />
    </Modal>
  );
}
