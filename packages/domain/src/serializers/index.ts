export * from "./channel";
export * from "./guild";
export * from "./member";
export * from "./message";
export * from "./oauth2";
export * from "./role";
export * from "./user";
