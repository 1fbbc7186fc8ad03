import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { SignedInFrame } from "@/components/layout/signed-in-frame";
import { CodeIcon } from "@/components/ui/icons";

export const metadata: Metadata = { title: { default: "Developer Portal", template: "%s · Developer Portal" } };

export default function DevelopersLayout({ children }: { children: ReactNode }) {
  return (
    <SignedInFrame
      accountNavLabel="Portal"
      width="max-w-4xl"
      start={
        <Link href="/developers" className="flex items-center gap-2 font-semibold text-white">
          <span className="grid size-8 place-items-center rounded-lg bg-accent">
            <CodeIcon width={18} height={18} />
          </span>
          Developer Portal
        </Link>
      }
    >
      {children}
    </SignedInFrame>
  );
}
