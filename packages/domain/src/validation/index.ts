export * from "./form";
export * from "./common";
export * from "./messages";
export * from "./guilds";
export * from "./embeds";
