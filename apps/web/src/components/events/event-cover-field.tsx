"use client";

import { useId, useRef, useState } from "react";
import { describeBytes, readAsDataUrl } from "@/components/guild-settings/emoji/emoji-picture";
import { Button } from "@/components/ui/button";

/** What a cover may be, as the service checks it. */
export const COVER_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

const MB = 1024 * 1024;

/** "8 MB" for whole megabytes, else as emoji sizes are said ("1.5 MB", "300 KB"). */
function sizeWords(bytes: number): string {
  return bytes >= MB && bytes % MB === 0 ? `${bytes / MB} MB` : describeBytes(bytes);
}

/** Why this file cannot be a cover, in a sentence, or null when it can. */
export function coverProblem(file: { type: string; size: number }, maxBytes: number): string | null {
  if (!(COVER_TYPES as readonly string[]).includes(file.type)) return "Pick a PNG, JPEG, GIF or WebP picture.";
  if (file.size > maxBytes)
    return `That picture is ${describeBytes(file.size)}; a cover can be at most ${sizeWords(maxBytes)}.`;
  return null;
}

/**
 * The cover: `undefined` keeps the current one (`currentUrl`), image data replaces it, null
 * removes it. Covers added here are stored encrypted: people see them, bots do not.
 */
export function EventCoverField({
  currentUrl,
  value,
  maxBytes,
  errors,
  onChange,
}: {
  currentUrl: string | null;
  value: string | null | undefined;
  maxBytes: number;
  errors: string[];
  onChange(value: string | null | undefined): void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const shown = value === undefined ? currentUrl : value;
  const messages = [problem, ...errors].filter((m): m is string => Boolean(m));

  async function picked(file: File | undefined) {
    if (!file) return;
    const why = coverProblem(file, maxBytes);
    setProblem(why);
    if (why) return;
    try {
      onChange(await readAsDataUrl(file));
    } catch {
      setProblem("That picture could not be read.");
    }
  }

  const describedBy = [hintId, messages.length > 0 ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className="flex flex-col gap-1.5">
      <p id={`${id}-label`} className="text-xs font-semibold uppercase tracking-wide text-muted">
        Cover image
      </p>
      {shown ? (
        // biome-ignore lint/performance/noImgElement: image data and the app's own cover route, not optimisable pictures
        <img
          src={shown}
          alt="Cover preview"
          data-testid="cover-preview"
          className="aspect-[5/2] w-full rounded-md bg-field object-cover"
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {/* The button opens it: a file input's own face cannot say which cover is chosen. */}
        <input
          ref={fileInput}
          id={id}
          type="file"
          accept={COVER_TYPES.join(",")}
          tabIndex={-1}
          aria-labelledby={`${id}-label`}
          onChange={(e) => {
            void picked(e.currentTarget.files?.[0]);
            e.currentTarget.value = "";
          }}
          className="sr-only"
        />
        <Button variant="secondary" size="sm" aria-describedby={describedBy} onClick={() => fileInput.current?.click()}>
          {shown ? "Change cover" : "Choose a cover"}
        </Button>
        {shown ? (
          <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
            Remove cover
          </Button>
        ) : null}
      </div>
      <p id={hintId} className="text-xs text-muted">
        PNG, JPEG, GIF or WebP up to {sizeWords(maxBytes)}. Kept encrypted: people in the guild see it, bots don’t.
      </p>
      {messages.length > 0 ? (
        <p id={errorId} role="alert" className="text-xs text-danger-text">
          {messages.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
