"use client";

import type { RoleSettings, RoleSettingsView } from "@chat/api/role-views";
import { type DragEvent, useEffect, useRef, useState } from "react";
import { type DropSide, RoleRow } from "./role-row";

interface RoleListProps {
  settings: RoleSettings;
  onOpen(roleId: string): void;
  /** Puts the role at `position` (1: just above @everyone), as roles.move takes it. */
  onMove(roleId: string, position: number): void;
}

interface Drop {
  targetId: string;
  side: DropSide;
}

/**
 * The roles, highest first, @everyone last. A role is moved by dragging its row onto another
 * (a line shows where it lands) or by its arrow buttons; after an arrow the focus stays on that
 * arrow, wherever the row went.
 */
export function RoleList({ settings, onOpen, onMove }: RoleListProps) {
  const ranked = settings.roles.filter((r) => !r.everyone);
  const [dragId, setDragId] = useState<string | null>(null);
  const [drop, setDrop] = useState<Drop | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const refocus = useRef<{ roleId: string; direction: "up" | "down" } | null>(null);
  const order = settings.roles.map((r) => r.id).join(" ");

  // Reordering moves the row's element, which drops the focus its arrow had: give it back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the order changed
  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted || (document.activeElement && document.activeElement !== document.body)) return;
    list.current
      ?.querySelector<HTMLButtonElement>(`li[data-role-id="${wanted.roleId}"] button[data-move="${wanted.direction}"]`)
      ?.focus();
  }, [order]);

  /** The position the dragged role takes when dropped at `drop`, or null where it may not go. */
  const dropPosition = (dragged: string, at: Drop): number | null => {
    const rest = ranked.filter((r) => r.id !== dragged);
    const target = rest.findIndex((r) => r.id === at.targetId);
    const index = target === -1 ? rest.length : at.side === "above" ? target : target + 1;
    // Only below the person's highest role: the role it would sit on must be within their reach.
    const under: RoleSettingsView | undefined = rest[index];
    if (under && !under.withinReach) return null;
    return rest.length + 1 - index;
  };

  const move = (role: RoleSettingsView, step: 1 | -1) => {
    const index = ranked.findIndex((r) => r.id === role.id);
    refocus.current = { roleId: role.id, direction: step === 1 ? "up" : "down" };
    onMove(role.id, ranked.length - index + step);
  };

  const onDragOver = (role: RoleSettingsView) => (event: DragEvent<HTMLLIElement>) => {
    if (!dragId || dragId === role.id) return;
    const box = event.currentTarget.getBoundingClientRect();
    // Nothing goes under @everyone.
    const side: DropSide = !role.everyone && event.clientY > box.top + box.height / 2 ? "below" : "above";
    const at = { targetId: role.id, side };
    if (dropPosition(dragId, at) === null) {
      setDrop(null);
      return;
    }
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    if (drop?.targetId !== at.targetId || drop.side !== at.side) setDrop(at);
  };

  const onDrop = (event: DragEvent<HTMLLIElement>) => {
    event.preventDefault();
    const dragged = dragId;
    const at = drop;
    setDragId(null);
    setDrop(null);
    if (!dragged || !at) return;
    const position = dropPosition(dragged, at);
    const current = ranked.length - ranked.findIndex((r) => r.id === dragged);
    if (position !== null && position !== current) onMove(dragged, position);
  };

  return (
    <ul ref={list} aria-label="Roles" className="flex flex-col gap-2">
      {settings.roles.map((role, index) => (
        <RoleRow
          key={role.id}
          role={role}
          settings={settings}
          above={settings.roles[index - 1]}
          below={settings.roles[index + 1]}
          dropSide={drop?.targetId === role.id ? drop.side : null}
          dragging={dragId === role.id}
          onOpen={() => onOpen(role.id)}
          onMoveUp={() => move(role, 1)}
          onMoveDown={() => move(role, -1)}
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = "move";
            event.dataTransfer.setData("text/plain", role.name);
            refocus.current = null;
            setDragId(role.id);
          }}
          onDragOver={onDragOver(role)}
          onDrop={onDrop}
          onDragEnd={() => {
            setDragId(null);
            setDrop(null);
          }}
        />
      ))}
    </ul>
  );
}
