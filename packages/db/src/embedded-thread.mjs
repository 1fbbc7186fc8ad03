// The embedded database's own thread (see embedded.ts). Plain JavaScript so that it starts
// whatever loader the parent runs under (tsx, vitest, none); it loads the TypeScript it needs
// through tsx.
import { parentPort, workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { serveEmbeddedDatabase } = await import("./embedded-serve.ts");

try {
  const database = await serveEmbeddedDatabase(workerData);
  parentPort.on("message", async (message) => {
    if (message !== "close") return;
    await database.close();
    parentPort.postMessage({ closed: true });
    parentPort.close();
  });
  parentPort.postMessage({ ready: { url: database.url, port: database.port } });
} catch (error) {
  parentPort.postMessage({ failed: error instanceof Error ? (error.stack ?? error.message) : String(error) });
}
