// `prisma generate` checks that a schema engine binary exists but never runs it for
// generate; the binary cannot be downloaded here, so point it at any existing file.
import { spawnSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const pkg = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const result = spawnSync(
  process.execPath,
  [
    resolve(dirname(fileURLToPath(import.meta.url)), "../node_modules/prisma/build/index.js"),
    "generate",
    "--config",
    resolve(pkg, "prisma.config.ts"),
  ],
  {
    cwd: pkg,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
      CHECKPOINT_DISABLE: "1",
    },
  },
);
process.exit(result.status ?? 1);
