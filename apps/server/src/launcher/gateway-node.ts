import { type ChildProcess, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const mainScript = join(dirname(fileURLToPath(import.meta.url)), "../main.ts");

export interface GatewayNode {
  child: ChildProcess;
  /** Resolves once the node answers `GET /readyz` with 200; rejects when it exits first or after `timeoutMs`. */
  ready(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A gateway node (`main.ts --role gateway`) in a process of its own beside the REST node of
 * the caller: no REST work of the other process delays its heartbeats. `env` is its whole
 * environment; it must name its own SERVER_PORT and, without Redis, the REST node's hub
 * (SERVER_INTERNAL_URL), whose embedded database it joins.
 */
export function spawnGatewayNode(env: NodeJS.ProcessEnv, stdio: "inherit" | "pipe" = "inherit"): GatewayNode {
  const child = spawn(process.execPath, ["--import", "tsx", mainScript, "--role", "gateway"], { env, stdio });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const host =
    !env.SERVER_HOST || env.SERVER_HOST === "0.0.0.0" || env.SERVER_HOST === "::" ? "127.0.0.1" : env.SERVER_HOST;
  const readyz = `http://${host.includes(":") ? `[${host}]` : host}:${env.SERVER_PORT}/readyz`;
  return {
    child,
    async ready(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      let gone = false;
      void exited.then(() => (gone = true));
      while (!gone && Date.now() < deadline) {
        const status = await fetch(readyz, { signal: AbortSignal.timeout(2_000) }).then(
          (response) => response.status,
          () => 0,
        );
        if (status === 200) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(
        gone ? "the gateway node exited while starting" : "the gateway node did not become ready in time",
      );
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await exited;
    },
  };
}
