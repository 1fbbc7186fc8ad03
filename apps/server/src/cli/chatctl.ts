import { openDatabase } from "@chat/db/open";
import { attachmentSigningKeyFromEnv, createDomain, publicUrlsFromEnv, systemClock } from "@chat/domain";
import { createEventBus, HubClientBus, RedisBus } from "@chat/events";
import { parseCommandLine } from "./args";
import { commands, describeError } from "./commands";

/**
 * `pnpm chatctl <command> --json`: one JSON object on stdout, or one line on stderr and a
 * non-zero exit. Works on whichever database the configuration names, also while the
 * service runs (then it joins the embedded database the server serves).
 */
async function main(): Promise<number> {
  // Keep stdout for the one answer: library chatter goes to stderr.
  console.log = console.error;
  const { words, options, json } = parseCommandLine(process.argv.slice(2));
  const name = words.slice(0, 2).join(" ");
  const command = commands[name];
  if (!command) {
    process.stderr.write(`unknown command "${name}"; commands: ${Object.keys(commands).join(", ")}\n`);
    return 2;
  }
  const database = await openDatabase({ embeddedRole: "auto" });
  const bus = createEventBus({ role: "client" });
  if (bus instanceof HubClientBus) await bus.whenReady(1000);
  if (bus instanceof RedisBus) await bus.whenReady();
  const domain = createDomain({ db: database.prisma, bus, urls: publicUrlsFromEnv(), clock: systemClock, attachmentSigningKey: attachmentSigningKeyFromEnv() });
  try {
    const output = await command(domain, options);
    process.stdout.write(json ? `${JSON.stringify(output)}\n` : `${Object.entries(output).map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`).join("\n")}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`${describeError(error)}\n`);
    return 1;
  } finally {
    await bus.close();
    await database.close();
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
