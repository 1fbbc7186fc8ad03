import { type ChildProcess, fork } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Phase, PhaseFigures } from "./rest-load";

/**
 * A child process running load phases (rest-load.ts) one at a time: each call sends one phase
 * and resolves with its figures. The child is added to `children` for the caller to kill.
 */
export function loader(children: ChildProcess[]): (phase: Phase) => Promise<PhaseFigures> {
  const child = fork(join(dirname(fileURLToPath(import.meta.url)), "rest-load.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: "inherit",
  });
  children.push(child);
  return (phase) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`bench load did not finish ${phase.cmd}`)),
        (phase.seconds + 60) * 1000,
      );
      child.once("message", (message: { result?: PhaseFigures; error?: string }) => {
        clearTimeout(timer);
        if (message.result) resolve(message.result);
        else reject(new Error(message.error));
      });
      child.send(phase);
    });
}
