export * from "./upload-message";
export { UNUSED_UPLOAD_BYTES_MAX, UNUSED_UPLOADS_MAX } from "./upload-quota";
export * from "./upload-rows";
export * from "./upload-service";
