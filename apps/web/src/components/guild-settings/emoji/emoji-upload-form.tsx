"use client";

import { useMutation } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { errorMessage, fieldErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { describeBytes, EMOJI_TYPES, emojiFileProblem, emojiNameFromFile, readAsDataUrl } from "./emoji-picture";

/**
 * Picks a picture, names it (from the file name unless changed) and uploads it. A file the
 * service would refuse is caught here with the reason; the service's own refusals show too.
 */
export function EmojiUploadForm({
  guildId,
  maxBytes,
  disabledReasonId,
  onUploaded,
}: {
  guildId: string;
  maxBytes: number;
  disabledReasonId: string | null;
  onUploaded(name: string): void;
}) {
  const trpc = useTRPC();
  const upload = useMutation(trpc.emojis.upload.mutationOptions());
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const fileId = useId();
  const fileHintId = `${fileId}-hint`;
  const disabled = disabledReasonId !== null;
  const errors = upload.error ? fieldErrors(upload.error) : {};

  function choose(picked: File | null) {
    upload.reset();
    setFile(picked);
    setProblem(picked ? emojiFileProblem(picked, maxBytes) : null);
    if (picked) setName(emojiNameFromFile(picked.name));
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!file) return setProblem("Pick a picture first.");
    if (problem) return;
    const uploaded = await upload.mutateAsync({ guildId, name, image: await readAsDataUrl(file) }).catch(() => null);
    if (!uploaded) return;
    onUploaded(uploaded.name);
    setFile(null);
    setName("");
    if (fileInput.current) fileInput.current.value = "";
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Upload emoji"
      className="flex flex-col gap-3 rounded-lg bg-panel p-4 ring-1 ring-white/5"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={fileId} className="text-xs font-semibold uppercase tracking-wide text-muted">
          Picture
        </label>
        <input
          ref={fileInput}
          id={fileId}
          type="file"
          accept={EMOJI_TYPES.join(",")}
          disabled={disabled}
          aria-describedby={[fileHintId, disabledReasonId].filter(Boolean).join(" ")}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => choose(e.currentTarget.files?.[0] ?? null)}
          className="text-sm text-text file:mr-3 file:rounded-md file:border-0 file:bg-accent file:px-3 file:py-2 file:font-medium file:text-white disabled:opacity-60"
        />
        <p id={fileHintId} className="text-xs text-muted">
          PNG, GIF or WebP, at most {describeBytes(maxBytes)}. A GIF is an animated emoji.
        </p>
        {problem ? (
          <p className="text-xs text-danger-text" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      <TextField
        label="Emoji name"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        maxLength={32}
        disabled={disabled}
        hint="2 to 32 letters, digits and underscores; typed as :name: in messages."
        errors={errors.name ?? []}
      />
      {upload.error && !errors.name ? <Alert tone="error">{errorMessage(upload.error)}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" busy={upload.isPending} disabled={disabled || !file || problem !== null}>
          Upload emoji
        </Button>
      </div>
    </form>
  );
}
