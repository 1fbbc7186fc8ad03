import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

export interface EmbeddedDatabase {
  /** The connection URL, password included. */
  url: string;
  port: number;
  /** The worker thread PGlite runs in (never the caller's). */
  threadId: number;
  close(): Promise<void>;
}

type FromThread =
  | { ready: { url: string; port: number }; pgliteWasmModule: WebAssembly.Module }
  | { failed: string }
  | { closed: true };

/**
 * PGlite's WebAssembly as the first database thread of this process compiled it, handed to the
 * next ones: each thread compiling it again cost a start about 0.4 s of CPU (test suites start
 * hundreds of embedded databases in one process).
 */
let pgliteWasmModule: WebAssembly.Module | undefined;

/**
 * Opens the PGlite database in `dataDir` and serves it on a loopback port (embedded-serve.ts)
 * from a worker thread: PGlite runs queries synchronously, and on the caller's event loop a
 * busy database held up everything else there (gateway heartbeats waited behind sends).
 * The caller's own connections reach it through the socket like every other process's.
 */
export async function startEmbeddedDatabase(options: { dataDir: string; port: number }): Promise<EmbeddedDatabase> {
  // The web app's bundler must not follow this into the thread's code: the web app joins the
  // database, it never starts one.
  const threadFile = join(dirname(fileURLToPath(import.meta.url)), "embedded-thread.mjs");
  const worker = new Worker(/* turbopackIgnore: true */ threadFile, {
    workerData: { ...options, pgliteWasmModule },
    execArgv: [],
  });
  const next = () =>
    new Promise<FromThread>((resolve, reject) => {
      const onMessage = (message: FromThread) => {
        worker.off("error", onError);
        worker.off("exit", onExit);
        resolve(message);
      };
      const onError = (error: Error) => {
        worker.off("message", onMessage);
        worker.off("exit", onExit);
        reject(error);
      };
      const onExit = (code: number) => {
        worker.off("message", onMessage);
        worker.off("error", onError);
        reject(new Error(`the embedded database's thread exited (${code})`));
      };
      worker.once("message", onMessage);
      worker.once("error", onError);
      worker.once("exit", onExit);
    });
  const started = await next();
  if (!("ready" in started)) {
    await worker.terminate();
    throw new Error(`the embedded database did not start: ${"failed" in started ? started.failed : "no answer"}`);
  }
  pgliteWasmModule ??= started.pgliteWasmModule;
  let closing: Promise<void> | null = null;
  return {
    url: started.ready.url,
    port: started.ready.port,
    threadId: worker.threadId,
    close() {
      closing ??= (async () => {
        const closed = next().catch(() => undefined);
        worker.postMessage("close");
        await closed;
        await worker.terminate();
      })();
      return closing;
    },
  };
}
