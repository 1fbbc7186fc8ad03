"use client";

import type { KeyboardEvent, MouseEvent, ReactNode } from "react";
import { Icon } from "@/components/ui/icons";
import { MoreButton } from "../commands/apps-menu";

const BUTTON =
  "grid size-7 shrink-0 place-items-center rounded-md text-muted hover:bg-hover hover:text-text focus-visible:outline-2 focus-visible:outline-accent";

/**
 * The actions shown over a message on hover or when focus is inside it (always on touch screens):
 * Edit and Delete where allowed, and "…" for the menu. A toolbar: ArrowLeft/ArrowRight move.
 */
export function MessageToolbar({
  canEdit,
  canDelete,
  menuOpen,
  onEdit,
  onDelete,
  onMore,
  children,
}: {
  canEdit: boolean;
  canDelete: boolean;
  menuOpen: boolean;
  onEdit(): void;
  onDelete(event: MouseEvent<HTMLButtonElement>): void;
  onMore(button: HTMLElement): void;
  /** Further actions, first in the toolbar (Reply, Add reaction). */
  children?: ReactNode;
}) {
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight" && event.key !== "Home" && event.key !== "End") return;
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>("button")];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next =
      event.key === "Home"
        ? 0
        : event.key === "End"
          ? buttons.length - 1
          : (at + (event.key === "ArrowRight" ? 1 : -1) + buttons.length) % buttons.length;
    event.preventDefault();
    buttons[next]?.focus();
  }

  return (
    <div
      role="toolbar"
      aria-label="Message actions"
      data-testid="message-toolbar"
      onKeyDown={onKeyDown}
      className="absolute -top-3 right-4 flex items-center gap-0.5 rounded-md border border-line bg-panel p-0.5 opacity-0 shadow-sm group-hover:opacity-100 group-focus-within:opacity-100 has-[[aria-expanded=true]]:opacity-100 [@media(hover:none)]:static [@media(hover:none)]:ml-auto [@media(hover:none)]:opacity-100"
    >
      {children}
      {canEdit ? (
        <button type="button" aria-label="Edit message" title="Edit" onClick={onEdit} className={BUTTON}>
          <Icon size={16}>
            <path d="M12 20h9" />
            <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
          </Icon>
        </button>
      ) : null}
      {canDelete ? (
        <button
          type="button"
          aria-label="Delete message"
          title="Delete (hold Shift to skip the question)"
          onClick={onDelete}
          className={`${BUTTON} hover:text-danger`}
        >
          <Icon size={16}>
            <path d="M3 6h18" />
            <path d="M8 6V4h8v2" />
            <path d="M19 6l-1 14H6L5 6" />
          </Icon>
        </button>
      ) : null}
      <MoreButton label="More actions for this message" expanded={menuOpen} onOpen={onMore} />
    </div>
  );
}
