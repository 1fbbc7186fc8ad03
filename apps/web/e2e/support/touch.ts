import type { Locator, Page } from "@playwright/test";

/**
 * Holds a finger on the middle of `target` for `ms`, then lifts it: real touch events through the
 * browser's input pipeline (Playwright's touchscreen only taps). The page's context needs `hasTouch`.
 */
export async function longPress(page: Page, target: Locator, ms = 800): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error("nothing to press: the target is not shown");
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
    await page.waitForTimeout(ms);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}
