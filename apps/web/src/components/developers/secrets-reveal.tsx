import type { ReactNode } from "react";
import { CopyField } from "@/components/ui/copy-field";
import { KeyIcon } from "@/components/ui/icons";

/** Secrets shown once, right after they were made; they are stored hashed and can't be shown again. */
export function SecretsReveal({
  secrets,
  children,
}: {
  secrets: { label: string; value: string; testId: string }[];
  children?: ReactNode;
}) {
  return (
    <div data-testid="secrets-reveal">
      <p
        className="flex items-start gap-2 rounded-md border border-warning/40 bg-warning/10 px-3 py-2.5 text-sm text-warning-text"
        role="note"
      >
        <KeyIcon width={18} height={18} className="mt-px shrink-0 text-warning" />
        <span>
          <strong className="font-semibold">
            Copy {secrets.length > 1 ? "these" : "this"} now — {secrets.length > 1 ? "they" : "it"} won’t be shown
            again.
          </strong>{" "}
          Only a hash is stored; if you lose {secrets.length > 1 ? "them" : "it"}, reset to get a new one.
        </span>
      </p>
      <div className="mt-4 flex flex-col gap-3">
        {secrets.map((s) => (
          <CopyField key={s.testId} label={s.label} value={s.value} secret testId={s.testId} />
        ))}
      </div>
      {children}
    </div>
  );
}
