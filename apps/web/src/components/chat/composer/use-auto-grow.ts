"use client";

import { type RefObject, useLayoutEffect } from "react";

/**
 * The message box as tall as its text, wrapped lines included, up to half the window's height
 * (then it scrolls: the textarea's own max-height). Measured again when the text or the width changes.
 */
export function useAutoGrow(box: RefObject<HTMLTextAreaElement | null>, value: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again whenever the text changes
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${el.scrollHeight}px`;
  }, [box, value]);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    let width = el.clientWidth;
    const observer = new ResizeObserver(() => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      el.style.height = "auto";
      el.style.height = `${el.scrollHeight}px`;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [box]);
}
