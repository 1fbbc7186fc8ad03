"use client";

import { type KeyboardEvent, type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import { handleListboxKey } from "@/components/ui/listbox/listbox-keys";

export interface MenuItem {
  key: string;
  label: string;
  /** A second, quieter line (e.g. the application a command belongs to). */
  hint?: string;
  /** Shown but not chosen (focusable, as the menu pattern has it); `hint` says why. */
  disabled?: boolean;
  /** An on/off item (menuitemcheckbox): whether it is on now. */
  checked?: boolean;
  onSelect?(): void;
  /** Opens a menu of its own (ArrowRight, Enter or a click). */
  submenu?: { label: string; items: MenuItem[]; empty: string };
}

export interface MenuAnchor {
  x: number;
  y: number;
  /** Where the panel ends instead when it does not fit to the right of `x` (a submenu opening to its parent's left). */
  flipX?: number;
}

const MARGIN = 8;
/** The items of a menu panel, plain and on/off ones. */
const ITEM = '[role="menuitem"], [role="menuitemcheckbox"]';

/**
 * A context menu (menu pattern): opened at the pointer (right-click) or under a "…" button,
 * focus on its first item that can be chosen; arrow keys, Home and End move (over unavailable
 * items too, so their reasons are heard), Enter, Space or ArrowRight choose or
 * open a submenu, ArrowLeft closes the submenu, Escape closes (focus goes back to `returnFocus`),
 * Tab or a click elsewhere closes.
 */
export function ContextMenu({
  label,
  items,
  anchor,
  onClose,
  returnFocus,
}: {
  label: string;
  items: MenuItem[];
  anchor: MenuAnchor;
  onClose(): void;
  returnFocus?: HTMLElement | null;
}) {
  const [sub, setSub] = useState<{ item: MenuItem; anchor: MenuAnchor } | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const subRef = useRef<HTMLDivElement>(null);

  function close(restore: boolean) {
    onClose();
    if (restore) returnFocus?.focus();
  }

  useEffect(() => {
    function outside(event: PointerEvent) {
      const target = event.target as Node;
      if (!root.current?.contains(target) && !subRef.current?.contains(target)) onClose();
    }
    document.addEventListener("pointerdown", outside, true);
    window.addEventListener("resize", onClose);
    return () => {
      document.removeEventListener("pointerdown", outside, true);
      window.removeEventListener("resize", onClose);
    };
  }, [onClose]);

  function openSub(item: MenuItem, element: HTMLElement) {
    const box = element.getBoundingClientRect();
    setSub({ item, anchor: { x: box.right - 4, y: box.top - 6, flipX: box.left + 4 } });
  }

  return (
    <>
      <MenuPanel
        ref={root}
        label={label}
        items={items}
        anchor={anchor}
        openKey={sub?.item.key ?? null}
        onChoose={(item, element) => {
          if (item.submenu) openSub(item, element);
          else {
            close(true);
            item.onSelect?.();
          }
        }}
        onBack={() => close(true)}
        onLeave={() => close(false)}
      />
      {sub?.item.submenu ? (
        <MenuPanel
          ref={subRef}
          label={sub.item.submenu.label}
          items={sub.item.submenu.items}
          empty={sub.item.submenu.empty}
          nested
          anchor={sub.anchor}
          openKey={null}
          onChoose={(item) => {
            close(true);
            item.onSelect?.();
          }}
          onBack={() => {
            setSub(null);
            root.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(sub.item.key)}"]`)?.focus();
          }}
          onLeave={() => close(false)}
        />
      ) : null}
    </>
  );
}

/** A plain item (opening a submenu, maybe), or an on/off one. */
function itemRole(item: MenuItem, openKey: string | null) {
  if (item.checked !== undefined) return { role: "menuitemcheckbox", "aria-checked": item.checked } as const;
  return {
    role: "menuitem",
    "aria-haspopup": item.submenu ? "menu" : undefined,
    "aria-expanded": item.submenu ? openKey === item.key : undefined,
  } as const;
}

