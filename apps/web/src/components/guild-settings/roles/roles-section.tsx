"use client";

import type { RoleSettings } from "@chat/api/role-views";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { SectionLoading } from "../shared/section-loading";
import type { GuildSettingsSectionProps } from "../shared/section-props";
import { RoleEditor } from "./role-editor";
import { RoleList } from "./role-list";
import { roleRefusalMessage } from "./role-refusal";
import { useRoleMove } from "./use-role-move";

/**
 * The guild's roles, highest first: create one, open one to edit it, reorder them by dragging
 * or with the arrows. Everyone may look; changing needs Manage Roles and reaches only below the
 * person's highest role (the owner excepted). The list follows other people's changes live.
 */
export function RolesSection({ guild }: GuildSettingsSectionProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settingsKey = trpc.roles.settings.queryKey({ guildId: guild.id });
  const settings = useQuery({ ...trpc.roles.settings.queryOptions({ guildId: guild.id }), refetchOnMount: "always" });
  const [openId, setOpenId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const backTo = useRef<string | null>(null);
  const intro = useId();
  const move = useRoleMove(guild.id, (name, place, of) => setAnnouncement(`${name} moved to place ${place} of ${of}.`));
  const create = useMutation(
    trpc.roles.create.mutationOptions({
      onSuccess: async ({ id }) => {
        await queryClient.invalidateQueries({ queryKey: settingsKey });
        setAnnouncement("Role created.");
        setOpenId(id);
      },
    }),
  );

  const data = settings.data;
  const open = openId ? data?.roles.find((r) => r.id === openId) : undefined;

  // The open role was deleted (here or by someone else): back to the list, saying so.
  useEffect(() => {
    if (openId && data && !open) {
      setOpenId(null);
      setNotice((current) => current ?? "The role you had open was deleted.");
    }
  }, [openId, data, open]);

  // Back from a role: the focus returns to its name in the list.
  useEffect(() => {
    if (openId || !backTo.current) return;
    document.querySelector<HTMLButtonElement>(`button[data-role-open="${backTo.current}"]`)?.focus();
    backTo.current = null;
  }, [openId]);

  if (settings.error)
    return <Alert tone="error">{errorMessage(settings.error, "The roles could not be loaded. Try again.")}</Alert>;
  if (!data) return <SectionLoading label="Loading roles" />;

  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {open ? (
        <RoleEditor
          key={open.id}
          guildId={guild.id}
          settings={data}
          role={open}
          announce={setAnnouncement}
          onBack={() => {
            backTo.current = open.id;
            setOpenId(null);
          }}
          onDeleted={(name) => {
            setNotice(`${name} was deleted.`);
            setOpenId(null);
          }}
        />
      ) : (
        <>
          <div className="flex flex-wrap items-start gap-3">
            <p id={intro} className="min-w-0 flex-1 text-sm text-muted">
              {introText(data)}
            </p>
            <Button
              size="sm"
              busy={create.isPending}
              aria-disabled={data.canManageRoles ? undefined : true}
              aria-describedby={data.canManageRoles ? undefined : intro}
              className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
              onClick={() => {
                setNotice(null);
                if (data.canManageRoles) create.mutate({ guildId: guild.id, name: "new role" });
              }}
            >
              <PlusIcon width={16} height={16} />
              Create role
            </Button>
          </div>
          {notice ? <Alert tone="info">{notice}</Alert> : null}
          {create.error ? (
            <Alert tone="error">{roleRefusalMessage(create.error, errorMessage(create.error))}</Alert>
          ) : null}
          {move.error ? <Alert tone="error">{roleRefusalMessage(move.error, errorMessage(move.error))}</Alert> : null}
          {data.roles.length === 1 ? (
            <div className="rounded-lg border border-dashed border-line px-6 py-6 text-center" data-testid="no-roles">
              <p className="font-semibold text-white">Only @everyone so far</p>
              <p className="mt-1 text-sm text-muted">
                Roles group members and give them permissions. Create one to start.
              </p>
            </div>
          ) : null}
          <RoleList
            settings={data}
            onOpen={(id) => {
              setNotice(null);
              setOpenId(id);
            }}
            onMove={(roleId, position) => move.mutate({ guildId: guild.id, roleId, position })}
          />
        </>
      )}
    </div>
  );
}

function introText(settings: RoleSettings): string {
  if (!settings.canManageRoles)
    return "The guild’s roles, highest first. Changing them needs the Manage Roles permission.";
  if (settings.owner)
    return "Highest first: a member’s highest role decides whom they can manage. Drag a role or use its arrows to move it.";
  const highest = settings.roles.find((r) => r.id === settings.highestRoleId);
  return `Highest first. You can change and move the roles below your highest role${highest && !highest.everyone ? `, ${highest.name}` : ""}. Drag a role or use its arrows to move it.`;
}
