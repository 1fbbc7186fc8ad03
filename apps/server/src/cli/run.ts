import { parseCommandLine } from "./args";
import { commands, describeError } from "./commands";
import { type CliEnv, openSession } from "./session";

/** Where a command line's answer and refusals go. */
export interface CliOutput {
  out(text: string): void;
  err(text: string): void;
}

/**
 * Runs one command line (`user list --query ada --json`) with the configuration in `env`:
 * one JSON object (or `key: value` lines) on `out` and 0, or one line on `err` and non-zero.
 * chatctl.ts runs it for the process; tests run it in theirs.
 */
export async function runCommandLine(argv: string[], env: CliEnv, output: CliOutput): Promise<number> {
  const { words, options, json } = parseCommandLine(argv);
  const name = words.join(" ");
  const command = commands[name];
  if (!command) {
    output.err(`unknown command "${name}"; commands: ${Object.keys(commands).join(", ")}\n`);
    return 2;
  }
  const session = openSession(options, env);
  try {
    const answer = await command(session);
    output.out(
      json
        ? `${JSON.stringify(answer)}\n`
        : `${Object.entries(answer)
            .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
            .join("\n")}\n`,
    );
    return 0;
  } catch (error) {
    output.err(`${describeError(error)}\n`);
    return 1;
  } finally {
    await session.close();
  }
}
