export * from "./common";
export * from "./embeds";
export * from "./form";
export * from "./guilds";
export * from "./messages";
export * from "./oauth2";
export * from "./pictures";
