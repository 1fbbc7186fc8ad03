"use client";

import { FileIcon } from "@/components/ui/icons";
import { formatFileSize } from "@/lib/format";
import type { PendingFile } from "./use-uploads";

/**
 * The files about to be sent, above the message box: a thumbnail or a file card each, with
 * its description (alt text), a remove button, progress while uploading, and what is wrong
 * (the limits, a failed upload) said before sending.
 */
export function UploadTray({
  files,
  uploading,
  problem,
  onDescribe,
  onRemove,
  onCancel,
}: {
  files: PendingFile[];
  uploading: boolean;
  problem: string | null;
  onDescribe(key: string, description: string): void;
  onRemove(key: string): void;
  onCancel(): void;
}) {
  if (files.length === 0) return null;
  return (
    <section aria-label="Files to send" className="border-b border-line px-3 pt-3 pb-2">
      <ul
        className="scroll-thin flex gap-3 overflow-x-auto pb-1"
        aria-label={`${files.length} ${files.length === 1 ? "file" : "files"}`}
      >
        {files.map((f) => (
          <li
            key={f.key}
            className="relative flex w-36 shrink-0 sm:w-44 flex-col gap-1.5 rounded-md bg-panel p-2"
            data-testid="upload-tray-file"
          >
            <div className="grid h-16 place-items-center sm:h-24 overflow-hidden rounded bg-field">
              {f.preview ? (
                // biome-ignore lint/performance/noImgElement: a local blob: preview, not an optimisable page image
                <img src={f.preview} alt="" className="max-h-full max-w-full object-contain" />
              ) : (
                <FileIcon width={36} height={36} className="text-muted" />
              )}
            </div>
            <p className="truncate text-xs font-medium text-text" title={f.file.name}>
              {f.file.name}
            </p>
            <p className="text-[11px] text-muted">{formatFileSize(f.file.size)}</p>
            <input
              type="text"
              value={f.description}
              maxLength={1024}
              disabled={uploading}
              onChange={(e) => onDescribe(f.key, e.target.value)}
              aria-label={`Description of ${f.file.name}`}
              placeholder="Add a description"
              className="w-full rounded bg-field px-2 py-1 text-xs text-text placeholder:text-faint focus:outline-none focus:ring-2 focus:ring-accent/70"
            />
            {f.progress !== null && f.uploadId === null ? (
              <progress
                value={f.progress}
                max={1}
                aria-label={`Uploading ${f.file.name}`}
                className="h-1.5 w-full accent-accent"
              />
            ) : null}
            {f.uploadId ? <p className="text-[11px] text-success">Uploaded</p> : null}
            {f.error ? (
              <p role="alert" className="text-[11px] text-danger-text">
                {f.error}
              </p>
            ) : null}
            <button
              type="button"
              onClick={() => onRemove(f.key)}
              disabled={uploading}
              aria-label={`Remove ${f.file.name}`}
              className="absolute top-1 right-1 grid size-7 place-items-center rounded-full bg-rail/90 text-muted hover:text-danger-text disabled:opacity-40"
            >
              <svg
                width="14"
                height="14"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
                aria-hidden="true"
              >
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
      {problem ? (
        <p role="alert" className="mt-1 text-xs text-danger-text" data-testid="upload-limits">
          {problem}
        </p>
      ) : null}
      {uploading ? (
        <p className="mt-1 flex items-center gap-2 text-xs text-muted" role="status">
          Uploading {files.length === 1 ? "the file" : `${files.length} files`}…
          <button type="button" onClick={onCancel} className="font-semibold text-text underline">
            Cancel
          </button>
        </p>
      ) : null}
    </section>
  );
}
