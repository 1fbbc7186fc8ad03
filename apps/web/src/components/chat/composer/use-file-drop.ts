"use client";

import { type RefObject, useEffect, useState } from "react";

const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes("Files") ?? false;

/**
 * Files dropped anywhere on the channel (the `section` around the composer's form) go to
 * `onFiles`; `dragging` is true while files are held over it (the composer shows where they go).
 */
export function useFileDrop(
  inside: RefObject<HTMLElement | null>,
  onFiles: (files: FileList) => void,
  enabled: boolean,
) {
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    const area = inside.current?.closest("section") ?? inside.current;
    if (!area || !enabled) return;
    let depth = 0;
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth++;
      setDragging(true);
    };
    const over = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = "copy";
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setDragging(false);
      if (e.dataTransfer?.files.length) onFiles(e.dataTransfer.files);
    };
    // Files let go beside the channel (the lists) are ignored rather than opened in place of the app.
    const elsewhere = (e: DragEvent) => {
      if (hasFiles(e) && !area.contains(e.target as Node)) e.preventDefault();
    };
    window.addEventListener("dragover", elsewhere);
    window.addEventListener("drop", elsewhere);
    area.addEventListener("dragenter", enter);
    area.addEventListener("dragover", over);
    area.addEventListener("dragleave", leave);
    area.addEventListener("drop", drop);
    return () => {
      window.removeEventListener("dragover", elsewhere);
      window.removeEventListener("drop", elsewhere);
      area.removeEventListener("dragenter", enter);
      area.removeEventListener("dragover", over);
      area.removeEventListener("dragleave", leave);
      area.removeEventListener("drop", drop);
    };
  }, [inside, onFiles, enabled]);
  return dragging;
}
