import type { CampaignReport, ProblemKind } from "./campaign";

const KINDS: ProblemKind[] = ["5xx", "partial write", "error shape", "no answer"];

/** Whether the campaign found anything: any 5xx, partial write, refusal out of shape or request left unanswered. */
export function failed(report: CampaignReport): boolean {
  return KINDS.some((kind) => report.totals[kind] > 0);
}

/** The closing summary: totals, time, and for each failing target its first case and the shrunk one with how to replay it. */
export function summary(report: CampaignReport, replayCommand: (key: string, path: string) => string): string {
  const t = report.totals;
  const lines = [
    "",
    `Fuzz campaign: seed ${report.seed}, ${report.runs} runs per target, ${report.targets.length} targets`,
    `  cases ${t.cases} (accepted ${t.accepted}, refused ${t.refused}); accepted cases changed the world ${report.repairs} times (repaired)`,
    `  5xx ${t["5xx"]}, partial writes ${t["partial write"]}, refusals out of the error shape ${t["error shape"]}, unanswered ${t["no answer"]}`,
    `  time ${(report.ms / 1000).toFixed(1)} s`,
  ];
  for (const target of report.targets) {
    if (!target.failure) continue;
    const { first, shrunk, shrunkCase, replayPath, runIndex } = target.failure;
    lines.push(
      "",
      `FAILED ${target.key}: ${KINDS.filter((k) => target.counts[k] > 0)
        .map((k) => `${target.counts[k]} ${k}`)
        .join(", ")}`,
    );
    lines.push(
      `  first failing case (run ${runIndex}): ${first.request}`,
      `    → ${first.status} ${first.problems.map((p) => `[${p.kind}] ${p.detail}`).join("; ")}`,
      `    body: ${first.response}`,
    );
    if (shrunk && shrunkCase) {
      lines.push(
        `  shrunk case: ${shrunkCase}`,
        `    sent: ${shrunk.request}`,
        `    → ${shrunk.status} ${shrunk.problems.map((p) => `[${p.kind}] ${p.detail}`).join("; ")}`,
        `    body: ${shrunk.response}`,
      );
    }
    if (replayPath) lines.push(`  replay: ${replayCommand(target.key, replayPath)}`);
  }
  return lines.join("\n");
}
