import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Chat", template: "%s · Chat" },
  description: "A self-hosted chat service",
};

export const viewport: Viewport = { themeColor: "#1b1c20", colorScheme: "dark" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className="dark">
      <body className="min-h-full antialiased">{children}</body>
    </html>
  );
}