function MenuPanel({
  ref,
  label,
  items,
  empty,
  nested = false,
  anchor,
  openKey,
  onChoose,
  onBack,
  onLeave,
}: {
  ref: RefObject<HTMLDivElement | null>;
  label: string;
  items: MenuItem[];
  empty?: string;
  /** A submenu: ArrowLeft goes back to its parent. */
  nested?: boolean;
  anchor: MenuAnchor;
  openKey: string | null;
  onChoose(item: MenuItem, element: HTMLElement): void;
  /** Escape (ArrowLeft in a submenu). */
  onBack(): void;
  /** Tab: focus moves on, the menu closes. */
  onLeave(): void;
}) {
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null);

  useLayoutEffect(() => {
    const panel = ref.current;
    if (!panel) return;
    const { width, height } = panel.getBoundingClientRect();
    const fitsRight = anchor.x + width <= window.innerWidth - MARGIN;
    const wanted = fitsRight || anchor.flipX === undefined ? anchor.x : anchor.flipX - width;
    const left = Math.max(MARGIN, Math.min(wanted, window.innerWidth - width - MARGIN));
    const top = Math.max(MARGIN, Math.min(anchor.y, window.innerHeight - height - MARGIN));
    setPosition({ left, top });
  }, [anchor, ref]);

  // Once placed (and so visible, which focus needs), the first available item takes the focus.
  const placed = position !== null;
  useEffect(() => {
    if (placed)
      (
        ref.current?.querySelector<HTMLElement>(`${ITEM}:not([aria-disabled="true"])`) ??
        ref.current?.querySelector<HTMLElement>(ITEM) ??
        ref.current
      )?.focus();
  }, [placed, ref]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Tab") {
      onLeave();
      return;
    }
    // The focused item is the active one; each item takes Enter, Space and ArrowRight itself.
    const all = [...(ref.current?.querySelectorAll<HTMLElement>(ITEM) ?? [])];
    const used = handleListboxKey(
      event,
      {
        active: all.indexOf(document.activeElement as HTMLElement),
        count: all.length,
        wrap: true,
        selectKeys: [],
        closeKeys: nested ? ["Escape", "ArrowLeft"] : ["Escape"],
        // A letter moves to the next item starting with it (the menu pattern's typeahead).
        labels: all.map((item) => item.textContent?.trim() ?? ""),
      },
      { move: (index) => all[index]?.focus(), close: onBack },
    );
    if (used) event.stopPropagation();
  }

  return (
    <div
      ref={ref}
      role="menu"
      aria-label={label}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onContextMenu={(e) => e.preventDefault()}
      style={
        position ? { left: position.left, top: position.top } : { left: anchor.x, top: anchor.y, visibility: "hidden" }
      }
      className="fixed z-50 w-max min-w-48 max-w-[min(320px,calc(100vw-16px))] rounded-md border border-line bg-rail p-1.5 shadow-2xl"
    >
      {items.length === 0 && empty ? (
        <div role="menuitem" aria-disabled="true" tabIndex={-1} className="px-2 py-1.5 text-sm text-faint">
          {empty}
        </div>
      ) : null}
      {items.map((item) => (
        // biome-ignore lint/a11y/noStaticElementInteractions: its role (menuitem or menuitemcheckbox) comes from itemRole
        <div
          key={item.key}
          data-key={item.key}
          {...itemRole(item, openKey)}
          tabIndex={-1}
          aria-disabled={item.disabled || undefined}
          onClick={(e) => !item.disabled && onChoose(item, e.currentTarget)}
          onKeyDown={(e) => {
            if (item.disabled) return;
            if (e.key === "Enter" || e.key === " " || (e.key === "ArrowRight" && item.submenu)) {
              e.preventDefault();
              e.stopPropagation();
              onChoose(item, e.currentTarget);
            }
          }}
          className={`group flex cursor-pointer items-center gap-3 rounded px-2 py-1.5 text-sm outline-none ${item.disabled ? "cursor-default text-faint focus:bg-hover" : "text-text hover:bg-hover focus:bg-accent-strong focus:text-white"}`}
        >
          {item.checked === undefined ? null : (
            <span
              aria-hidden="true"
              className={`grid size-4 shrink-0 place-items-center rounded-sm border text-[11px] leading-none ${item.checked ? "border-accent bg-accent-strong text-white" : "border-line"}`}
            >
              {item.checked ? "✓" : ""}
            </span>
          )}
          <span className="min-w-0 flex-1">
            <span className="block truncate">{item.label}</span>
            {item.hint ? (
              <span className={`block truncate text-xs text-muted ${item.disabled ? "" : "group-focus:text-white"}`}>
                {item.hint}
              </span>
            ) : null}
          </span>
          {item.submenu ? <span aria-hidden="true">›</span> : null}
        </div>
      ))}
    </div>
  );
}
