"use client";

import { formatFileSize } from "@/lib/format";

interface FilePickerProps {
  id: string;
  "aria-describedby": string;
  "aria-invalid"?: boolean;
  "aria-required"?: boolean;
  value: File | undefined;
  onChange(value: File | undefined): void;
}

/**
 * An attachment option's file: the browser's own file input (focusable, named by the field's
 * label, Enter or Space opens the chooser), transparent over a button-like box, then the chosen file's name and
 * size with a button to remove it. The file is uploaded when the command is sent.
 */
export function FilePicker({ id, value, onChange, ...aria }: FilePickerProps) {
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      {/* The input itself, transparent, over what it looks like: a click anywhere on it opens the chooser. */}
      <span
        className={`relative flex h-10 shrink-0 items-center rounded-md border bg-field px-3 text-sm text-text focus-within:outline-2 focus-within:outline-accent hover:bg-hover ${aria["aria-invalid"] ? "border-danger" : "border-line"}`}
      >
        <span aria-hidden="true">{value ? "Choose another file" : "Choose a file"}</span>
        <input
          id={id}
          type="file"
          {...aria}
          className="absolute inset-0 cursor-pointer opacity-0"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onChange(file);
            e.target.value = "";
          }}
        />
      </span>
      {value ? (
        <span className="flex min-w-0 max-w-full items-center gap-1 rounded-md bg-field py-1 pr-1 pl-3 text-sm text-text">
          <span className="min-w-0 truncate" data-testid="chosen-file">
            {value.name}
          </span>
          <span className="shrink-0 text-xs text-muted">· {formatFileSize(value.size)}</span>
          <button
            type="button"
            onClick={() => onChange(undefined)}
            aria-label={`Remove ${value.name}`}
            className="grid size-7 shrink-0 place-items-center rounded text-muted hover:bg-hover hover:text-text focus-visible:outline-2 focus-visible:outline-accent"
          >
            <span aria-hidden="true" className="text-lg leading-none">
              ×
            </span>
          </button>
        </span>
      ) : (
        <span className="text-xs text-muted">Up to 25 MB</span>
      )}
    </div>
  );
}
