"use client";

import { type MouseEvent, type ReactNode, useCallback, useState } from "react";
import { useChatActions } from "./chat-actions";
import { contextMenuCommands } from "./command-entries";
import { ContextMenu, type MenuAnchor, type MenuItem } from "./context-menu";

/**
 * The context menu of a member or a message, with its "Apps" entry: the user (2) or message (3)
 * commands the person may use in the open channel, used on `targetId`. Opened by right-click
 * (`onContextMenu`), a long press (`openAt`) or from a "…" button (`openFrom`, for keyboard and touch). `extra` items
 * (a message's Edit, Delete, Copy…) come first, and make the menu available outside guilds too.
 */
export function useAppsMenu(kind: "user" | "message", targetId: string, label: string, extra: MenuItem[] = []) {
  const actions = useChatActions();
  const [menu, setMenu] = useState<{ anchor: MenuAnchor; returnFocus: HTMLElement | null } | null>(null);
  const close = useCallback(() => setMenu(null), []);

  const commands = actions?.commands ? contextMenuCommands(actions.commands, kind === "user" ? 2 : 3) : [];
  const apps: MenuItem[] = [
    {
      key: "apps",
      label: "Apps",
      submenu: {
        label: "Apps",
        empty: actions?.commands
          ? `No app here has commands for ${kind === "user" ? "members" : "messages"}`
          : "Loading apps…",
        items: commands.map(({ application, command }) => ({
          key: command.id,
          label: command.name,
          hint: application.name,
          onSelect: () => actions?.sendTargeted({ application, command, targetId }),
        })),
      },
    },
  ];
  const items = [...extra, ...(actions ? apps : [])];
  const available = items.length > 0;

  return {
    /** The Apps entry only in a guild channel's pane: elsewhere, only the `extra` items. */
    available,
    open: menu !== null,
    onContextMenu(event: MouseEvent<HTMLElement>) {
      if (!available || (event.target as HTMLElement).closest("a, input, textarea, select")) return;
      event.preventDefault();
      setMenu({
        anchor: { x: event.clientX, y: event.clientY },
        returnFocus: event.currentTarget.querySelector<HTMLElement>("[data-menu-button]"),
      });
    },
    /** At a point of `element` (a long press with a finger), as a right-click there would. */
    openAt(at: MenuAnchor, element: HTMLElement) {
      if (available) setMenu({ anchor: at, returnFocus: element.querySelector<HTMLElement>("[data-menu-button]") });
    },
    openFrom(button: HTMLElement) {
      const box = button.getBoundingClientRect();
      setMenu({ anchor: { x: box.left, y: box.bottom + 4 }, returnFocus: button });
    },
    element: menu ? (
      <ContextMenu label={label} items={items} anchor={menu.anchor} returnFocus={menu.returnFocus} onClose={close} />
    ) : null,
  };
}

/** The "…" button opening a context menu, for keyboard and touch. */
export function MoreButton({
  label,
  describedBy,
  expanded,
  onOpen,
  className = "",
  children,
}: {
  label: string /** The id of text saying more (why some actions are unavailable). */;
  describedBy?: string;
  expanded: boolean;
  onOpen(button: HTMLElement): void;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <button
      type="button"
      data-menu-button
      aria-label={label}
      aria-describedby={describedBy}
      aria-haspopup="menu"
      aria-expanded={expanded}
      onClick={(e) => onOpen(e.currentTarget)}
      className={`grid size-7 shrink-0 place-items-center rounded-md text-muted hover:bg-hover hover:text-text focus-visible:outline-2 focus-visible:outline-accent ${className}`}
    >
      {children ?? (
        <span aria-hidden="true" className="text-lg leading-none tracking-tighter">
          …
        </span>
      )}
    </button>
  );
}
