"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const SECTIONS = [
  { href: "/settings/account", label: "My account" },
  { href: "/settings/authorized-apps", label: "Authorised apps" },
];

/** The settings sections, the open one marked for sight and for screen readers. */
export function SettingsNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Settings" className="flex gap-4 text-sm">
      {SECTIONS.map((s) => {
        const current = pathname === s.href;
        return (
          <Link
            key={s.href}
            href={s.href}
            aria-current={current ? "page" : undefined}
            className={
              current
                ? "font-semibold text-white underline decoration-accent decoration-2 underline-offset-8"
                : "text-text hover:text-white"
            }
          >
            {s.label}
          </Link>
        );
      })}
    </nav>
  );
}
