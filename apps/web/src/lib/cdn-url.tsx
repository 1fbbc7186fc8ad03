"use client";

import { createContext, type ReactNode, useContext } from "react";

const CdnUrlContext = createContext<string | null>(null);

/** The CDN's public address (PUBLIC_CDN_URL), read by the server when the page is made: custom emoji pictures come from it. */
export function CdnUrlProvider({ cdnUrl, children }: { cdnUrl: string; children: ReactNode }) {
  return <CdnUrlContext.Provider value={cdnUrl}>{children}</CdnUrlContext.Provider>;
}

export function useCdnUrl(): string | null {
  return useContext(CdnUrlContext);
}
