import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { SessionEnded } from "@/components/auth/session-ended";
import { Avatar } from "@/components/ui/avatar";
import { CodeIcon } from "@/components/ui/icons";
import { orNullOn, serverApi } from "@/server/api";
import { getSessionUser } from "@/server/auth";

export const metadata: Metadata = { title: { default: "Developer Portal", template: "%s · Developer Portal" } };

export default async function DevelopersLayout({ children }: { children: ReactNode }) {
  // Signed out: each page sends the visitor to log in and back to its own path.
  if (!(await getSessionUser())) return children;
  const me = await orNullOn("UNAUTHORIZED", (await serverApi()).account.me());
  if (!me) return <SessionEnded />;
  return (
    <div className="flex min-h-screen flex-col bg-chat">
      <header className="flex h-14 shrink-0 items-center gap-3 border-b border-black/30 bg-rail px-6">
        <Link href="/developers" className="flex items-center gap-2 font-semibold text-white">
          <span className="grid size-8 place-items-center rounded-lg bg-accent">
            <CodeIcon width={18} height={18} />
          </span>
          Developer Portal
        </Link>
        <nav aria-label="Portal" className="ml-auto flex items-center gap-4 text-sm">
          <Link href="/channels" className="text-muted hover:text-text">
            Back to chat
          </Link>
          <span className="flex items-center gap-2 text-text">
            <Avatar id={me.id} name={me.displayName} size="sm" />
            {me.username}
          </span>
        </nav>
      </header>
      <div className="mx-auto w-full max-w-4xl flex-1 px-6 py-10">{children}</div>
    </div>
  );
}
