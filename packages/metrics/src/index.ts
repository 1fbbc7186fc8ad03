export { type MetricsListener, startMetricsListener } from "./listener";
export { queriedMetrics } from "./dashboard";
export { readMetricsPort } from "./port";
export { parseFamilies, parsePrometheusText, type Sample, Scrape } from "./scrape";
