import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { QueryProvider } from "@/components/providers/query-provider";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Chat", template: "%s · Chat" },
  description: "A self-hosted chat service",
};

export const viewport: Viewport = { themeColor: "#1b1c20", colorScheme: "dark" };

/**
 * Every page is rendered per request: its scripts carry the nonce of that request's
 * Content-Security-Policy (src/proxy.ts), which a page built ahead of time could not know.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en" className="dark">
      <body className="min-h-full antialiased">
        <QueryProvider>{children}</QueryProvider>
      </body>
    </html>
  );
}
