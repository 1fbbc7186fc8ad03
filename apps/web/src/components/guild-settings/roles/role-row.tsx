"use client";

import type { RoleSettings, RoleSettingsView } from "@chat/api/role-views";
import type { DragEvent } from "react";
import { useId } from "react";
import { BotBadge } from "@/components/ui/bot-badge";
import { MoveButton } from "../shared/move-button";
import { RoleColourDot } from "./role-colour-dot";
import { ArrowDownIcon, ArrowUpIcon, ChevronRightIcon, GripIcon, LockIcon } from "./role-icons";
import { ROLE_PERMISSION_GROUPS } from "./role-permission-groups";
import { moveBlocker, moveDownBlocker, moveUpBlocker } from "./role-reach";

export type DropSide = "above" | "below";

interface RoleRowProps {
  role: RoleSettingsView;
  settings: RoleSettings;
  above: RoleSettingsView | undefined;
  below: RoleSettingsView | undefined;
  /** Where a dragged role would land against this row, if it is being dragged over. */
  dropSide: DropSide | null;
  dragging: boolean;
  onOpen(): void;
  onMoveUp(): void;
  onMoveDown(): void;
  onDragStart(event: DragEvent<HTMLLIElement>): void;
  onDragOver(event: DragEvent<HTMLLIElement>): void;
  onDrop(event: DragEvent<HTMLLIElement>): void;
  onDragEnd(): void;
}

const SHOWN_BITS = ROLE_PERMISSION_GROUPS.flatMap((g) => g.permissions.map((p) => p.bit));

/** The short line under a role's name: why it is out of reach, or what it holds. */
function rowNote(settings: RoleSettings, role: RoleSettingsView): { text: string; locked: boolean } {
  if (role.everyone) return { text: "Every member · always last, only its permissions change", locked: false };
  if (settings.canManageRoles && !role.withinReach) {
    return role.id === settings.highestRoleId
      ? { text: "Your highest role · only roles below it can be changed", locked: true }
      : { text: "Ranks above your highest role · can’t be changed or moved", locked: true };
  }
  if (role.botId !== null) return { text: "A bot’s own role · can’t be edited or deleted", locked: true };
  const held = SHOWN_BITS.filter((bit) => (BigInt(role.permissions) & bit) === bit).length;
  return { text: held === 1 ? "1 permission" : `${held} permissions`, locked: false };
}

/**
 * One role of the list: drag it by its row or move it with the arrow buttons; its name opens
 * the editor. Arrows that can't be used stay in place, marked unavailable with the reason.
 */
export function RoleRow({
  role,
  settings,
  above,
  below,
  dropSide,
  dragging,
  onOpen,
  onMoveUp,
  onMoveDown,
  onDragStart,
  onDragOver,
  onDrop,
  onDragEnd,
}: RoleRowProps) {
  const noteId = useId();
  const upReasonId = useId();
  const downReasonId = useId();
  const note = rowNote(settings, role);
  const draggable = moveBlocker(settings, role) === null;
  const upBlocker = moveUpBlocker(settings, role, above);
  const downBlocker = moveDownBlocker(settings, role, below);
  return (
    <li
      data-testid="role-row"
      data-role-id={role.id}
      draggable={draggable}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDrop={onDrop}
      onDragEnd={onDragEnd}
      className={`relative flex items-center gap-2 rounded-lg bg-panel py-2 pr-2 pl-1.5 ring-1 ring-white/5 ${dragging ? "opacity-50" : ""} ${draggable ? "cursor-grab" : ""}`}
    >
      {dropSide ? (
        <span
          aria-hidden="true"
          className={`absolute right-2 left-2 h-0.5 rounded bg-accent ${dropSide === "above" ? "-top-1.5" : "-bottom-1.5"}`}
        />
      ) : null}
      <span aria-hidden="true" className={`shrink-0 ${draggable ? "text-muted" : "text-transparent"}`}>
        <GripIcon />
      </span>
      <RoleColourDot color={role.color} />
      <div className="min-w-0 flex-1">
        <button
          type="button"
          onClick={onOpen}
          aria-describedby={noteId}
          data-role-open={role.id}
          className="flex max-w-full items-center gap-1.5 rounded text-left font-medium text-white hover:underline"
        >
          <span className="truncate" data-testid="role-name">
            {role.name}
          </span>
          {role.botId ? <BotBadge /> : null}
          <ChevronRightIcon className="shrink-0 text-muted" width={16} height={16} />
        </button>
        <p
          id={noteId}
          className={`flex items-center gap-1 text-xs ${note.locked ? "text-warning-text" : "text-muted"}`}
          data-testid="role-note"
        >
          {note.locked ? <LockIcon width={12} height={12} className="shrink-0" /> : null}
          <span>{note.text}</span>
        </p>
      </div>
      {role.everyone ? null : (
        <div className="flex shrink-0 gap-1">
          <MoveButton
            label={`Move ${role.name} up`}
            blocker={upBlocker}
            reasonId={upReasonId}
            onMove={onMoveUp}
            direction="up"
          >
            <ArrowUpIcon />
          </MoveButton>
          <MoveButton
            label={`Move ${role.name} down`}
            blocker={downBlocker}
            reasonId={downReasonId}
            onMove={onMoveDown}
            direction="down"
          >
            <ArrowDownIcon />
          </MoveButton>
        </div>
      )}
    </li>
  );
}
