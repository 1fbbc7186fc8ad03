import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { SignedInFrame } from "@/components/layout/signed-in-frame";

export const metadata: Metadata = { title: { default: "Settings", template: "%s · Settings" } };

const SECTIONS = [
  { href: "/settings/account", label: "My account" },
  { href: "/settings/authorized-apps", label: "Authorised apps" },
];

export default function SettingsLayout({ children }: { children: ReactNode }) {
  return (
    <SignedInFrame
      accountNavLabel="Elsewhere"
      width="max-w-3xl"
      start={
        <>
          <span className="font-semibold text-white">User settings</span>
          <nav aria-label="Settings" className="ml-6 flex gap-4 text-sm">
            {SECTIONS.map((s) => (
              <Link key={s.href} href={s.href} className="text-text hover:text-white">
                {s.label}
              </Link>
            ))}
          </nav>
        </>
      }
    >
      {children}
    </SignedInFrame>
  );
}
