import { type RefObject, useEffect } from "react";

/**
 * Pictures and videos take their height only once they load, after the list has scrolled to
 * its end: while the reader is at the end (`atEnd()`), the scroller follows its content's
 * growth so the newest message stays in view.
 */
export function useKeepEndInView(scroller: RefObject<HTMLElement | null>, atEnd: () => boolean): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `atEnd` reads refs; observing once per scroller is enough
  useEffect(() => {
    const el = scroller.current;
    const content = el?.firstElementChild;
    if (!el || !content) return;
    const observer = new ResizeObserver(() => {
      if (atEnd()) el.scrollTop = el.scrollHeight;
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, [scroller]);
}
