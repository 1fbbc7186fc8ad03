import type { CliEnv } from "./session";

/** The admin CLI's configuration: this process's environment, read by each command line's session once. */
export function processCliEnv(): CliEnv {
  return process.env;
}
