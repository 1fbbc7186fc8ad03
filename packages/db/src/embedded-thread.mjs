// The embedded database's own thread (see embedded.ts). Plain JavaScript so that it starts
// whatever loader the parent runs under (tsx, vitest, none); it loads the TypeScript it needs
// through tsx.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { parentPort, workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { serveEmbeddedDatabase } = await import("./embedded-serve.ts");

/** PGlite's WebAssembly (9 MB), compiled here unless the parent hands over the one an earlier thread compiled. */
async function compiledPglite() {
  if (workerData.pgliteWasmModule) return workerData.pgliteWasmModule;
  const wasm = new URL("pglite.wasm", import.meta.resolve("@electric-sql/pglite"));
  return WebAssembly.compile(await readFile(fileURLToPath(wasm)));
}

try {
  const pgliteWasmModule = await compiledPglite();
  const database = await serveEmbeddedDatabase({ ...workerData, pgliteWasmModule });
  parentPort.on("message", async (message) => {
    if (message !== "close") return;
    await database.close();
    parentPort.postMessage({ closed: true });
    parentPort.close();
  });
  parentPort.postMessage({ ready: { url: database.url, port: database.port }, pgliteWasmModule });
} catch (error) {
  parentPort.postMessage({ failed: error instanceof Error ? (error.stack ?? error.message) : String(error) });
}
