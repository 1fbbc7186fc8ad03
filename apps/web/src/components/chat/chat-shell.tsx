"use client";

import type { ChannelView, GuildView, UserView } from "@chat/api";
import { useParams, useRouter } from "next/navigation";
import { type ReactNode, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { GearIcon, UserPlusIcon } from "@/components/ui/icons";
import { isUnauthorized } from "@/lib/errors";
import { sendToLogin } from "@/lib/return-path";
import { trpc } from "@/lib/trpc";
import { useQuery } from "@/lib/use-query";
import { ChannelList } from "./channel-list";
import { CreateChannelDialog } from "./create-channel-dialog";
import { CreateGuildDialog } from "./create-guild-dialog";
import { GuildRail } from "./guild-rail";
import { GuildSettingsDialog } from "./guild-settings-dialog";
import { InviteDialog } from "./invite-dialog";
import { MemberList } from "./member-list";
import { MessagePane } from "./message-pane";
import { UserBar } from "./user-bar";

const ID = /^[0-9]{1,19}$/;

/** The chat: guild rail, channel sidebar, message pane and member list. The URL holds the selection. */
export function ChatShell({ me }: { me: UserView }) {
  const params = useParams<{ ids?: string[] }>();
  const [rawGuildId, rawChannelId] = params.ids ?? [];
  const guildId = rawGuildId && ID.test(rawGuildId) ? rawGuildId : null;
  const channelId = rawChannelId && ID.test(rawChannelId) ? rawChannelId : null;
  const router = useRouter();
  const [creating, setCreating] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [inviteOpen, setInviteOpen] = useState(false);
  const [creatingChannel, setCreatingChannel] = useState(false);

  const guilds = useQuery("guilds", () => trpc.guilds.list.query());
  const channels = useQuery(guildId ? `channels:${guildId}` : null, () => trpc.guilds.channels.query({ guildId: guildId as string }));
  const guild = guilds.data?.find((g) => g.id === guildId) ?? null;
  const channel = channels.data?.find((c) => c.id === channelId && c.kind === "text") ?? null;

  useEffect(() => {
    if (isUnauthorized(guilds.error) || isUnauthorized(channels.error)) sendToLogin();
  }, [guilds.error, channels.error]);

  useEffect(() => {
    if (!guildId || channelId || !channels.data) return;
    const first = channels.data.find((c) => c.kind === "text");
    if (first) router.replace(`/channels/${guildId}/${first.id}`);
  }, [guildId, channelId, channels.data, router]);

  function created(newGuild: GuildView, firstChannelId: string | null) {
    setCreating(false);
    guilds.setData((list) => [...(list ?? []).filter((g) => g.id !== newGuild.id), newGuild]);
    router.push(firstChannelId ? `/channels/${newGuild.id}/${firstChannelId}` : `/channels/${newGuild.id}`);
  }

  function channelCreated(created: ChannelView) {
    setCreatingChannel(false);
    channels.setData((list) => [...(list ?? []).filter((c) => c.id !== created.id), created]);
    if (created.kind === "text" && guildId) router.push(`/channels/${guildId}/${created.id}`);
  }

  function renamed(name: string) {
    setSettingsOpen(false);
    guilds.setData((list) => (list ?? []).map((g) => (g.id === guildId ? { ...g, name } : g)));
  }

  function deleted() {
    setSettingsOpen(false);
    guilds.setData((list) => (list ?? []).filter((g) => g.id !== guildId));
    router.push("/channels");
  }

  const unknownGuild = rawGuildId !== undefined && (guildId === null || (guilds.data !== undefined && !guild) || (channels.error !== null && !channels.data));

  return (
    <div className="flex h-screen overflow-hidden">
      <GuildRail guilds={guilds.data ?? []} selectedId={guildId} loading={guilds.loading} onCreate={() => setCreating(true)} />
      <div className="flex w-60 shrink-0 flex-col bg-panel">
        <header className="flex h-12 shrink-0 items-center gap-2 border-b border-black/25 px-4 shadow-sm">
          <h2 className="min-w-0 flex-1 truncate font-semibold text-white" data-testid="sidebar-title">
            {guild ? guild.name : guildId ? "" : "Home"}
          </h2>
          {guild ? (
            <>
              <HeaderButton label="Invite people" onClick={() => setInviteOpen(true)}>
                <UserPlusIcon width={18} height={18} />
              </HeaderButton>
              <HeaderButton label="Guild settings" onClick={() => setSettingsOpen(true)}>
                <GearIcon width={18} height={18} />
              </HeaderButton>
            </>
          ) : null}
        </header>
        {guild && channels.data ? (
          <ChannelList guildId={guild.id} channels={channels.data} selectedId={channelId} onCreate={guild.canManage ? () => setCreatingChannel(true) : undefined} />
        ) : guildId && !unknownGuild ? (
          <div className="flex-1 space-y-2 px-4 pt-5" role="status" aria-busy="true" aria-label="Loading channels">
            {[60, 80, 50].map((w) => (
              <div key={w} className="h-4 animate-pulse rounded bg-raised" style={{ width: `${w}%` }} />
            ))}
          </div>
        ) : (
          <div className="flex-1 px-4 pt-5 text-sm text-faint">{guildId ? null : "Pick a guild on the left, or create one."}</div>
        )}
        <UserBar me={me} />
      </div>
      <main className="flex min-w-0 flex-1 bg-chat">
        {unknownGuild ? (
          <EmptyState title="Guild not found" text="It doesn’t exist, or you’re not a member." />
        ) : !guildId ? (
          <Home me={me} guildCount={guilds.data?.length ?? null} onCreate={() => setCreating(true)} />
        ) : channel ? (
          <MessagePane key={channel.id} channel={channel} me={me} />
        ) : channels.data && channelId ? (
          <EmptyState title="Channel not found" text="It doesn’t exist, or you can’t see it." />
        ) : (
          <div className="flex-1" />
        )}
        {guild ? <MemberList guildId={guild.id} /> : null}
      </main>
      {guild ? (
        <CreateChannelDialog key={`channel-${guild.id}`} guildId={guild.id} open={creatingChannel} onClose={() => setCreatingChannel(false)} onCreated={channelCreated} />
      ) : null}
      {guild ? <InviteDialog key={`invite-${guild.id}`} guild={guild} channelId={channel?.id ?? null} open={inviteOpen} onClose={() => setInviteOpen(false)} /> : null}
      {guild ? <GuildSettingsDialog key={guild.id} guild={guild} open={settingsOpen} onClose={() => setSettingsOpen(false)} onRenamed={renamed} onDeleted={deleted} /> : null}
      <CreateGuildDialog open={creating} defaultName={`${me.displayName}'s guild`} onClose={() => setCreating(false)} onCreated={created} />
    </div>
  );
}

/** An icon button in the sidebar header; its label is its accessible name and tooltip. */
function HeaderButton({ label, onClick, children }: { label: string; onClick(): void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="rounded p-1 text-muted hover:bg-hover hover:text-text focus-visible:outline-2 focus-visible:outline-accent"
    >
      {children}
    </button>
  );
}

function EmptyState({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center p-8 text-center">
      <h1 className="text-xl font-semibold text-white">{title}</h1>
      <p className="mt-2 max-w-sm text-muted">{text}</p>
      {children}
    </div>
  );
}

function Home({ me, guildCount, onCreate }: { me: UserView; guildCount: number | null; onCreate(): void }) {
  const none = guildCount === 0;
  return (
    <EmptyState
      title={`Welcome, ${me.displayName}!`}
      text={none ? "You’re not in any guild yet. Create one to start chatting — you can invite bots from the developer portal." : "Pick a guild on the left to start chatting."}
    >
      <Button className="mt-6" onClick={onCreate}>
        Create a guild
      </Button>
    </EmptyState>
  );
}
