/** What one campaign found: its figures, and every property that failed (empty: all held). */
export interface CampaignReport {
  title: string;
  rows: [what: string, figure: string][];
  problems: string[];
}

/** `full`: the figures reported in the README (minutes); `short`: the same properties in seconds, for CI. */
export type Scale = "full" | "short";

export function printReport(report: CampaignReport): void {
  const width = Math.max(4, ...report.rows.map(([what]) => what.length));
  const figureWidth = Math.max(6, ...report.rows.map(([, figure]) => figure.length));
  console.log(`\n${report.title}`);
  console.log(`| ${"what".padEnd(width)} | ${"figure".padEnd(figureWidth)} |`);
  console.log(`|${"-".repeat(width + 2)}|${"-".repeat(figureWidth + 2)}|`);
  for (const [what, figure] of report.rows) console.log(`| ${what.padEnd(width)} | ${figure.padEnd(figureWidth)} |`);
  console.log(
    report.problems.length === 0
      ? "\nevery property held"
      : `\nFAILED:\n${report.problems.map((p) => `- ${p}`).join("\n")}`,
  );
}

/** p50 and p99 of `values` in milliseconds, as a figure. */
export function percentiles(values: number[]): string {
  if (values.length === 0) return "none";
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
  return `p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms`;
}
