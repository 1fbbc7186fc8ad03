/** A URL fit to print: no password (said as `password: "set"` beside it), no secret-looking query value. */
export function redactedUrl(raw: string): { url: string; password: "set" | "none" } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { url: "(not a URL)", password: "none" };
  }
  const password = url.password ? "set" : "none";
  url.password = "";
  for (const name of [...url.searchParams.keys()]) {
    if (/pass|secret|key|token/i.test(name)) url.searchParams.set(name, "REDACTED");
  }
  return { url: url.toString(), password };
}

/** How a secret is configured: from the environment, generated into DATA_DIR, or not yet. */
export function secretSource(fromEnv: string | undefined, generatedFileExists: boolean): "set" | "generated" | "not generated yet" {
  if (fromEnv) return "set";
  return generatedFileExists ? "generated" : "not generated yet";
}
