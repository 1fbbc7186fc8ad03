"use client";

import { useMemo, useState } from "react";
import { CopyField } from "@/components/ui/copy-field";
import { PERMISSION_ENTRIES, PERMISSION_GROUPS, sumBits } from "@/lib/permission-catalog";

const DEFAULT_KEYS = ["view-channels", "send-messages", "read-message-history"];

/** The bot's invite link: tick permissions, the link (with their bit field) updates as you go. */
export function InviteLinkBuilder({ applicationId, authorizeUrl }: { applicationId: string; authorizeUrl: string }) {
  const [checked, setChecked] = useState<Set<string>>(() => new Set(DEFAULT_KEYS));
  const bits = useMemo(
    () => sumBits(PERMISSION_ENTRIES.filter((e) => checked.has(e.key)).map((e) => e.bit)),
    [checked],
  );
  const link = `${authorizeUrl}?client_id=${applicationId}&scope=bot&permissions=${bits.toString()}`;

  function toggle(key: string, on: boolean) {
    setChecked((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  }

  return (
    <div className="flex flex-col gap-6">
      <fieldset>
        <legend className="sr-only">Bot permissions</legend>
        <div className="grid gap-6 sm:grid-cols-3">
          {PERMISSION_GROUPS.map((group) => (
            <div key={group.title}>
              <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-faint">{group.title}</h3>
              <ul className="flex flex-col gap-1">
                {group.entries.map((entry) => (
                  <li key={entry.key}>
                    <label
                      className="flex cursor-pointer items-start gap-2.5 rounded-md px-1.5 py-1 text-sm text-text hover:bg-hover/60"
                      title={entry.hint}
                    >
                      <input
                        type="checkbox"
                        name="permission"
                        value={entry.key}
                        checked={checked.has(entry.key)}
                        onChange={(e) => toggle(entry.key, e.target.checked)}
                        className="mt-0.5 size-4 shrink-0 accent-accent"
                      />
                      <span>{entry.label}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-3 rounded-lg bg-field p-4">
        <p className="text-sm text-muted">
          Permissions integer:{" "}
          <code className="font-mono text-text" data-testid="permission-bits">
            {bits.toString()}
          </code>
        </p>
        <CopyField label="Invite link" value={link} testId="invite-link" />
        <p className="text-xs text-faint">
          Open the link while signed in as someone who manages a guild to add the bot there.
        </p>
      </div>
    </div>
  );
}
