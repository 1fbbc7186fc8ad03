"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useTRPCClient } from "@/lib/trpc";
import { overLimits } from "./upload-limits";
import { uploadFile } from "./upload-request";

/** A file waiting in the tray: its description, and once uploaded its upload id. */
export interface PendingFile {
  key: string;
  file: File;
  /** A thumbnail address for pictures (revoked when the file leaves the tray). */
  preview: string | null;
  description: string;
  /** 0 to 1 while uploading. */
  progress: number | null;
  uploadId: string | null;
  error: string | null;
}

let counter = 0;

/**
 * The composer's files: added by the button, a drop or a paste; described; uploaded one after
 * another with progress when the message is sent (uploads already made are not made again
 * after a failure). `problem` says why they cannot be sent (the limits) before anything is.
 */
export function useUploads(channelId: string) {
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const current = useRef(files);
  current.current = files;

  useEffect(
    () => () => {
      abort.current?.abort();
      for (const f of current.current) if (f.preview) URL.revokeObjectURL(f.preview);
    },
    [],
  );

  const add = useCallback((list: Iterable<File>) => {
    const added = [...list].map((file) => ({
      key: `f${++counter}`,
      file,
      preview: /^image\/(png|jpe?g|gif|webp|avif)$/.test(file.type) ? URL.createObjectURL(file) : null,
      description: "",
      progress: null,
      uploadId: null,
      error: null,
    }));
    if (added.length) setFiles((now) => [...now, ...added]);
    return added.length;
  }, []);

  const client = useTRPCClient();
  const remove = useCallback(
    (key: string) => {
      // Uploaded already (a send that failed): taken back, so it no longer counts as waiting to be sent.
      const uploadId = current.current.find((f) => f.key === key)?.uploadId;
      if (uploadId) client.uploads.remove.mutate({ uploadIds: [uploadId] }).catch(() => undefined);
      setFiles((now) => {
        const gone = now.find((f) => f.key === key);
        if (gone?.preview) URL.revokeObjectURL(gone.preview);
        return now.filter((f) => f.key !== key);
      });
    },
    [client],
  );

  const describe = useCallback((key: string, description: string) => {
    setFiles((now) => now.map((f) => (f.key === key ? { ...f, description } : f)));
  }, []);

  const update = (key: string, change: Partial<PendingFile>) =>
    setFiles((now) => now.map((f) => (f.key === key ? { ...f, ...change } : f)));

  /** Uploads what is not uploaded yet: the attachments to send, or null when one failed or it was cancelled (told on the file). */
  async function uploadAll(): Promise<{ uploadId: string; description: string | null }[] | null> {
    const controller = new AbortController();
    abort.current = controller;
    setUploading(true);
    const done: { uploadId: string; description: string | null }[] = [];
    try {
      for (const pending of current.current) {
        let id = pending.uploadId;
        if (!id) {
          update(pending.key, { progress: 0, error: null });
          try {
            id = await uploadFile(
              channelId,
              pending.file,
              (progress) => update(pending.key, { progress }),
              controller.signal,
            );
            update(pending.key, { progress: 1, uploadId: id });
          } catch (error) {
            const cancelled = error instanceof DOMException && error.name === "AbortError";
            update(pending.key, {
              progress: null,
              error: cancelled ? null : error instanceof Error ? error.message : "Not uploaded.",
            });
            return null;
          }
        }
        done.push({ uploadId: id, description: pending.description.trim() || null });
      }
      return done;
    } finally {
      setUploading(false);
      abort.current = null;
    }
  }

  function clear() {
    for (const f of current.current) if (f.preview) URL.revokeObjectURL(f.preview);
    setFiles([]);
  }

  return {
    files,
    uploading,
    problem: overLimits(files.map((f) => f.file)),
    add,
    remove,
    describe,
    uploadAll,
    clear,
    cancel: () => abort.current?.abort(),
  };
}
