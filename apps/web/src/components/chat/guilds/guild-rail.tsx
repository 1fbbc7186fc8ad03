"use client";

import type { GuildView } from "@chat/api";
import Link from "next/link";
import type { ReactNode } from "react";
import { CodeIcon, PlusIcon } from "@/components/ui/icons";
import { Tooltip } from "@/components/ui/tooltip";
import { MentionBadge } from "../read-states/mention-badge";
import { mentionLabel, type ReadStateIndex } from "../read-states/read-state-math";
import { GuildIcon } from "./guild-icon";

function RailItem({
  id,
  label,
  active,
  unread = false,
  mentions = 0,
  children,
}: {
  id: string;
  label: string;
  active: boolean;
  unread?: boolean;
  mentions?: number;
  children: ReactNode;
}) {
  const state = mentionLabel(mentions) ?? (unread ? "Unread messages" : null);
  return (
    <li className="group relative flex w-full justify-center">
      <span
        aria-hidden="true"
        className={`absolute top-1/2 left-0 w-1 -translate-y-1/2 rounded-r-full bg-white transition-all ${active ? "h-10" : unread ? "h-2 group-hover:h-5" : "h-0 group-hover:h-5"}`}
      />
      <Tooltip id={`rail-tip-${id}`} text={label}>
        {children}
      </Tooltip>
      {mentions > 0 ? (
        <MentionBadge
          count={mentions}
          className="pointer-events-none absolute right-2.5 bottom-0 h-5 min-w-5 ring-4 ring-rail"
        />
      ) : null}
      {state ? (
        <span id={`rail-state-${id}`} className="sr-only">
          {state}
        </span>
      ) : null}
    </li>
  );
}

/** The column of guilds on the far left, with "create a guild" and the developer portal. */
export function GuildRail({
  guilds,
  selectedId,
  loading,
  readStates,
  onCreate,
}: {
  guilds: GuildView[];
  selectedId: string | null;
  loading: boolean;
  readStates: ReadStateIndex;
  onCreate(): void;
}) {
  return (
    <nav
      aria-label="Guilds"
      className="scroll-thin flex w-[72px] shrink-0 flex-col items-center overflow-y-auto bg-rail py-3"
    >
      <ul className="flex w-full flex-col items-center gap-2">
        <RailItem
          id="home"
          label="Home"
          active={selectedId === null}
          unread={selectedId !== null && readStates.home.unread}
          mentions={readStates.home.mentions}
        >
          <Link
            href="/channels/@me"
            aria-label="Home"
            aria-current={selectedId === null ? "page" : undefined}
            aria-describedby={
              readStates.home.mentions > 0 || (selectedId !== null && readStates.home.unread)
                ? "rail-tip-home rail-state-home"
                : "rail-tip-home"
            }
            data-testid="home-link"
            className={`grid size-12 place-items-center rounded-[24px] text-lg font-bold transition-all hover:rounded-2xl ${selectedId === null ? "rounded-2xl bg-accent-strong text-white" : "bg-panel text-text hover:bg-accent-strong hover:text-white"}`}
          >
            <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
              <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.2 3.6A.5.5 0 0 1 5 19.2V16a1 1 0 0 1-1-1V5.5z" />
            </svg>
          </Link>
        </RailItem>
        <li aria-hidden="true" className="h-0.5 w-8 rounded bg-line" />
        {loading && guilds.length === 0 ? (
          <li className="size-12 animate-pulse rounded-[24px] bg-panel" aria-label="Loading guilds" />
        ) : null}
        {guilds.map((guild) => {
          const active = guild.id === selectedId;
          const badge = readStates.byGuild.get(guild.id);
          const unread = !active && (badge?.unread ?? false);
          const mentions = badge?.mentions ?? 0;
          return (
            <RailItem
              key={guild.id}
              id={guild.id}
              label={guild.name}
              active={active}
              unread={unread}
              mentions={mentions}
            >
              <Link
                href={`/channels/${guild.id}`}
                aria-label={guild.name}
                aria-current={active ? "page" : undefined}
                aria-describedby={
                  unread || mentions > 0 ? `rail-tip-${guild.id} rail-state-${guild.id}` : `rail-tip-${guild.id}`
                }
                data-unread={unread ? "true" : undefined}
                data-testid="guild-link"
                className={`grid size-12 place-items-center overflow-hidden text-[15px] font-semibold transition-all ${active ? "rounded-2xl bg-accent-strong text-white" : "rounded-[24px] bg-panel text-text hover:rounded-2xl hover:bg-accent-strong hover:text-white"}`}
              >
                <GuildIcon guild={guild} />
              </Link>
            </RailItem>
          );
        })}
        <RailItem id="create" label="Create a guild" active={false}>
          <button
            type="button"
            onClick={onCreate}
            aria-label="Create a guild"
            aria-describedby="rail-tip-create"
            className="grid size-12 place-items-center rounded-[24px] bg-panel text-success transition-all hover:rounded-2xl hover:bg-success hover:text-white"
          >
            <PlusIcon width={24} height={24} />
          </button>
        </RailItem>
        <RailItem id="developers" label="Developer portal" active={false}>
          <Link
            href="/developers"
            aria-label="Developer portal"
            aria-describedby="rail-tip-developers"
            className="grid size-12 place-items-center rounded-[24px] bg-panel text-muted transition-all hover:rounded-2xl hover:bg-raised hover:text-text"
          >
            <CodeIcon width={22} height={22} />
          </Link>
        </RailItem>
      </ul>
    </nav>
  );
}
