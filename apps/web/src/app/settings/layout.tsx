import type { Metadata } from "next";
import type { ReactNode } from "react";
import { SignedInFrame } from "@/components/layout/signed-in-frame";
import { SettingsNav } from "@/components/settings/settings-nav";

export const metadata: Metadata = { title: { default: "Settings", template: "%s · Settings" } };

export default function SettingsLayout({ children }: { children: ReactNode }) {
  return (
    <SignedInFrame
      accountNavLabel="Elsewhere"
      width="max-w-3xl"
      start={
        <>
          <span className="font-semibold text-white">User settings</span>
          <SettingsNav />
        </>
      }
    >
      {children}
    </SignedInFrame>
  );
}
