import { parseCommandLine } from "./args";
import { commands, describeError } from "./commands";
import { openSession } from "./session";

/**
 * `pnpm chatctl <command> --json`: one JSON object on stdout, or one line on stderr and a
 * non-zero exit. Works on whichever database the configuration names, also while the
 * service runs (then it joins the embedded database the server serves).
 */
async function main(): Promise<number> {
  // Keep stdout for the one answer: library chatter goes to stderr.
  console.log = console.error;
  const { words, options, json } = parseCommandLine(process.argv.slice(2));
  const name = words.join(" ");
  const command = commands[name];
  if (!command) {
    process.stderr.write(`unknown command "${name}"; commands: ${Object.keys(commands).join(", ")}\n`);
    return 2;
  }
  const session = openSession(options);
  try {
    const output = await command(session);
    process.stdout.write(
      json
        ? `${JSON.stringify(output)}\n`
        : `${Object.entries(output)
            .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
            .join("\n")}\n`,
    );
    return 0;
  } catch (error) {
    process.stderr.write(`${describeError(error)}\n`);
    return 1;
  } finally {
    await session.close();
  }
}

/** Exits only once stdout and stderr are flushed (a pipe may still hold the answer). */
function exitAfterFlush(code: number): void {
  process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));
}

main().then(exitAfterFlush, (error) => {
  process.stderr.write(`${describeError(error)}\n`);
  exitAfterFlush(1);
});
