"use client";

import { type MouseEvent, type PointerEvent, useEffect, useRef } from "react";

/** How long a finger stays still to make a long press (as phones' own menus). */
export const LONG_PRESS_MS = 500;
/** How far (px) the finger may drift and still be pressing rather than scrolling. */
const SLOP_PX = 10;
/** How long after the finger lifts the click it may cause is still swallowed. */
const SWALLOW_MS = 400;

interface Press {
  x: number;
  y: number;
  element: HTMLElement;
  timer: number;
  fired: boolean;
}

/**
 * Long press with a finger (touch pointers only: a mouse has right-click): `onLongPress` once the
 * finger has stayed still for LONG_PRESS_MS, with where it is. The innermost element with a long
 * press claims the touch (a reaction chip inside a message). The click that may end a long press,
 * and the browser's own context menu (some phones fire `contextmenu` on a long press), are taken
 * by the long press, so pressing a button long does not also press it. Spread the handlers on the
 * element; an element with its own `onContextMenu` asks `claimsContextMenu` first.
 */
export function useLongPress(onLongPress: (at: { x: number; y: number }, element: HTMLElement) => void) {
  const press = useRef<Press | null>(null);
  const callback = useRef(onLongPress);
  useEffect(() => {
    callback.current = onLongPress;
  });
  useEffect(() => () => window.clearTimeout(press.current?.timer), []);

  function fire(state: Press) {
    window.clearTimeout(state.timer);
    if (state.fired) return;
    state.fired = true;
    callback.current({ x: state.x, y: state.y }, state.element);
  }

  function forget(state: Press | null, after = 0) {
    if (!state) return;
    window.clearTimeout(state.timer);
    if (!state.fired) press.current = null;
    else
      window.setTimeout(() => {
        if (press.current === state) press.current = null;
      }, after);
  }

  const claimsContextMenu = (event: MouseEvent<HTMLElement>): boolean => {
    const state = press.current;
    if (!state) return false;
    event.preventDefault();
    event.stopPropagation();
    fire(state);
    return true;
  };

  return {
    claimsContextMenu,
    handlers: {
      onPointerDown(event: PointerEvent<HTMLElement>) {
        if (event.pointerType !== "touch" || !event.isPrimary) return;
        // Links and text fields keep the phone's own long press (preview, selecting text).
        if ((event.target as HTMLElement).closest("a, input, textarea, select, [contenteditable]")) return;
        event.stopPropagation();
        forget(press.current);
        const state: Press = {
          x: event.clientX,
          y: event.clientY,
          element: event.currentTarget,
          timer: 0,
          fired: false,
        };
        state.timer = window.setTimeout(() => fire(state), LONG_PRESS_MS);
        press.current = state;
      },
      onPointerMove(event: PointerEvent<HTMLElement>) {
        const state = press.current;
        if (state && !state.fired && Math.hypot(event.clientX - state.x, event.clientY - state.y) > SLOP_PX)
          forget(state);
      },
      onPointerUp() {
        forget(press.current, SWALLOW_MS);
      },
      /** The browser took the touch (a scroll). */
      onPointerCancel() {
        forget(press.current, SWALLOW_MS);
      },
      onClickCapture(event: MouseEvent<HTMLElement>) {
        if (!press.current?.fired) return;
        event.preventDefault();
        event.stopPropagation();
      },
      onContextMenu: claimsContextMenu,
    },
  };
}
