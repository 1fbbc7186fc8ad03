import { publicUrlsFromEnv } from "@chat/domain/config";
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { SessionEnded } from "@/components/auth/session-ended";
import { ChatShell } from "@/components/shell/chat-shell";
import { orNullOn, serverApi } from "@/server/api";
import { getSessionUser } from "@/server/auth";

// Absolute: the root layout's template would make it "Chat · Chat". The shell names the open place itself (usePageTitle).
export const metadata: Metadata = { title: { absolute: "Chat" } };

/**
 * The shell stays mounted while the selected guild and channel change. Signed out, the page
 * sends the visitor to log in (it knows the full path to come back to).
 */
export default async function ChannelsLayout({ children }: { children: ReactNode }) {
  if (!(await getSessionUser())) return children;
  const me = await orNullOn("UNAUTHORIZED", (await serverApi()).account.me());
  if (!me) return <SessionEnded />;
  return (
    <>
      <ChatShell me={{ ...me, bot: false }} cdnUrl={publicUrlsFromEnv().cdnUrl} />
      {children}
    </>
  );
}
