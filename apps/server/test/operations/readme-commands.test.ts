import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";

/**
 * Keeps the README's `pnpm <command>` lines honest: each names a script of the root package.json
 * that pnpm really runs (pnpm's own commands win over scripts of the same name: `pnpm server`
 * once managed pnpm's store server and exited 0 without starting anything), and the command the
 * "Several server nodes" section gives starts a node.
 */
const root = resolve(__dirname, "../../../..");
const readme = readFileSync(join(root, "README.md"), "utf8");
const scripts = Object.keys(
  (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts,
);

/** pnpm 10's own commands (`pnpm help --all`), which shadow a script of the same name; `test` and `start` run the script. */
const PNPM_COMMANDS = new Set([
  "add",
  "audit",
  "bin",
  "cat-file",
  "cat-index",
  "config",
  "create",
  "dedupe",
  "deploy",
  "dlx",
  "doctor",
  "env",
  "exec",
  "fetch",
  "find-hash",
  "i",
  "import",
  "init",
  "install",
  "install-test",
  "it",
  "licenses",
  "link",
  "list",
  "ln",
  "ls",
  "outdated",
  "pack",
  "patch",
  "patch-commit",
  "patch-remove",
  "prune",
  "publish",
  "rb",
  "rebuild",
  "recursive",
  "remove",
  "rm",
  "root",
  "run",
  "self-update",
  "server",
  "setup",
  "store",
  "un",
  "uninstall",
  "unlink",
  "up",
  "update",
  "why",
]);
/** What the README runs through pnpm that is not a script of ours. */
const PNPM_ITSELF = new Set(["install", "exec", "--filter", "-g"]);

function readmeCommands(): string[] {
  return [...new Set([...readme.matchAll(/\bpnpm ([a-z][\w:-]*|--filter)\b/g)].map((m) => m[1] as string))].filter(
    (name) => !PNPM_ITSELF.has(name),
  );
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => done(port));
    });
    server.on("error", fail);
  });
}

describe("the README's pnpm commands", () => {
  it("name scripts of package.json that no pnpm command of the same name shadows", () => {
    const commands = readmeCommands();
    expect(commands).toEqual(expect.arrayContaining(["start", "test", "server-node", "web", "chatctl"]));
    for (const name of commands) {
      expect(scripts, `README runs "pnpm ${name}"`).toContain(name);
      if (name !== "test" && name !== "start")
        expect(PNPM_COMMANDS.has(name), `"pnpm ${name}" runs pnpm's own command, not the script`).toBe(false);
    }
  });

  it("`pnpm server-node` starts a server node on the embedded database, as the Several server nodes section says", async () => {
    expect(readme).toContain("SERVER_PORT=8081 pnpm server-node");
    const dataDir = mkdtempSync(join(tmpdir(), "readme-server-node-"));
    const [port, dbPort] = [await freePort(), await freePort()];
    const child = spawn("pnpm", ["server-node"], {
      cwd: root,
      env: {
        ...process.env,
        SERVER_PORT: String(port),
        EMBEDDED_DB_PORT: String(dbPort),
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        REDIS_URL: "",
        LIVEKIT_URL: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    for (const stream of [child.stdout, child.stderr])
      stream.on("data", (chunk: Buffer) => (output += chunk.toString()));
    let exited: number | null | undefined;
    child.on("exit", (code) => (exited = code));
    try {
      let status = 0;
      for (let i = 0; i < 120 && status !== 200 && exited === undefined; i++) {
        status = await fetch(`http://127.0.0.1:${port}/api/v10/gateway`).then(
          (r) => r.status,
          () => 0,
        );
        if (status !== 200) await sleep(500);
      }
      expect(status, `pnpm server-node (exit ${exited}):\n${output}`).toBe(200);
    } finally {
      if (child.pid) process.kill(-child.pid, "SIGTERM");
      await new Promise((done) => (exited !== undefined ? done(null) : child.once("exit", done)));
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
