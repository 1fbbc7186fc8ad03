import type { ReactNode } from "react";

const TONES = {
  error: "border-danger/40 bg-danger/10 text-alert-error",
  info: "border-accent/40 bg-accent/10 text-alert-info",
  success: "border-success/40 bg-success/10 text-alert-success",
  warning: "border-warning/40 bg-warning/10 text-warning-text",
} as const;

export function Alert({
  tone = "info",
  title,
  children,
  className = "",
}: {
  tone?: keyof typeof TONES;
  title?: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-md border px-3 py-2.5 text-sm ${TONES[tone]} ${className}`}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? "mt-0.5" : ""}>{children}</div> : null}
    </div>
  );
}
