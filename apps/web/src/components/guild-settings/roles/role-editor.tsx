"use client";

import type { RoleSettings, RoleSettingsView } from "@chat/api/role-views";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { SettingSwitch } from "@/components/ui/setting-switch";
import { TextField } from "@/components/ui/text-field";
import { errorMessage, fieldErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { DeleteRole } from "./delete-role";
import { RoleColourDot } from "./role-colour-dot";
import { RoleColourField } from "./role-colour-field";
import { changesOf, fieldsOf, hasChanges, type RoleFields } from "./role-draft";
import { ChevronLeftIcon } from "./role-icons";
import { RolePermissionsField } from "./role-permissions-field";
import { displayBlocker, editBlocker } from "./role-reach";
import { roleRefusalMessage } from "./role-refusal";
import { RoleSaveBar } from "./role-save-bar";

interface RoleEditorProps {
  guildId: string;
  settings: RoleSettings;
  role: RoleSettingsView;
  onBack(): void;
  onDeleted(name: string): void;
  announce(text: string): void;
}

/**
 * One role: its name, colour and display switches, its permissions, and Delete. Changes wait in
 * a draft until saved (the bar at the bottom); leaving with unsaved changes is held back. While
 * nothing is changed here the fields follow the role as others change it.
 */
export function RoleEditor({ guildId, settings, role, onBack, onDeleted, announce }: RoleEditorProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const saved = fieldsOf(role);
  const [draft, setDraft] = useState<RoleFields | null>(null);
  const [nameErrors, setNameErrors] = useState<string[]>([]);
  const [held, setHeld] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = draft ?? saved;
  const dirty = hasChanges(saved, draft);
  const blocker = editBlocker(settings, role);
  const fixedDisplay = displayBlocker(settings, role);

  useEffect(() => heading.current?.focus(), []);

  const save = useMutation(
    trpc.roles.update.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.roles.settings.queryKey({ guildId }) });
        setDraft(null);
        setHeld(false);
        announce(`${shown.name.trim() || role.name} saved.`);
      },
      onError: (error) => setNameErrors(fieldErrors(error).name ?? []),
    }),
  );

  const change = (patch: Partial<RoleFields>) => {
    save.reset();
    setDraft({ ...shown, ...patch });
  };

  const submit = () => {
    if (!draft) return;
    if (!role.everyone && draft.name.trim() === "") {
      setNameErrors(["A role needs a name."]);
      return;
    }
    setNameErrors([]);
    save.mutate({ guildId, roleId: role.id, ...changesOf(saved, draft) });
  };

  const reset = () => {
    save.reset();
    setDraft(null);
    setNameErrors([]);
    setHeld(false);
  };

  return (
    <div className="flex flex-col gap-6 pb-24" data-testid="role-editor">
      <div className="flex flex-col gap-3">
        <button
          type="button"
          onClick={() => (dirty ? setHeld(true) : onBack())}
          className="flex w-fit items-center gap-1 rounded text-sm font-medium text-muted hover:text-text"
        >
          <ChevronLeftIcon width={16} height={16} />
          All roles
        </button>
        <h4
          ref={heading}
          tabIndex={-1}
          className="flex items-center gap-2 text-lg font-semibold text-white focus:outline-none"
        >
          <RoleColourDot color={shown.color} size="size-4" />
          <span className="truncate">Edit role — {role.name}</span>
        </h4>
        {blocker ? (
          <Alert tone="warning" title="You can look, not change">
            <span data-testid="role-edit-reason">{blocker}</span>
          </Alert>
        ) : null}
      </div>

      <section aria-label="Display" className="flex flex-col gap-4">
        <h5 className="border-b border-line pb-2 text-xs font-bold uppercase tracking-wide text-muted">Display</h5>
        {fixedDisplay && !blocker ? <p className="text-sm text-warning-text">{fixedDisplay}</p> : null}
        <TextField
          label="Role name"
          value={shown.name}
          maxLength={100}
          disabled={fixedDisplay !== null}
          errors={nameErrors}
          onChange={(event) => {
            setNameErrors([]);
            change({ name: event.target.value });
          }}
        />
        <RoleColourField color={shown.color} disabled={fixedDisplay !== null} onChange={(color) => change({ color })} />
        <div className="divide-y divide-line/60">
          <SettingSwitch
            label="Show members separately"
            explanation="Members holding this role get their own group in the member list."
            checked={shown.hoist}
            disabled={fixedDisplay !== null}
            onChange={(hoist) => change({ hoist })}
          />
          <SettingSwitch
            label="Allow anyone to @mention this role"
            explanation={`Anyone can write @${shown.name.trim() || "role"} to notify everyone holding it. Members with Mention Everyone can always mention it.`}
            checked={shown.mentionable}
            disabled={fixedDisplay !== null}
            onChange={(mentionable) => change({ mentionable })}
          />
        </div>
      </section>

      <section aria-label="Permissions" className="flex flex-col gap-2">
        <h5 className="text-base font-semibold text-white">Permissions</h5>
        <p className="text-sm text-muted">
          {role.everyone
            ? "What every member of the guild may do, whatever other roles they hold."
            : "What members holding this role may do, on top of what @everyone may."}
        </p>
        <RolePermissionsField
          settings={settings}
          permissions={shown.permissions}
          saved={saved.permissions}
          disabled={blocker !== null}
          onChange={(permissions) => change({ permissions })}
        />
      </section>

      <DeleteRole guildId={guildId} settings={settings} role={role} onDeleted={onDeleted} />

      {dirty || save.isPending ? (
        <RoleSaveBar
          held={held}
          busy={save.isPending}
          error={save.error ? roleRefusalMessage(save.error, errorMessage(save.error)) : null}
          onReset={reset}
          onSave={submit}
        />
      ) : null}
    </div>
  );
}
