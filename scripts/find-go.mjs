import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";

/** Go's command: on PATH, else where the official archive puts it; null when there is none. */
export function findGo(env = process.env) {
  for (const dir of (env.PATH ?? "").split(delimiter).filter(Boolean)) {
    if (existsSync(join(dir, "go"))) return join(dir, "go");
  }
  return existsSync("/usr/local/go/bin/go") ? "/usr/local/go/bin/go" : null;
}
