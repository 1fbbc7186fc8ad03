import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { expect } from "vitest";
import { runCommandLine } from "../../src/cli/run";
import type { TestServer, TestStorage } from "./test-server";

const chatctlPath = resolve(__dirname, "../../src/cli/chatctl.ts");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The CLI's environment: the test process's, with `env` on top (REDIS_URL unset unless `env` names it). */
function cliEnvironment(env: Record<string, string | undefined>): Record<string, string | undefined> {
  return { ...process.env, ...env, REDIS_URL: env.REDIS_URL ?? "" };
}

/**
 * Runs a command line of the admin CLI in this process (its code, configured by `env` alone):
 * what it prints and its exit code. A process of its own costs seconds of loading each time;
 * {@link chatctlProcess} runs it as an operator does, for what only the process shows.
 */
export async function chatctl(env: Record<string, string | undefined>, ...args: string[]): Promise<CliResult> {
  let stdout = "";
  let stderr = "";
  const code = await runCommandLine(args, cliEnvironment(env), {
    out: (text) => (stdout += text),
    err: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

/** Runs the real admin CLI in a process of its own, as an operator would. */
export function chatctlProcess(env: Record<string, string | undefined>, ...args: string[]): Promise<CliResult> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ["--import", "tsx", chatctlPath, ...args], {
      env: cliEnvironment(env),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => done({ code: code ?? -1, stdout, stderr }));
  });
}

/** The one JSON object a successful command prints. */
export function json(result: CliResult) {
  expect(result.code, result.stderr).toBe(0);
  const lines = result.stdout.trim().split("\n");
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0] as string);
}

/** A refusal: non-zero exit, nothing on stdout, one line on stderr (answered). */
export function refusal(result: CliResult): string {
  expect(result.code, result.stdout).not.toBe(0);
  expect(result.stdout).toBe("");
  const lines = result.stderr.trim().split("\n");
  expect(lines, result.stderr).toHaveLength(1);
  return lines[0] as string;
}

/** The CLI's environment for a storage while no service runs on it. */
export function cliEnv(storage: TestStorage): Record<string, string | undefined> {
  return {
    DATA_DIR: storage.dataDir,
    DATABASE_URL: storage.databaseUrl ?? "",
    EMBEDDED_DB_PORT: "0",
    REDIS_URL: storage.redisUrl ?? "",
    REDIS_NAMESPACE: storage.redisNamespace,
  };
}

/** The CLI's environment beside a running test server: it joins its embedded database and its event hub (or Redis). */
export function cliEnvBeside(t: TestServer): Record<string, string | undefined> {
  const port = t.server.ctx.database.embedded?.port;
  return {
    ...cliEnv(t.storage),
    EMBEDDED_DB_PORT: port ? String(port) : "0",
    SERVER_INTERNAL_URL: `ws://127.0.0.1:${t.server.port}/internal/bus`,
  };
}
