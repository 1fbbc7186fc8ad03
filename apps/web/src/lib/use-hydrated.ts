"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server-rendered HTML and until React has hydrated the page, then true. Buttons
 * stay disabled until then: a click before hydration would be lost, and a submit would be the
 * browser's own (the page reloaded, the form's fields gone) instead of ours.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
