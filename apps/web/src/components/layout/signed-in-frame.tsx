import Link from "next/link";
import type { ReactNode } from "react";
import { SessionEnded } from "@/components/auth/session-ended";
import { Avatar } from "@/components/ui/avatar";
import { orNullOn, serverApi } from "@/server/api";
import { getSessionUser } from "@/server/auth";

/**
 * The frame of the signed-in pages outside chat: a header with the section's own links on the left and,
 * on the right, the way back to chat and who is signed in; the page sits in a centred column below.
 */
export async function SignedInFrame({
  start,
  accountNavLabel,
  width,
  children,
}: {
  /** The header's left side: the section's title and links. */
  start: ReactNode;
  /** Accessible name of the right-hand nav. */
  accountNavLabel: string;
  /** Tailwind max-width class of the page column. */
  width: "max-w-3xl" | "max-w-4xl";
  children: ReactNode;
}) {
  // Signed out: each page sends the visitor to log in and back to its own path.
  if (!(await getSessionUser())) return children;
  const me = await orNullOn("UNAUTHORIZED", (await serverApi()).account.me());
  if (!me) return <SessionEnded />;
  return (
    <div className="flex min-h-screen flex-col bg-chat">
      <header className="flex min-h-14 shrink-0 flex-wrap items-center gap-x-6 gap-y-2 border-b border-black/30 bg-rail px-4 py-3 sm:px-6">
        {start}
        <nav aria-label={accountNavLabel} className="ml-auto flex items-center gap-4 text-sm">
          <Link href="/channels" className="text-muted hover:text-text">
            Back to chat
          </Link>
          <span className="flex items-center gap-2 text-text">
            <Avatar id={me.id} name={me.displayName} size="sm" />
            {me.username}
          </span>
        </nav>
      </header>
      <main className={`mx-auto w-full ${width} flex-1 px-4 py-8 sm:px-6 sm:py-10`}>{children}</main>
    </div>
  );
}
