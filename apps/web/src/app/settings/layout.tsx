import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { SessionEnded } from "@/components/auth/session-ended";
import { Avatar } from "@/components/ui/avatar";
import { orNullOn, serverApi } from "@/server/api";
import { getSessionUser } from "@/server/auth";

export const metadata: Metadata = { title: { default: "Settings", template: "%s · Settings" } };

const SECTIONS = [{ href: "/settings/authorized-apps", label: "Authorised apps" }];

export default async function SettingsLayout({ children }: { children: ReactNode }) {
  // Signed out: each page sends the visitor to log in and back to its own path.
  if (!(await getSessionUser())) return children;
  const me = await orNullOn("UNAUTHORIZED", (await serverApi()).account.me());
  if (!me) return <SessionEnded />;
  return (
    <div className="flex min-h-screen flex-col bg-chat">
      <header className="flex h-14 shrink-0 items-center gap-3 border-b border-black/30 bg-rail px-6">
        <span className="font-semibold text-white">User settings</span>
        <nav aria-label="Settings" className="ml-6 flex gap-4 text-sm">
          {SECTIONS.map((s) => (
            <Link key={s.href} href={s.href} className="text-text hover:text-white">
              {s.label}
            </Link>
          ))}
        </nav>
        <nav aria-label="Elsewhere" className="ml-auto flex items-center gap-4 text-sm">
          <Link href="/channels" className="text-muted hover:text-text">
            Back to chat
          </Link>
          <span className="flex items-center gap-2 text-text">
            <Avatar id={me.id} name={me.displayName} size="sm" />
            {me.username}
          </span>
        </nav>
      </header>
      <div className="mx-auto w-full max-w-3xl flex-1 px-6 py-10">{children}</div>
    </div>
  );
}
