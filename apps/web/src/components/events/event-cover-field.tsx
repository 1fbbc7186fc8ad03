"use client";

import { useId, useRef, useState } from "react";
import { describeBytes, readAsDataUrl } from "@/components/guild-settings/emoji/emoji-picture";
import { Button } from "@/components/ui/button";

/** What a cover may be, as the service checks it. */
export const COVER_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

/** Why this file cannot be a cover, in a sentence, or null when it can. */
export function coverProblem(file: { type: string; size: number }, maxBytes: number): string | null {
  if (!(COVER_TYPES as readonly string[]).includes(file.type)) return "Pick a PNG, JPEG, GIF or WebP picture.";
  if (file.size > maxBytes) return `That picture is ${describeBytes(file.size)}; a cover can be at most ${describeBytes(maxBytes)}.`;
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

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-semibold uppercase tracking-wide text-muted">
        Cover image
      </label>
      {shown ? (
        // biome-ignore lint/performance/noImgElement: image data and the app's own cover route, not optimisable pictures
        <img src={shown} alt="Cover preview" data-testid="cover-preview" className="aspect-[5/2] w-full rounded-md bg-field object-cover" />
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={fileInput}
          id={id}
          type="file"
          accept={COVER_TYPES.join(",")}
          aria-describedby={[hintId, messages.length > 0 ? errorId : null].filter(Boolean).join(" ")}
          aria-invalid={messages.length > 0 || undefined}
          onChange={(e) => {
            void picked(e.currentTarget.files?.[0]);
            e.currentTarget.value = "";
          }}
          className="min-w-0 flex-1 text-sm text-text file:mr-3 file:rounded-md file:border-0 file:bg-raised file:px-3 file:py-2 file:font-medium file:text-text"
        />
        {shown ? (
          <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
            Remove cover
          </Button>
        ) : null}
      </div>
      <p id={hintId} className="text-xs text-muted">
        PNG, JPEG, GIF or WebP up to {describeBytes(maxBytes)}. Kept encrypted: people in the guild see it, bots don’t.
      </p>
      {messages.length > 0 ? (
        <p id={errorId} role="alert" className="text-xs text-danger-text">
          {messages.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
