"use client";

import type { GuildView, UserView } from "@chat/api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CheckIcon } from "@/components/ui/icons";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";

interface BotConsentProps {
  application: { id: string; name: string; bot: UserView };
  guilds: GuildView[];
  permissions: string;
  permissionLabels: string[];
  /** A sentence under the permissions whose name alone does not say enough (Listen). */
  permissionNotes: Record<string, string>;
  otherPermissionCount: number;
  preselectedGuildId: string | null;
}

/** Scope `bot`: pick a guild you manage, see what the bot may do, authorise or cancel. */
export function BotConsent({
  application,
  guilds,
  permissions,
  permissionLabels,
  permissionNotes,
  otherPermissionCount,
  preselectedGuildId,
}: BotConsentProps) {
  const selectId = useId();
  const [guildId, setGuildId] = useState(
    guilds.some((g) => g.id === preselectedGuildId) ? (preselectedGuildId as string) : "",
  );
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [noGuildChosen, setNoGuildChosen] = useState(false);
  const authorize = useMutation(
    trpc.oauth2.authorizeBot.mutationOptions({
      // The bot joined: that guild's member list, if cached in this tab, no longer holds.
      onSuccess: (_result, { guildId: joined }) => {
        void queryClient.invalidateQueries(trpc.guilds.members.queryFilter({ guildId: joined }));
      },
    }),
  );
  const added = authorize.isSuccess ? guilds.find((g) => g.id === authorize.variables.guildId) : undefined;
  const error = noGuildChosen ? "Choose a guild first." : authorize.error ? errorMessage(authorize.error) : null;

  function authorise() {
    setNoGuildChosen(!guildId);
    if (!guildId) {
      authorize.reset();
      return;
    }
    authorize.mutate({ clientId: application.id, guildId, permissions });
  }

  if (added) {
    return (
      <div className="text-center" role="status" data-testid="consent-success">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-success/15 text-success">
          <CheckIcon width={30} height={30} />
        </span>
        <h2 className="mt-4 text-xl font-bold text-white">Authorised</h2>
        <p className="mt-1 text-muted">
          <strong className="text-text">{application.bot.displayName}</strong> was added to{" "}
          <strong className="text-text">{added.name}</strong>.
        </p>
        <a
          href={`/channels/${added.id}`}
          className="mt-6 inline-flex h-10 items-center rounded-md bg-accent-strong px-4 text-sm font-medium text-white hover:bg-accent-hover"
        >
          Go to {added.name}
        </a>
      </div>
    );
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        authorise();
      }}
      className="flex flex-col gap-5"
      aria-label={`Add ${application.name} to a guild`}
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={selectId} className="text-xs font-semibold uppercase tracking-wide text-muted">
          Add to guild
        </label>
        {guilds.length === 0 ? (
          <Alert tone="warning">
            You don’t manage any guild.{" "}
            <a className="underline" href="/channels">
              Create one
            </a>{" "}
            first, then open this link again.
          </Alert>
        ) : (
          <select
            id={selectId}
            name="guild"
            value={guildId}
            onChange={(e) => setGuildId(e.target.value)}
            className="h-10 rounded-md border border-line bg-field px-3 text-[15px] text-text"
          >
            <option value="" disabled>
              Select a guild
            </option>
            {guilds.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        )}
        <p className="text-xs text-faint">Only guilds where you have Manage Guild are listed.</p>
      </div>
      <div>
        <h2 className="text-xs font-semibold uppercase tracking-wide text-muted">
          This will allow {application.bot.displayName} to
        </h2>
        {permissionLabels.length === 0 && otherPermissionCount === 0 ? (
          <p className="mt-2 text-sm text-muted">Join the guild without any extra permissions.</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-1.5" data-testid="requested-permissions">
            {permissionLabels.map((label) => (
              <li key={label} className="flex items-start gap-2 text-[15px] text-text">
                <CheckIcon width={16} height={16} className="mt-1 shrink-0 text-success" />
                <span>
                  <span>{label}</span>
                  {permissionNotes[label] ? (
                    <span className="mt-0.5 block text-sm text-muted">{permissionNotes[label]}</span>
                  ) : null}
                </span>
              </li>
            ))}
            {otherPermissionCount > 0 ? (
              <li className="text-sm text-muted">
                and {otherPermissionCount} other permission{otherPermissionCount > 1 ? "s" : ""}
              </li>
            ) : null}
          </ul>
        )}
      </div>
      <div className="flex justify-end gap-2 border-t border-line pt-5">
        <a
          href="/channels"
          className="inline-flex h-10 items-center rounded-md px-4 text-sm font-medium text-muted hover:bg-hover hover:text-text"
        >
          Cancel
        </a>
        <Button type="submit" busy={authorize.isPending} disabled={guilds.length === 0}>
          Authorise
        </Button>
      </div>
    </form>
  );
}
