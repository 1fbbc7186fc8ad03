export * from "./user";
export * from "./role";
export * from "./channel";
export * from "./member";
export * from "./guild";
export * from "./message";
export * from "./oauth2";
