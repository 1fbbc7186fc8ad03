// Fails the test run when a service's log holds a secret: `node scripts/check-logs.mjs [root]`.
// Reads every server and web app log the browser tests left (.tmp/e2e-logs/<port>/) and the
// secrets each service ran with (.tmp/e2e-secrets/<port>.json, written by the e2e fixture),
// and looks for those, for people's passwords and for anything shaped like a credential.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Passwords the browser specs type (apps/web/e2e): a log must never hold one. */
export const TEST_PASSWORDS = ["correct horse battery", "a fresh passphrase", "not my password"];

/** Credentials by shape: a bot token, a signed URL's signature, a session cookie, an authorization header's value. */
export const CREDENTIAL_SHAPES = [
  { name: "bot token", pattern: /[A-Za-z0-9+/]{16,}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{36}/ },
  { name: "URL signature", pattern: /[?&]hm=[0-9a-fA-F]{16,}/ },
  { name: "session cookie", pattern: /session-token=[^;\s"[]{8,}/ },
  { name: "authorization header", pattern: /"authorization"\s*:\s*"(Bot|Bearer|Basic) [^"[]/i },
];

/** Every finding in `text` (one log file): what was found and on which line; the secret itself is never printed. */
export function findSecrets(text, secrets) {
  const findings = [];
  const lines = text.split("\n");
  lines.forEach((line, index) => {
    for (const secret of secrets)
      if (line.includes(secret))
        findings.push({ line: index + 1, what: `a configured or generated secret (${secret.slice(0, 3)}…)` });
    for (const password of TEST_PASSWORDS)
      if (line.includes(password)) findings.push({ line: index + 1, what: "a person's password" });
    for (const { name, pattern } of CREDENTIAL_SHAPES)
      if (pattern.test(line)) findings.push({ line: index + 1, what: `a ${name}` });
  });
  return findings;
}

function logFiles(logsDir) {
  if (!existsSync(logsDir)) return [];
  return readdirSync(logsDir).flatMap((service) =>
    readdirSync(join(logsDir, service))
      .filter((file) => file === "server.log" || /^web.*\.log$/.test(file))
      .map((file) => join(logsDir, service, file)),
  );
}

function knownSecrets(secretsDir) {
  if (!existsSync(secretsDir)) return [];
  return [
    ...new Set(readdirSync(secretsDir).flatMap((file) => JSON.parse(readFileSync(join(secretsDir, file), "utf8")))),
  ];
}

function main(root) {
  const files = logFiles(join(root, ".tmp/e2e-logs"));
  const secrets = knownSecrets(join(root, ".tmp/e2e-secrets"));
  let requestLines = 0;
  let failed = false;
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    requestLines += (text.match(/"requestId":"/g) ?? []).length;
    for (const finding of findSecrets(text, secrets)) {
      failed = true;
      console.error(`${file}:${finding.line}: ${finding.what}`);
    }
  }
  // A check of empty logs would pass whatever the code logs: there must have been something to read.
  if (files.length === 0 || secrets.length === 0 || requestLines === 0) {
    console.error(
      `nothing to check: ${files.length} log files, ${secrets.length} secrets, ${requestLines} request lines (run the browser tests first)`,
    );
    return 1;
  }
  console.log(
    `${files.length} log files, ${requestLines} request lines: ${failed ? "secrets found (above)" : `none of ${secrets.length} secrets, no password and nothing shaped like a credential`}`,
  );
  return failed ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  process.exit(main(process.argv[2] ?? join(fileURLToPath(import.meta.url), "../..")));
