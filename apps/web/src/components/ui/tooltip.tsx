import type { ReactNode } from "react";

/**
 * A tooltip shown on hover and on keyboard focus of its trigger. The trigger should point at
 * it with aria-describedby={id}.
 */
export function Tooltip({
  id,
  text,
  children,
  side = "right",
}: {
  id: string;
  text: string;
  children: ReactNode;
  side?: "right" | "top";
}) {
  const position =
    side === "right" ? "left-full top-1/2 ml-3 -translate-y-1/2" : "bottom-full left-1/2 mb-2 -translate-x-1/2";
  return (
    <span className="group/tip relative flex">
      {children}
      <span
        id={id}
        role="tooltip"
        className={`pointer-events-none absolute z-50 w-max max-w-60 rounded-md bg-floating px-2.5 py-1.5 text-[13px] font-medium text-text opacity-0 shadow-lg transition-opacity group-hover/tip:opacity-100 group-focus-within/tip:opacity-100 ${position}`}
      >
        {text}
      </span>
    </span>
  );
}
