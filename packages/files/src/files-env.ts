import { join, resolve } from "node:path";

/** Where an S3-compatible store is and how to reach it. */
export interface S3Settings {
  /** FILES_S3_ENDPOINT, e.g. http://127.0.0.1:8333 (unset: AWS's own for the region). */
  endpoint?: string;
  /** FILES_S3_BUCKET */
  bucket: string;
  /** FILES_S3_REGION; unset: us-east-1. */
  region: string;
  /** FILES_S3_ACCESS_KEY_ID and FILES_S3_SECRET_ACCESS_KEY; unset: the AWS SDK's own chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** FILES_S3_PATH_STYLE: `bucket` in the path, not the host name; unset: on with an endpoint (MinIO, SeaweedFS, Garage), off without. */
  pathStyle: boolean;
}

/** Where files are kept, as configured: S3 when FILES_S3_BUCKET is set, else DATA_DIR/files. */
export type FilesEnv = { kind: "filesystem"; root: string } | ({ kind: "s3" } & S3Settings);

export function readFilesEnv(env: Record<string, string | undefined> = process.env): FilesEnv {
  const bucket = env.FILES_S3_BUCKET?.trim();
  if (!bucket) return { kind: "filesystem", root: join(resolve(env.DATA_DIR || "./data"), "files") };
  const endpoint = env.FILES_S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\/[^/]/.test(endpoint))
    throw new Error(`FILES_S3_ENDPOINT must be an http:// or https:// address: ${endpoint}`);
  const accessKeyId = env.FILES_S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.FILES_S3_SECRET_ACCESS_KEY?.trim();
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error("FILES_S3_ACCESS_KEY_ID and FILES_S3_SECRET_ACCESS_KEY go together: set both or neither");
  const pathStyle = env.FILES_S3_PATH_STYLE?.trim();
  if (pathStyle && pathStyle !== "true" && pathStyle !== "false")
    throw new Error(`FILES_S3_PATH_STYLE must be true or false: ${pathStyle}`);
  return {
    kind: "s3",
    bucket,
    endpoint,
    region: env.FILES_S3_REGION?.trim() || "us-east-1",
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    pathStyle: pathStyle ? pathStyle === "true" : Boolean(endpoint),
  };
}
