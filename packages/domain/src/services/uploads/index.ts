export * from "./upload-rows";
export * from "./upload-service";
export * from "./upload-message";
