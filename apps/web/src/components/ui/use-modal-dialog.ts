"use client";

import { type KeyboardEvent, type MouseEvent, type SyntheticEvent, useEffect, useRef } from "react";

/**
 * Props for a native <dialog> shown as a modal while `open`: focus moves in, and Escape, a
 * click on the backdrop or the dialog closing by itself call `onClose`.
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return {
    ref,
    // React passes a dialog's close event on to the dialogs around it: only this one's own counts.
    onClose(e: SyntheticEvent<HTMLDialogElement>) {
      if (e.target === e.currentTarget) onClose();
    },
    onClick(e: MouseEvent<HTMLDialogElement>) {
      if (e.target === e.currentTarget) onClose();
    },
    onKeyDown(e: KeyboardEvent<HTMLDialogElement>) {
      if (e.key === "Escape") {
        e.preventDefault();
        // A dialog opened inside another (a confirmation in the settings) closes alone.
        e.stopPropagation();
        onClose();
      }
    },
  };
}
