/** PromQL's functions and keywords, which look like metric names. */
const NOT_METRICS = new Set([
  "sum",
  "max",
  "min",
  "avg",
  "count",
  "rate",
  "irate",
  "increase",
  "histogram_quantile",
  "by",
  "without",
  "on",
  "ignoring",
  "and",
  "or",
  "unless",
]);

/**
 * The metric names a Grafana dashboard's queries read (every `expr`, panels nested in rows
 * included): the words of each query that are neither PromQL nor inside a label matcher,
 * a legend or a grouping clause.
 */
export function queriedMetrics(dashboard: unknown): Set<string> {
  const names = new Set<string>();
  const visit = (value: unknown): void => {
    if (!value || typeof value !== "object") return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    for (const [key, inner] of Object.entries(value)) {
      if (key === "expr" && typeof inner === "string") for (const name of metricsOf(inner)) names.add(name);
      else visit(inner);
    }
  };
  visit(dashboard);
  return names;
}

function metricsOf(expr: string): string[] {
  const bare = expr
    .replace(/\{[^}]*\}/g, "")
    .replace(/\[[^\]]*\]/g, "")
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, "")
    .replace(/"[^"]*"/g, "");
  return [...bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)].map((m) => m[0]).filter((word) => !NOT_METRICS.has(word));
}
