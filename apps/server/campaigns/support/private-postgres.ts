import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "../../test/support/multinode-processes";

const run = promisify(execFile);

/**
 * A PostgreSQL server of one campaign's own, in a temporary folder, which the campaign may stop
 * and start (the machine's shared server on 5432 is never touched). Made with the binaries of
 * Debian's postgresql package (/usr/lib/postgresql/<version>/bin); PostgreSQL refuses to run as
 * root, so under root every command runs as the `postgres` user.
 */
export interface PrivatePostgres {
  /** postgresql://postgres@127.0.0.1:PORT/postgres (trust authentication) */
  adminUrl: string;
  port: number;
  /** `immediate`: the server's processes quit at once, as in a crash (recovery on the next start); `fast`: clients are told 57P01 and it shuts down cleanly. */
  stop(mode: "immediate" | "fast"): Promise<void>;
  /** Starts it again on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it (if running) and removes its folder. */
  remove(): Promise<void>;
}

function binDir(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, "bin", "pg_ctl"))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error(`no PostgreSQL binaries under ${root} (Debian's postgresql package)`);
  return join(root, newest, "bin");
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const asRoot = userInfo().uid === 0;
  const pgCommand = (tool: string, args: string[]) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", join(bin, tool), ...args]) : run(join(bin, tool), args);
  const folder = mkdtempSync(join(tmpdir(), "chat-campaign-pg-"));
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    chownSync(folder, Number(stdout.trim()), Number(gid.trim()));
  }
  const data = join(folder, "data");
  const port = await freePort();
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c max_connections=100`;
  const start = async () => {
    await pgCommand("pg_ctl", ["-D", data, "-o", options, "-l", join(folder, "log"), "-w", "-t", "60", "start"]);
  };
  let running = false;
  try {
    await pgCommand("initdb", [
      "-D",
      data,
      "-U",
      "postgres",
      "--auth=trust",
      "--no-sync",
      "-E",
      "UTF8",
      "--locale=C.UTF-8",
    ]);
    await start();
    running = true;
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  const stop = async (mode: "immediate" | "fast") => {
    await pgCommand("pg_ctl", ["-D", data, "-m", mode, "-w", "-t", "60", "stop"]);
    running = false;
  };
  return {
    adminUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    async start() {
      await start();
      running = true;
    },
    async remove() {
      if (running) await stop("immediate").catch(() => {});
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
