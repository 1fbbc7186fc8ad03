export interface ParsedCommand {
  words: string[];
  options: Record<string, string | undefined>;
  json: boolean;
}

/**
 * `chatctl <word> <word> --name value ... [--json]`; `--name=value` works too. An option
 * followed by another (`--force --json`) or by nothing is a flag: present, with value "".
 */
export function parseCommandLine(argv: string[]): ParsedCommand {
  const words: string[] = [];
  const options: Record<string, string> = {};
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--json") json = true;
    else if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      if (eq > 0) options[arg.slice(2, eq)] = arg.slice(eq + 1);
      else if (i + 1 < argv.length && !(argv[i + 1] as string).startsWith("--"))
        options[arg.slice(2)] = argv[++i] as string;
      else options[arg.slice(2)] = "";
    } else words.push(arg);
  }
  return { words, options, json };
}

export class UsageError extends Error {}

export function required(options: ParsedCommand["options"], name: string): string {
  const value = options[name];
  if (typeof value !== "string" || value === "") throw new UsageError(`missing --${name}`);
  return value;
}
