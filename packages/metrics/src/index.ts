export { type MetricsListener, startMetricsListener } from "./listener";
export { readMetricsPort } from "./port";
export { parsePrometheusText, type Sample, Scrape } from "./scrape";
