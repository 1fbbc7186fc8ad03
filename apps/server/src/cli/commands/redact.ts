/** A URL fit to print: no password (said as `password: "set"` beside it), no secret-looking query value. */
export function redactedUrl(raw: string): { url: string; password: "set" | "none" } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { url: "(not a URL)", password: "none" };
  }
  const password = url.password ? "set" : "none";
  const secretParams = [...url.searchParams.keys()].filter((name) => /pass|secret|key|token/i.test(name));
  // Printed as configured when there is nothing to hide (URL's own form adds a trailing slash).
  if (password === "none" && secretParams.length === 0) return { url: raw, password };
  url.password = "";
  for (const name of secretParams) url.searchParams.set(name, "REDACTED");
  return { url: url.toString(), password };
}

/** How a secret is configured: from the environment, generated into DATA_DIR, or not yet. */
export function secretSource(
  fromEnv: string | undefined,
  generatedFileExists: boolean,
): "set" | "generated" | "not generated yet" {
  if (fromEnv) return "set";
  return generatedFileExists ? "generated" : "not generated yet";
}
