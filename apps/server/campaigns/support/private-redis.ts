import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { freePort } from "../../test/support/multinode-processes";

/**
 * A Redis of the campaign's own on a free loopback port (the shared one serves other test
 * runs and must never stop), keeping its data in an append-only file so a stop and start
 * finds it again, as a Redis deployed for this service should.
 */
export interface PrivateRedis {
  url: string;
  /** Shuts it down (the append-only file is kept). */
  stop(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "chat-campaign-redis-"));
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(
      "redis-server",
      [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--dir",
        dir,
        "--save",
        "",
        "--appendonly",
        "yes",
        "--appendfsync",
        "always",
      ],
      { stdio: "ignore" },
    );
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on("error", () => {});
    for (let i = 0; i < 100; i++) {
      if (
        await probe.connect().then(
          () => probe.ping(),
          () => null,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 50));
    }
    probe.disconnect();
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((r) => running.once("exit", r));
    running.kill("SIGTERM");
    await exited;
  };
  await start();
  return {
    url,
    start,
    stop,
    async remove() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
