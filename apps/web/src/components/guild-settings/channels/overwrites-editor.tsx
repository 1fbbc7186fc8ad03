"use client";

import type { ChannelSettingsView, OverwriteView } from "@chat/api/channel-settings-views";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SELECT_CLASS } from "@/components/ui/select-class";
import { errorMessage, isForbidden } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { RoleColourDot } from "../roles/role-colour-dot";
import { RoleSaveBar } from "../roles/role-save-bar";
import { bitBlocker, overwritesBlocker } from "./channel-reach";
import { EffectivePermissions } from "./effective-permissions";
import { channelPermissionGroups, sameOverwrites, stateOf, withState } from "./overwrite-draft";
import { listedTargets, type OverwriteTarget, overwriteTargets } from "./overwrite-targets";
import { PermissionStateField } from "./permission-state-field";

const refusal = (error: unknown) =>
  isForbidden(error)
    ? "That change is out of your reach: you can only change permissions for roles and members below you, and only permissions you have here."
    : errorMessage(error);

/**
 * Who may do what in one channel or category: per role and member, each permission allowed,
 * neutral or denied; "sync with category" for a channel in one; and what a chosen member ends
 * up with, as the server's permissions engine computes it from the unsaved changes.
 */
export function OverwritesEditor({
  guildId,
  meId,
  channel,
  category,
}: {
  guildId: string;
  meId: string;
  channel: ChannelSettingsView;
  category: ChannelSettingsView | null;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const roles = useQuery(trpc.roles.settings.queryOptions({ guildId }));
  const members = useQuery(trpc.guilds.members.queryOptions({ guildId }));
  const standing = useQuery(trpc.moderation.standing.queryOptions({ guildId }));
  const [base, setBase] = useState(channel.overwrites);
  const [draft, setDraft] = useState(channel.overwrites);
  const [selectedId, setSelectedId] = useState(guildId);
  const [held, setHeld] = useState(false);
  const addId = useId();
  const blockerId = useId();

  // Saved elsewhere (another tab, another person): an untouched draft follows.
  useEffect(() => {
    if (sameOverwrites(channel.overwrites, base)) return;
    if (sameOverwrites(draft, base)) setDraft(channel.overwrites);
    setBase(channel.overwrites);
  }, [channel.overwrites, base, draft]);

  const saved = () => queryClient.invalidateQueries({ queryKey: trpc.channelSettings.list.queryKey({ guildId }) });
  const save = useMutation(trpc.channelSettings.setOverwrites.mutationOptions({ onSuccess: saved }));
  const sync = useMutation(trpc.channelSettings.setOverwrites.mutationOptions({ onSuccess: saved }));

  const blocker = overwritesBlocker(channel);
  const all = overwriteTargets({ guildId, meId, roles: roles.data, members: members.data, standing: standing.data });
  const listed = listedTargets(all, draft, guildId);
  const addable = all.filter((t) => t.id !== guildId && !draft.some((o) => o.id === t.id));
  const selected = listed.find((t) => t.id === selectedId) ?? listed[0];
  const entry: OverwriteView | undefined = selected
    ? (draft.find((o) => o.id === selected.id) ?? { id: selected.id, type: selected.type, allow: "0", deny: "0" })
    : undefined;
  const dirty = !sameOverwrites(draft, channel.overwrites);
  const synced = category ? sameOverwrites(channel.overwrites, category.overwrites) : false;

  function change(next: OverwriteView) {
    setHeld(false);
    setDraft((current) => [...current.filter((o) => o.id !== next.id), next]);
  }

  function add(target: OverwriteTarget) {
    change({ id: target.id, type: target.type, allow: "0", deny: "0" });
    setSelectedId(target.id);
  }

  return (
    <section aria-labelledby={`${blockerId}-title`} className="flex flex-col gap-4">
      <div>
        <h4 id={`${blockerId}-title`} className="text-base font-semibold text-white">
          Permissions
        </h4>
        <p id={blockerId} className={`mt-1 text-sm ${blocker ? "text-warning-text" : "text-muted"}`}>
          {blocker ??
            "What a role or member may do here, over what their roles give them. A member’s own setting beats their roles’; allow beats deny between roles."}
        </p>
      </div>

      {category ? (
        <div
          className="flex flex-wrap items-center gap-3 rounded-lg bg-panel px-4 py-3 ring-1 ring-white/5"
          data-testid="sync-state"
        >
          <p className="min-w-0 flex-1 text-sm text-text">
            {synced
              ? `In sync with ${category.name}: the same permissions as the category.`
              : `Not in sync with ${category.name}: this channel has permissions of its own.`}
          </p>
          {synced ? null : (
            <Button
              size="sm"
              variant="secondary"
              busy={sync.isPending}
              aria-disabled={blocker ? true : undefined}
              aria-describedby={blocker ? blockerId : undefined}
              className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
              onClick={() => {
                if (blocker) return;
                sync.mutate(
                  { channelId: channel.id, overwrites: category.overwrites },
                  { onSuccess: () => setDraft(category.overwrites) },
                );
              }}
            >
              Sync with {category.name}
            </Button>
          )}
          {sync.error ? (
            <Alert tone="error" className="w-full">
              {refusal(sync.error)}
            </Alert>
          ) : null}
        </div>
      ) : null}

      <div className="flex flex-col gap-4 md:flex-row">
        <div className="flex flex-col gap-2 md:w-56 md:shrink-0">
          <ul aria-label="Roles and members with settings here" className="flex flex-col gap-1">
            {listed.map((target) => (
              <li key={target.id}>
                <button
                  type="button"
                  aria-pressed={target.id === selected?.id}
                  onClick={() => setSelectedId(target.id)}
                  className={`flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm ${target.id === selected?.id ? "bg-hover text-white" : "text-muted hover:bg-hover/60 hover:text-text"}`}
                >
                  {target.type === 0 ? (
                    <RoleColourDot color={target.color} />
                  ) : (
                    <span aria-hidden="true" className="text-faint">
                      @
                    </span>
                  )}
                  <span className="truncate">{target.name}</span>
                  <span className="sr-only">{target.type === 0 ? "(role)" : "(member)"}</span>
                </button>
              </li>
            ))}
          </ul>
          <label htmlFor={addId} className="mt-1 text-xs font-semibold uppercase tracking-wide text-muted">
            Add a role or member
          </label>
          <select
            id={addId}
            className={SELECT_CLASS}
            value=""
            disabled={blocker !== null}
            aria-describedby={blocker ? blockerId : undefined}
            onChange={(event) => {
              const target = addable.find((t) => t.id === event.currentTarget.value);
              if (target) add(target);
            }}
          >
            <option value="">Choose…</option>
            <optgroup label="Roles">
              {addable
                .filter((t) => t.type === 0)
                .map((t) => (
                  <option key={t.id} value={t.id} disabled={t.blocker !== null}>
                    {t.name}
                  </option>
                ))}
            </optgroup>
            <optgroup label="Members">
              {addable
                .filter((t) => t.type === 1)
                .map((t) => (
                  <option key={t.id} value={t.id} disabled={t.blocker !== null}>
                    {t.name}
                  </option>
                ))}
            </optgroup>
          </select>
        </div>

        {selected && entry ? (
          <div className="min-w-0 flex-1" data-testid="overwrite-permissions">
            <div className="flex flex-wrap items-center gap-2">
              <h5 className="min-w-0 flex-1 truncate font-semibold text-white">{selected.name}</h5>
              {selected.id !== guildId && draft.some((o) => o.id === selected.id) ? (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={blocker !== null || selected.blocker !== null}
                  onClick={() => {
                    setDraft((current) => current.filter((o) => o.id !== selected.id));
                    setSelectedId(guildId);
                  }}
                >
                  Remove {selected.name}
                </Button>
              ) : null}
            </div>
            {selected.blocker ? <p className="mt-1 text-sm text-warning-text">{selected.blocker}</p> : null}
            {channelPermissionGroups(channel.kind).map((group) => (
              <fieldset key={group.title} className="mt-4">
                <legend className="text-xs font-semibold uppercase tracking-wide text-muted">{group.title}</legend>
                <div className="divide-y divide-line">
                  {group.permissions.map((permission) => (
                    <PermissionStateField
                      key={permission.label}
                      label={permission.label}
                      explanation={permission.explanation}
                      state={stateOf(entry, permission.bit)}
                      note={blocker ?? selected.blocker ?? bitBlocker(channel, permission.bit)}
                      onChange={(state) => change(withState(entry, permission.bit, state))}
                    />
                  ))}
                </div>
              </fieldset>
            ))}
          </div>
        ) : null}
      </div>

      <EffectivePermissions channel={channel} draft={draft} members={members.data ?? []} />

      {dirty ? (
        <RoleSaveBar
          held={held}
          busy={save.isPending}
          error={save.error ? refusal(save.error) : null}
          onReset={() => {
            setHeld(false);
            setDraft(channel.overwrites);
          }}
          onSave={() => save.mutate({ channelId: channel.id, overwrites: draft })}
        />
      ) : null}
    </section>
  );
}
