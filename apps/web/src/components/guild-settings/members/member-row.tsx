"use client";

import type { MemberView, RoleView } from "@chat/api";
import { useCallback, useId, useState } from "react";
import { MoreButton } from "@/components/chat/commands/apps-menu";
import { ContextMenu, type MenuAnchor, type MenuItem } from "@/components/chat/commands/context-menu";
import { Avatar } from "@/components/ui/avatar";
import { BotBadge } from "@/components/ui/bot-badge";
import type { Ability, MemberAbilities } from "./member-abilities";
import { RoleChips } from "./role-chips";

/** What a member's menu asks of the section. */
export interface MemberRowActions {
  toggleRole(member: MemberView, role: RoleView, give: boolean): void;
  kick(member: MemberView): void;
  ban(member: MemberView): void;
}

export const memberName = (member: MemberView) => member.nick ?? member.user.displayName;

/** A menu item that is either available or shown unavailable with its reason as the hint. */
function item(key: string, label: string, ability: Ability, onSelect: () => void): MenuItem {
  return ability.allowed ? { key, label, onSelect } : { key, label, disabled: true, hint: ability.reason };
}

/**
 * One member: picture, name (BOT for bots), username and role chips; "…" opens their menu:
 * Roles (give and take, each role on or off), Kick or for a bot Remove bot, and Ban. What the
 * viewer may not do stays in the menu, unavailable, with the reason beside it.
 */
export function MemberRow({
  member,
  roles,
  abilities,
  actions,
}: {
  member: MemberView;
  roles: RoleView[];
  abilities: MemberAbilities;
  actions: MemberRowActions;
}) {
  const name = memberName(member);
  const noteId = useId();
  const [menu, setMenu] = useState<{ anchor: MenuAnchor; button: HTMLElement } | null>(null);
  const close = useCallback(() => setMenu(null), []);
  const bot = member.user.bot;

  const items: MenuItem[] = [
    abilities.roles.allowed
      ? {
          key: "roles",
          label: "Roles",
          submenu: {
            label: `Roles of ${name}`,
            empty: "This guild has no roles yet",
            items: abilities.roleChoices.map(({ role, held, ability }) => ({
              ...item(role.id, role.name, ability, () => actions.toggleRole(member, role, !held)),
              checked: held,
            })),
          },
        }
      : item("roles", "Roles", abilities.roles, () => {}),
    item("kick", bot ? "Remove bot…" : "Kick…", abilities.kick, () => actions.kick(member)),
    ...(bot ? [] : [item("ban", "Ban…", abilities.ban, () => actions.ban(member))]),
  ];

  return (
    <li
      data-testid="guild-member"
      data-user-id={member.user.id}
      className="flex items-start gap-3 rounded-lg bg-panel p-3 ring-1 ring-white/5"
    >
      <Avatar id={member.user.id} name={name} picture={member.user.avatar} size="md" />
      <div className="min-w-0 flex-1">
        <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
          <span className="truncate font-medium text-white" data-testid="member-name">
            {name}
          </span>
          {bot ? <BotBadge /> : null}
          {abilities.note ? (
            <span id={noteId} className="text-xs text-muted" data-testid="member-note">
              {abilities.note}
            </span>
          ) : null}
        </p>
        {member.user.username === name ? null : <p className="truncate text-sm text-muted">{member.user.username}</p>}
        <RoleChips roles={roles} label={`Roles of ${name}`} />
      </div>
      <MoreButton
        label={`Actions for ${name}`}
        describedBy={abilities.note ? noteId : undefined}
        expanded={menu !== null}
        onOpen={(button) => {
          const box = button.getBoundingClientRect();
          setMenu({ anchor: { x: box.left, y: box.bottom + 4 }, button });
        }}
        className="mt-1.5"
      />
      {menu ? (
        <ContextMenu
          label={`Actions for ${name}`}
          items={items}
          anchor={menu.anchor}
          returnFocus={menu.button}
          onClose={close}
        />
      ) : null}
    </li>
  );
}
