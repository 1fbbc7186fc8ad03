/** The tRPC layer's configuration: NODE_ENV=production hides the messages of unexpected errors (the web app's build fixes it). */
export const inProduction = (): boolean => process.env.NODE_ENV === "production";
