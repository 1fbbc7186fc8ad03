"use client";

import type { ButtonHTMLAttributes } from "react";
import { useHydrated } from "@/lib/use-hydrated";
import { Spinner } from "./spinner";

type Variant = "primary" | "secondary" | "danger" | "ghost";

const VARIANTS: Record<Variant, string> = {
  // White text needs the darker accent and danger shades for 4.5:1 contrast (WCAG AA).
  primary: "bg-accent-strong text-white hover:bg-accent-hover",
  secondary: "bg-raised text-text hover:bg-hover border border-line",
  danger: "bg-danger-strong text-white hover:bg-danger-strong-hover",
  ghost: "bg-transparent text-muted hover:bg-hover hover:text-text",
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: "sm" | "md";
  busy?: boolean;
}

/**
 * Disabled until the page has hydrated: before that a click would be lost, or a submit would
 * be the browser's own (see useHydrated).
 */
export function Button({
  variant = "primary",
  size = "md",
  busy = false,
  className = "",
  children,
  disabled,
  ...rest
}: ButtonProps) {
  const hydrated = useHydrated();
  const sizing = size === "sm" ? "h-8 px-3 text-sm" : "h-10 px-4 text-sm";
  return (
    <button
      type="button"
      {...rest}
      disabled={disabled || busy || !hydrated}
      aria-busy={busy || undefined}
      className={`inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${sizing} ${VARIANTS[variant]} ${className}`}
    >
      {busy ? <Spinner className="size-4" /> : null}
      {children}
    </button>
  );
}
