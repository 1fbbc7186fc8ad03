import type { ReactNode } from "react";

/** The centred card of the login, sign-up and consent pages. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="grid min-h-screen place-items-center bg-[radial-gradient(ellipse_at_top,#33386b_0%,#1b1c20_60%)] p-4">
      <div className="w-full max-w-[440px] rounded-xl bg-panel p-8 shadow-2xl ring-1 ring-white/5">
        <div className="mb-6 text-center">
          <span
            className="mx-auto mb-4 grid size-12 place-items-center rounded-2xl bg-accent text-white"
            aria-hidden="true"
          >
            <svg width="26" height="26" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
              <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.2 3.6A.5.5 0 0 1 5 19.2V16a1 1 0 0 1-1-1V5.5z" />
            </svg>
          </span>
          <h1 className="text-2xl font-bold">{title}</h1>
          {subtitle ? <p className="mt-1.5 text-[15px] text-muted">{subtitle}</p> : null}
        </div>
        {children}
        {footer ? <div className="mt-6 text-center text-sm text-muted">{footer}</div> : null}
      </div>
    </main>
  );
}
