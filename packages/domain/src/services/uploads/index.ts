export * from "./upload-message";
export * from "./upload-rows";
export * from "./upload-service";
