/** Public addresses the domain writes into payloads (links, picture URLs, gateway URL). */
export interface PublicUrls {
  /** Web app, e.g. http://localhost:3000 */
  appUrl: string;
  /** REST root including /api/v10 */
  apiUrl: string;
  /** Picture root */
  cdnUrl: string;
  /** Gateway address, without a query string */
  gatewayUrl: string;
}

export function publicUrlsFromEnv(env: NodeJS.ProcessEnv = process.env): PublicUrls {
  const serverPort = env.SERVER_PORT || "8080";
  const serverUrl = (env.PUBLIC_SERVER_URL || `http://localhost:${serverPort}`).replace(/\/$/, "");
  return {
    appUrl: (env.PUBLIC_APP_URL || `http://localhost:${env.WEB_PORT || "3000"}`).replace(/\/$/, ""),
    apiUrl: `${serverUrl}/api/v10`,
    cdnUrl: (env.PUBLIC_CDN_URL || `${serverUrl}/cdn`).replace(/\/$/, ""),
    gatewayUrl: (env.PUBLIC_GATEWAY_URL || `${serverUrl.replace(/^http/, "ws")}/gateway`).replace(/\/$/, ""),
  };
}
