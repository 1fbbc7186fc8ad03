import type { FileStore } from "@chat/domain";
import type { FilesEnv } from "./files-env";
import { FilesystemStore } from "./filesystem-store";
import { S3Store } from "./s3-store";

/** The one place that chooses where files are kept: S3 when configured, else the filesystem under DATA_DIR. */
export function createFileStore(env: FilesEnv): FileStore {
  return env.kind === "s3" ? new S3Store(env) : new FilesystemStore(env.root);
}
