export { createFileStore } from "./create";
export { type FilesEnv, readFilesEnv, type S3Settings } from "./files-env";
export { FilesystemStore } from "./filesystem-store";
export { S3Store, UPLOAD_PART_BYTES } from "./s3-store";
