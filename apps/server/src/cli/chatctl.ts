import { processCliEnv } from "./cli-env";
import { describeError } from "./commands";
import { runCommandLine } from "./run";

/**
 * `pnpm chatctl <command> --json`: one JSON object on stdout, or one line on stderr and a
 * non-zero exit. Works on whichever database the configuration names, also while the
 * service runs (then it joins the embedded database the server serves).
 */
// Keep stdout for the one answer: library chatter goes to stderr.
console.log = console.error;

/** Exits only once stdout and stderr are flushed (a pipe may still hold the answer). */
function exitAfterFlush(code: number): void {
  process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));
}

runCommandLine(process.argv.slice(2), processCliEnv(), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
}).then(exitAfterFlush, (error) => {
  process.stderr.write(`${describeError(error)}\n`);
  exitAfterFlush(1);
});
