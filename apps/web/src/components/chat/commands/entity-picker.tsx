"use client";

import type { CommandOptionView } from "@chat/api/views";
import { useGuildEntities } from "./use-guild-entities";

const KIND = { 6: "member", 7: "channel", 8: "role", 9: "member or role" } as const;

/**
 * A user, role, channel or mentionable option: the guild's members, roles or channels (of the
 * option's channel types) to choose from, as a native select (typing a name jumps to it).
 */
export function EntityPicker({
  id,
  option,
  value,
  invalid,
  onChange,
  ...aria
}: {
  id: string;
  option: CommandOptionView;
  value: string;
  invalid: boolean;
  onChange(value: string | undefined): void;
  "aria-describedby": string;
  "aria-invalid"?: boolean;
  "aria-required"?: boolean;
}) {
  const entities = useGuildEntities(
    option.type === 6 || option.type === 9,
    option.type === 8 || option.type === 9,
    option.type === 7,
  );
  const what = KIND[option.type as keyof typeof KIND];
  const channels = entities.channels.filter((c) =>
    option.channelTypes.length > 0 ? option.channelTypes.includes(c.type) : c.kind !== "category",
  );
  return (
    <select
      id={id}
      {...aria}
      value={value}
      disabled={entities.loading}
      onChange={(e) => onChange(e.target.value || undefined)}
      className={`h-10 w-full rounded-md border bg-field px-2 text-[15px] text-text focus:outline-none focus-visible:outline-2 focus-visible:outline-accent ${invalid ? "border-danger" : "border-line"}`}
    >
      <option value="">
        {entities.loading ? "Loading…" : entities.error ? `Could not load the list of ${what}s` : `Choose a ${what}`}
      </option>
      {entities.members.length > 0 ? (
        <optgroup label="Members">
          {entities.members.map((m) => (
            <option key={m.user.id} value={m.user.id}>
              {(m.nick ?? m.user.displayName) +
                (m.user.bot ? " (bot)" : "") +
                (m.nick || m.user.displayName !== m.user.username ? ` — ${m.user.username}` : "")}
            </option>
          ))}
        </optgroup>
      ) : null}
      {entities.roles.length > 0 ? (
        <optgroup label="Roles">
          {entities.roles.map((r) => (
            <option key={r.id} value={r.id}>
              {r.everyone ? r.name : `@${r.name}`}
            </option>
          ))}
        </optgroup>
      ) : null}
      {channels.length > 0 ? (
        <optgroup label="Channels">
          {channels.map((c) => (
            <option key={c.id} value={c.id}>
              {c.kind === "voice" ? `🔊 ${c.name}` : `# ${c.name}`}
            </option>
          ))}
        </optgroup>
      ) : null}
    </select>
  );
}
