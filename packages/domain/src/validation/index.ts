export * from "./form";
export * from "./common";
export * from "./messages";
export * from "./guilds";
export * from "./embeds";
export * from "./oauth2";
export * from "./pictures";
