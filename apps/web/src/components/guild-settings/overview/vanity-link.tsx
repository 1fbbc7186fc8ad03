"use client";

import type { GuildView } from "@chat/api";
import { skipToken, useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useQueryPatcher } from "@/components/live/live-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage, fieldErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";

/**
 * The guild's vanity link, `{app_url}/invite/<code>`, with how many joined through it. Those with
 * Manage Guild see it; only the owner sets or removes it (others see the field unavailable, and why).
 */
export function VanityLink({ guild }: { guild: GuildView }) {
  const trpc = useTRPC();
  const patcher = useQueryPatcher();
  const key = trpc.guilds.vanity.queryKey({ guildId: guild.id });
  // Joining through the link announces nothing to the settings: its uses are asked for on each opening.
  const vanity = useQuery({
    ...trpc.guilds.vanity.queryOptions(guild.canManage ? { guildId: guild.id } : skipToken),
    refetchOnMount: "always",
  });
  const save = useMutation(
    trpc.guilds.setVanityCode.mutationOptions({ onSuccess: (next) => patcher.patch(key, () => next) }),
  );
  const [draft, setDraft] = useState<string | null>(null);
  const fieldId = useId();
  const reasonId = `${fieldId}-reason`;
  const errors = fieldErrors(save.error).code ?? [];

  if (!guild.canManage) {
    return (
      <Section>
        <p className="text-sm text-muted">Seeing the vanity link needs Manage Guild.</p>
      </Section>
    );
  }
  if (vanity.error) return <Section>{<Alert tone="error">{errorMessage(vanity.error)}</Alert>}</Section>;
  if (!vanity.data)
    return (
      <Section>
        {<div role="status" aria-label="Loading the vanity link" className="h-10 animate-pulse rounded-md bg-panel" />}
      </Section>
    );
  const current = vanity.data;
  const value = draft ?? current.code ?? "";

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ guildId: guild.id, code: value.trim() === "" ? null : value }, { onSuccess: () => setDraft(null) });
  }

  return (
    <Section>
      <form onSubmit={submit} noValidate className="flex flex-col gap-2" aria-label="Vanity link">
        <label htmlFor={fieldId} className="sr-only">
          Vanity link code
        </label>
        <div
          className={`flex h-10 items-center overflow-hidden rounded-md border bg-field ${errors.length ? "border-danger" : "border-line"}`}
        >
          <span className="shrink-0 truncate pl-3 text-sm text-muted" aria-hidden="true">
            {current.prefix}
          </span>
          <input
            id={fieldId}
            value={value}
            maxLength={32}
            placeholder="your-code"
            disabled={!guild.owner}
            aria-invalid={errors.length ? true : undefined}
            aria-describedby={guild.owner ? `${fieldId}-hint` : reasonId}
            onChange={(e) => {
              save.reset();
              setDraft(e.currentTarget.value);
            }}
            className="h-full min-w-0 flex-1 bg-transparent pr-3 text-[15px] text-text placeholder:text-faint focus:outline-none disabled:text-muted"
          />
        </div>
        {errors.length ? (
          <p className="text-xs text-danger-text" role="alert">
            {errors.join(" ")}
          </p>
        ) : guild.owner ? (
          <p id={`${fieldId}-hint`} className="text-xs text-muted">
            2 to 32 letters, digits and hyphens. Leave it empty to have none.
          </p>
        ) : (
          <p id={reasonId} className="text-xs text-muted">
            Only the guild’s owner can change the vanity link.
          </p>
        )}
        {save.error && !errors.length ? <Alert tone="error">{errorMessage(save.error)}</Alert> : null}
        <p className="text-sm text-muted" data-testid="vanity-uses">
          {current.code
            ? `${current.uses === 1 ? "1 person has" : `${current.uses} people have`} joined through ${current.url}`
            : "No vanity link yet."}
        </p>
        {guild.owner ? (
          <div className="flex justify-end">
            <Button type="submit" size="sm" busy={save.isPending} disabled={value === (current.code ?? "")}>
              Save link
            </Button>
          </div>
        ) : null}
      </form>
    </Section>
  );
}

function Section({ children }: { children: React.ReactNode }) {
  return (
    <section aria-labelledby="vanity-heading" className="flex flex-col gap-3">
      <h4 id="vanity-heading" className="text-xs font-semibold uppercase tracking-wide text-muted">
        Vanity link
      </h4>
      {children}
    </section>
  );
}
