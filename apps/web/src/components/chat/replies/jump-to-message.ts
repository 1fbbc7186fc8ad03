const HIGHLIGHT_MS = 2_000;

/**
 * Scrolls the message into view and highlights it briefly (the row's `data-highlighted`), its
 * row taking the focus for keyboard and screen-reader users. False when it is not loaded.
 */
export function jumpToMessage(messageId: string): boolean {
  const row = document.querySelector<HTMLElement>(`[data-testid="message"][data-message-id="${CSS.escape(messageId)}"]`);
  if (!row) return false;
  row.scrollIntoView({ block: "center", behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  if (!row.hasAttribute("tabindex")) row.tabIndex = -1;
  row.focus({ preventScroll: true });
  row.dataset.highlighted = "true";
  window.setTimeout(() => delete row.dataset.highlighted, HIGHLIGHT_MS);
  return true;
}
