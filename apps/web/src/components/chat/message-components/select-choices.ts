"use client";

import type { SelectView } from "@chat/api/views";
import { useGuildEntities } from "../commands/use-guild-entities";

export interface SelectChoice {
  value: string;
  label: string;
  description: string | null;
  emoji: SelectView["options"][number]["emoji"];
}

/**
 * What a select offers: a string select its own options; a user, role, mentionable or
 * channel select the guild's members, roles or channels (of its channel types).
 */
export function useSelectChoices(select: SelectView, open: boolean): { choices: SelectChoice[]; loading: boolean } {
  const kind = select.selectKind;
  const entities = useGuildEntities(
    open && (kind === "user" || kind === "mentionable"),
    open && (kind === "role" || kind === "mentionable"),
    open && kind === "channel",
  );
  if (kind === "string")
    return {
      choices: select.options.map((o) => ({
        value: o.value,
        label: o.label,
        description: o.description,
        emoji: o.emoji,
      })),
      loading: false,
    };
  const members = entities.members.map((m) => ({
    value: m.user.id,
    label: m.nick ?? m.user.displayName,
    description: m.user.bot ? "Bot" : m.user.username,
    emoji: null,
  }));
  const roles = entities.roles.map((r) => ({
    value: r.id,
    label: r.everyone ? r.name : `@${r.name}`,
    description: "Role",
    emoji: null,
  }));
  const channels = entities.channels
    .filter((c) => (select.channelTypes.length > 0 ? select.channelTypes.includes(c.type) : c.kind !== "category"))
    .map((c) => ({
      value: c.id,
      label: `${c.kind === "voice" ? "🔊" : "#"} ${c.name}`,
      description: null,
      emoji: null,
    }));
  return { choices: [...members, ...roles, ...channels], loading: entities.loading };
}

/** What is chosen before the person picks: a string select's default options, or the select's default values. */
export function initialValues(select: SelectView): string[] {
  return select.selectKind === "string"
    ? select.options.filter((o) => o.default).map((o) => o.value)
    : select.defaultValues.map((d) => d.id);
}
