import { revealLoadedMessage } from "../messages/message-window";

const HIGHLIGHT_MS = 2_000;

/**
 * Scrolls the message into view and highlights it briefly (the row's `data-highlighted`), its
 * row taking the focus for keyboard and screen-reader users. False when it is not loaded.
 */
export function jumpToMessage(messageId: string): boolean {
  const row = findRow(messageId);
  if (row) {
    showRow(row);
    return true;
  }
  // Loaded but outside the page's window of messages: the list brings it in, then it is shown.
  if (!revealLoadedMessage(messageId)) return false;
  const afterRender = (tries: number) =>
    requestAnimationFrame(() => {
      const revealed = findRow(messageId);
      if (revealed) showRow(revealed);
      else if (tries > 0) afterRender(tries - 1);
    });
  afterRender(10);
  return true;
}

function findRow(messageId: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-testid="message"][data-message-id="${CSS.escape(messageId)}"]`);
}

function showRow(row: HTMLElement): void {
  row.scrollIntoView({
    block: "center",
    behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth",
  });
  if (!row.hasAttribute("tabindex")) row.tabIndex = -1;
  row.focus({ preventScroll: true });
  row.dataset.highlighted = "true";
  window.setTimeout(() => delete row.dataset.highlighted, HIGHLIGHT_MS);
}
