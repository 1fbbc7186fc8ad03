"use client";

import type { MemberView } from "@chat/api";
import type { ChannelSettingsView, OverwriteView } from "@chat/api/channel-settings-views";
import { Permission } from "@chat/domain/permissions/bits";
import { keepPreviousData, skipToken, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { SELECT_CLASS } from "@/components/ui/select-class";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { channelPermissionGroups } from "./overwrite-draft";

/**
 * "What can this member do here?": a member chosen, the permissions they would hold with the
 * editor's settings as they stand (saved or not), computed by the server's permissions engine.
 */
export function EffectivePermissions({
  channel,
  draft,
  members,
}: {
  channel: ChannelSettingsView;
  draft: OverwriteView[];
  members: readonly MemberView[];
}) {
  const trpc = useTRPC();
  const fieldId = useId();
  const [userId, setUserId] = useState("");
  const result = useQuery({
    ...trpc.channelSettings.effective.queryOptions(
      userId ? { channelId: channel.id, userId, overwrites: draft } : skipToken,
    ),
    placeholderData: keepPreviousData,
  });
  const member = members.find((m) => m.user.id === userId);
  const name = member ? (member.nick ?? member.user.displayName) : "";
  const bits = result.data ? BigInt(result.data.permissions) : null;
  const permissions = channelPermissionGroups(channel.kind).flatMap((g) => g.permissions);
  return (
    <section
      aria-labelledby={`${fieldId}-title`}
      className="rounded-lg bg-panel px-4 py-4 ring-1 ring-white/5"
      data-testid="effective-permissions"
    >
      <h5 id={`${fieldId}-title`} className="font-semibold text-white">
        What a member can do here
      </h5>
      <div className="mt-2 flex flex-col gap-1.5">
        <label htmlFor={fieldId} className="text-xs font-semibold uppercase tracking-wide text-muted">
          Member
        </label>
        <select
          id={fieldId}
          className={`${SELECT_CLASS} max-w-sm`}
          value={userId}
          onChange={(e) => setUserId(e.currentTarget.value)}
        >
          <option value="">Choose a member</option>
          {members.map((m) => (
            <option key={m.user.id} value={m.user.id}>
              {m.nick ?? m.user.displayName}
            </option>
          ))}
        </select>
      </div>
      {result.error ? (
        <Alert tone="error" className="mt-3">
          {errorMessage(result.error, "What they can do could not be worked out. Try again.")}
        </Alert>
      ) : null}
      {userId && bits !== null ? (
        <div className="mt-3" aria-live="polite" aria-busy={result.isFetching}>
          <p className="text-sm font-medium text-white" data-testid="effective-summary">
            {(bits & Permission.ViewChannel) === 0n
              ? `${name} can’t see ${channel.kind === "category" ? "this category" : "this channel"}.`
              : `${name} can see ${channel.kind === "category" ? "this category" : "this channel"}.`}
          </p>
          <ul className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
            {permissions.map((p) => {
              const held = (bits & p.bit) === p.bit;
              return (
                <li key={p.label} className={`flex items-center gap-2 ${held ? "text-text" : "text-faint"}`}>
                  <span aria-hidden="true" className={held ? "text-permission-held" : "text-permission-missing"}>
                    {held ? "✓" : "✕"}
                  </span>
                  {p.label}
                  <span className="sr-only">{held ? ": yes" : ": no"}</span>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
