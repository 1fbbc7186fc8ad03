"use client";

import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { SELECT_CLASS } from "@/components/ui/select-class";
import { errorMessage, isForbidden } from "@/lib/errors";
import { formatMessageTime } from "@/lib/format";
import { useTRPC } from "@/lib/trpc";
import { SectionLoading } from "../shared/section-loading";
import type { GuildSettingsSectionProps } from "../shared/section-props";
import { AUDIT_ACTIONS, describeAuditAction } from "./audit-sentences";

const PAGE = 50;
/**
 * What people and bots did in the guild (View Audit Log), newest first, filtered by action and
 * by who acted. Nothing announces new entries, so the list is asked for each time it opens.
 */
export function AuditLogSection({ guild }: GuildSettingsSectionProps) {
  const trpc = useTRPC();
  const [action, setAction] = useState<number | undefined>(undefined);
  const [userId, setUserId] = useState<string | undefined>(undefined);
  const members = useQuery(trpc.guilds.members.queryOptions({ guildId: guild.id }));
  const log = useInfiniteQuery({
    ...trpc.auditLog.list.infiniteQueryOptions(
      { guildId: guild.id, action, userId, limit: PAGE },
      { getNextPageParam: (page) => (page.more ? page.entries.at(-1)?.id : undefined) },
    ),
    refetchOnMount: "always",
    placeholderData: keepPreviousData,
  });
  const actionId = useId();
  const personId = useId();
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const filtered = action !== undefined || userId !== undefined;

  if (log.error && isForbidden(log.error)) {
    return <p className="text-sm text-muted">Viewing the audit log needs View Audit Log.</p>;
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">What people and bots changed in the guild, newest first.</p>
      <fieldset className="flex flex-wrap gap-3">
        <legend className="sr-only">Filter the audit log</legend>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor={actionId} className="text-xs font-semibold uppercase tracking-wide text-muted">
            Action
          </label>
          <select
            id={actionId}
            className={SELECT_CLASS}
            value={action ?? ""}
            onChange={(e) => setAction(e.currentTarget.value ? Number(e.currentTarget.value) : undefined)}
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a.action} value={a.action}>
                {a.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor={personId} className="text-xs font-semibold uppercase tracking-wide text-muted">
            Done by
          </label>
          <select
            id={personId}
            className={SELECT_CLASS}
            value={userId ?? ""}
            onChange={(e) => setUserId(e.currentTarget.value || undefined)}
          >
            <option value="">Anyone</option>
            {(members.data ?? []).map((m) => (
              <option key={m.user.id} value={m.user.id}>
                {m.user.displayName}
                {m.user.bot ? " (bot)" : ""}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      {log.error ? (
        <Alert tone="error">{errorMessage(log.error)}</Alert>
      ) : !log.data ? (
        <SectionLoading label="Loading the audit log" />
      ) : entries.length === 0 ? (
        <div
          className="rounded-lg border border-dashed border-line px-6 py-10 text-center"
          data-testid="no-audit-entries"
        >
          <p className="font-semibold text-white">
            {filtered ? "Nothing matches these filters" : "Nothing recorded yet"}
          </p>
          <p className="mt-1 text-sm text-muted">
            {filtered
              ? "Try another action or person."
              : "Changes to channels, roles, members, invites and emoji show up here."}
          </p>
        </div>
      ) : (
        <ol aria-label="Audit log entries" aria-busy={log.isFetching || undefined} className="flex flex-col gap-2">
          {entries.map((entry) => {
            const who = entry.actor?.displayName ?? "Someone";
            return (
              <li
                key={entry.id}
                data-testid="audit-entry"
                className="flex items-center gap-3 rounded-lg bg-panel p-3 ring-1 ring-white/5"
              >
                {entry.actor ? <Avatar id={entry.actor.id} name={who} picture={entry.actor.avatar} size="sm" /> : null}
                <p className="min-w-0 flex-1 text-sm text-text">
                  <span className="font-semibold text-white">{who}</span>{" "}
                  <span data-testid="audit-action">{describeAuditAction(entry)}</span>
                </p>
                <time
                  dateTime={entry.createdAt}
                  title={new Date(entry.createdAt).toLocaleString()}
                  className="shrink-0 text-xs text-muted"
                >
                  {formatMessageTime(entry.createdAt)}
                </time>
              </li>
            );
          })}
        </ol>
      )}
      {log.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" busy={log.isFetchingNextPage} onClick={() => log.fetchNextPage()}>
            Show older entries
          </Button>
        </div>
      ) : null}
    </div>
  );
}
