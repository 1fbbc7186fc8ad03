import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import type { S3Settings } from "./files-env";
import { requireSeaweedBinary } from "./seaweedfs-binary";

/** A SeaweedFS running as an S3 server on loopback (tests, benches, campaigns): where it answers and with which keys. */
export interface RunningSeaweed {
  /** For an S3Store: endpoint, region, keys and path-style (the bucket is the caller's). */
  settings: Omit<S3Settings, "bucket">;
  createBucket(name: string): Promise<void>;
  /** Stops it (SIGTERM, then SIGKILL after 5 s); its data goes with it unless `dir` was given. */
  stop(): Promise<void>;
  /** Stops it at once, as a crash would (fault campaigns). */
  kill(): void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A port whose gRPC twin (SeaweedFS's default: the port + 10000) is free too. */
async function freePortPair(): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (port + 10_000 > 65_535) continue;
    const twin = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once("error", () => resolve(false));
      server.listen(port + 10_000, "127.0.0.1", () => server.close(() => resolve(true)));
    });
    if (twin) return port;
  }
}

/**
 * `weed mini` (master, volume, filer and S3 in one process) bound to loopback on free ports,
 * with S3 keys of its own, in `dir` or a temporary folder. Resolves once its S3 answers.
 */
export async function startSeaweed(options: { dir?: string; timeoutMs?: number } = {}): Promise<RunningSeaweed> {
  const binary = requireSeaweedBinary();
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), "seaweedfs-"));
  const [master, volume, filer, s3] = [
    await freePortPair(),
    await freePortPair(),
    await freePortPair(),
    await freePort(),
  ];
  const accessKeyId = `chat${randomBytes(6).toString("hex")}`;
  const secretAccessKey = randomBytes(24).toString("hex");
  const child: ChildProcess = spawn(
    binary,
    [
      "mini",
      `-dir=${dir}`,
      "-ip=127.0.0.1",
      "-ip.bind=127.0.0.1",
      `-master.port=${master}`,
      `-volume.port=${volume}`,
      `-filer.port=${filer}`,
      `-s3.port=${s3}`,
      "-s3.port.iceberg=0",
      "-s3.port.lance=0",
      "-webdav=false",
      "-admin.ui=false",
      "-master.telemetry=false",
    ],
    {
      // The keys of its one S3 identity.
      env: { ...process.env, AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const settings = {
    endpoint: `http://127.0.0.1:${s3}`,
    region: "us-east-1",
    credentials: { accessKeyId, secretAccessKey },
    pathStyle: true,
  };
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: settings.credentials,
    forcePathStyle: true,
  });
  const stop = async () => {
    client.destroy();
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }
    if (!options.dir) rmSync(dir, { recursive: true, force: true });
  };
  const running: RunningSeaweed = {
    settings,
    async createBucket(name) {
      await client.send(new CreateBucketCommand({ Bucket: name }));
    },
    stop,
    kill: () => child.kill("SIGKILL"),
  };
  // Ready once a bucket can be made: the filer and a volume server are up behind the S3 port.
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const probe = `ready-${randomBytes(4).toString("hex")}`;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`SeaweedFS exited while starting:\n${output.join("").slice(-3000)}`);
    try {
      await running.createBucket(probe);
      return running;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`SeaweedFS did not answer on ${settings.endpoint} in time:\n${output.join("").slice(-3000)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
