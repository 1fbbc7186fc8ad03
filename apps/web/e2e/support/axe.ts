import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** axe-core's violations on the page as "rule: targets" lines (an empty list when it finds nothing). */
export function axeViolations(page: Page): Promise<string[]> {
  return new AxeBuilder({ page })
    .analyze()
    .then(({ violations }) => violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`));
}
