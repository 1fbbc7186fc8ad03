export * from "./upload-rows";
export * from "./upload-service";
