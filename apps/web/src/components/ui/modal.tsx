"use client";

import { type ReactNode, useId } from "react";
import { useModalDialog } from "./use-modal-dialog";

/** A modal on the native <dialog>: focus moves in, Escape and the backdrop close it. */
export function Modal({
  open,
  onClose,
  title,
  description,
  size = "md",
  children,
}: {
  open: boolean;
  onClose(): void;
  title: string;
  description?: string;
  size?: "md" | "lg";
  children: ReactNode;
}) {
  const dialogProps = useModalDialog(open, onClose);
  const titleId = useId();
  const descriptionId = useId();

  return (
    <dialog
      {...dialogProps}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={`m-auto ${size === "lg" ? "w-[min(600px,calc(100vw-2rem))]" : "w-[min(440px,calc(100vw-2rem))]"} rounded-lg bg-panel p-0 text-text shadow-2xl`}
    >
      <div className="p-6">
        <h2 id={titleId} className="text-xl font-bold">
          {title}
        </h2>
        {description ? (
          <p id={descriptionId} className="mt-1 text-sm text-muted">
            {description}
          </p>
        ) : null}
        <div className="mt-5">{open ? children : null}</div>
      </div>
    </dialog>
  );
}
