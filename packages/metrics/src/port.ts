/** A metrics port setting (METRICS_PORT, WEB_METRICS_PORT): unset or empty is off; 0 is a free port. */
export function readMetricsPort(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} is not a port: ${value}`);
  return port;
}
