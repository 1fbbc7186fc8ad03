import type { ReactNode } from "react";

/** The frame of every consent screen: the asking application on top, then the decision. */
export function ConsentCard({ header, children }: { header?: ReactNode; children: ReactNode }) {
  return (
    <main className="grid min-h-screen place-items-center bg-[radial-gradient(ellipse_at_top,#33386b_0%,#1b1c20_60%)] p-4">
      <div className="w-full max-w-[480px] overflow-hidden rounded-xl bg-panel shadow-2xl ring-1 ring-white/5">
        {header ? <div className="border-b border-line px-8 pt-8 pb-6 text-center">{header}</div> : null}
        <div className="px-8 py-6">{children}</div>
      </div>
    </main>
  );
}

export function ConsentError({ title, message }: { title: string; message: string }) {
  return (
    <ConsentCard>
      <div role="alert" className="text-center" data-testid="consent-error">
        <h1 className="text-xl font-bold text-white">{title}</h1>
        <p className="mt-2 text-muted">{message}</p>
        <a
          href="/channels"
          className="mt-6 inline-block rounded-md bg-raised px-4 py-2 text-sm font-medium text-text hover:bg-hover"
        >
          Back to chat
        </a>
      </div>
    </ConsentCard>
  );
}
