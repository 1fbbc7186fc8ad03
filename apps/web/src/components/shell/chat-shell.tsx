"use client";

import type { ChannelView, GuildView, UserView } from "@chat/api";
import { skipToken, useQuery } from "@tanstack/react-query";
import { useParams, useRouter } from "next/navigation";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { groupChannels } from "@/components/chat/channels/channel-groups";
import { ChannelList } from "@/components/chat/channels/channel-list";
import { CreateChannelDialog } from "@/components/chat/channels/create-channel-dialog";
import { DmList } from "@/components/chat/dms/dm-list";
import { useDms } from "@/components/chat/dms/use-dms";
import { FormDialogHost } from "@/components/chat/forms/form-dialog";
import { CreateGuildDialog } from "@/components/chat/guilds/create-guild-dialog";
import { GuildRail } from "@/components/chat/guilds/guild-rail";
import { MemberList } from "@/components/chat/members/member-list";
import { MuteGuildButton } from "@/components/chat/notifications/mute-guild-button";
import { NotificationsPrompt } from "@/components/chat/notifications/notifications-prompt";
import { DmPane } from "@/components/chat/panes/dm-pane";
import { MessagePane } from "@/components/chat/panes/message-pane";
import { ThreadsAside } from "@/components/chat/panes/threads-aside";
import { ProfileCardProvider } from "@/components/chat/people/profile-card-context";
import { UserBar } from "@/components/chat/people/user-bar";
import { usePageTitle } from "@/components/chat/read-states/use-page-title";
import { useReadStates } from "@/components/chat/read-states/use-read-states";
import { ThreadsButton } from "@/components/chat/threads/threads-button";
import { ThreadsProvider } from "@/components/chat/threads/threads-context";
import { useThreadRoute } from "@/components/chat/threads/use-thread-route";
import { VoicePanel } from "@/components/chat/voice/voice-panel";
import { VoiceProvider } from "@/components/chat/voice/voice-provider";
import { GuildSettingsDialog } from "@/components/guild-settings/guild-settings-dialog";
import { InviteDialog } from "@/components/invites/invite-dialog";
import type { LiveNotice } from "@/components/live/live-notice";
import { LiveNoticeBanner } from "@/components/live/live-notice-banner";
import { useLiveNotice, useQueryPatcher } from "@/components/live/live-provider";
import { Button } from "@/components/ui/button";
import { GearIcon, UserPlusIcon } from "@/components/ui/icons";
import { CdnUrlProvider } from "@/lib/cdn-url";
import { useTRPC } from "@/lib/trpc";
import { ChatLive } from "./chat-live";

const ID = /^[0-9]{1,19}$/;

/** The chat, live: one stream per tab keeps everything on screen current. */
export function ChatShell({ me, cdnUrl }: { me: UserView; cdnUrl: string }) {
  return (
    <CdnUrlProvider cdnUrl={cdnUrl}>
      <ChatLive meId={me.id}>
        <VoiceProvider>
          <ProfileCardProvider meId={me.id}>
            <ChatLayout me={me} />
          </ProfileCardProvider>
          <FormDialogHost />
        </VoiceProvider>
      </ChatLive>
    </CdnUrlProvider>
  );
}

/** Guild rail, channel sidebar, message pane and member list. The URL holds the selection. */
function ChatLayout({ me }: { me: UserView }) {
  const params = useParams<{ ids?: string[] }>();
  const [rawGuildId, rawChannelId] = params.ids ?? [];
  // Home is `/channels` or `/channels/@me`, a DM `/channels/@me/<id>`.
  const home = rawGuildId === undefined || rawGuildId === "@me" || rawGuildId === "%40me";
  const guildId = !home && rawGuildId && ID.test(rawGuildId) ? rawGuildId : null;
  const channelId = rawChannelId && ID.test(rawChannelId) ? rawChannelId : null;
  const dmId = home ? channelId : null;
  const router = useRouter();
  const [creating, setCreating] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [inviteOpen, setInviteOpen] = useState(false);
  /** "Create a channel" open, in a category (its id) or outside any (null). */
  const [creatingChannel, setCreatingChannel] = useState<{ parentId: string | null } | null>(null);

  const trpc = useTRPC();
  const patcher = useQueryPatcher();
  const guilds = useQuery(trpc.guilds.list.queryOptions());
  const channels = useQuery(trpc.guilds.channels.queryOptions(guildId ? { guildId } : skipToken));
  const guild = guilds.data?.find((g) => g.id === guildId) ?? null;
  const threadRoute = useThreadRoute(guildId, channelId, channels.data);
  const channel = channels.data?.find((c) => c.id === (threadRoute.parentId ?? channelId) && c.kind === "text") ?? null;
  const dms = useDms();
  const dm = dmId ? (dms.data?.find((d) => d.id === dmId) ?? null) : null;
  const { notice, dismiss } = useLiveNotice();
  const readStates = useReadStates();
  usePageTitle(
    channel ? `#${channel.name}` : dm ? `@${dm.recipient.displayName}` : guild ? guild.name : null,
    readStates.totalMentions,
  );
  /** The notice the person was moved out for: it stays where they were taken until they go elsewhere. */
  const movedFor = useRef<LiveNotice | null>(null);

  // A notice about a guild or channel no longer on screen is not news; one about the open one
  // moves the person out (to Home, or to the guild without a channel) and stays until "Got it"
  // or until they go somewhere else.
  useEffect(() => {
    if (!notice) return;
    const onScreen = notice.kind === "channel-gone" ? notice.channelId === channelId : notice.guildId === guildId;
    const movedHere =
      notice.kind === "channel-gone" ? guildId === notice.guildId && channelId === null : guildId === null;
    if (onScreen) {
      movedFor.current = notice;
      router.replace(notice.kind === "channel-gone" ? `/channels/${notice.guildId}` : "/channels");
    } else if (!(movedHere && movedFor.current === notice)) dismiss();
  }, [notice, channelId, guildId, dismiss, router]);

  // A guild without a channel in the URL opens its first text channel (once a notice there is read).
  useEffect(() => {
    if (notice || !guildId || channelId || !channels.data) return;
    const first = groupChannels(channels.data).flatMap((g) => g.text)[0];
    if (first) router.replace(`/channels/${guildId}/${first.id}`);
  }, [notice, guildId, channelId, channels.data, router]);

  function created(newGuild: GuildView, firstChannelId: string | null) {
    setCreating(false);
    patcher.add<GuildView>(trpc.guilds.list.queryKey(), (list) => [
      ...list.filter((g) => g.id !== newGuild.id),
      newGuild,
    ]);
    router.push(firstChannelId ? `/channels/${newGuild.id}/${firstChannelId}` : `/channels/${newGuild.id}`);
  }

  function channelCreated(created: ChannelView) {
    setCreatingChannel(null);
    if (!guildId) return;
    patcher.add<ChannelView>(trpc.guilds.channels.queryKey({ guildId }), (list) => [
      ...list.filter((c) => c.id !== created.id),
      created,
    ]);
    if (created.kind === "text") router.push(`/channels/${guildId}/${created.id}`);
  }

  function renamed(name: string) {
    setSettingsOpen(false);
    patcher.patch<GuildView[]>(trpc.guilds.list.queryKey(), (list) =>
      list.map((g) => (g.id === guildId ? { ...g, name } : g)),
    );
  }

  function deleted() {
    setSettingsOpen(false);
    // The guild's GUILD_DELETE may have come first: whoever deleted it needs no notice.
    dismiss();
    patcher.patch<GuildView[]>(trpc.guilds.list.queryKey(), (list) => list.filter((g) => g.id !== guildId));
    router.push("/channels");
  }

  const unknownGuild =
    !home &&
    rawGuildId !== undefined &&
    (guildId === null || (guilds.data !== undefined && !guild) || (channels.isError && !channels.data));

  // Phones: a channel (or a notice) takes the whole screen and the guilds and channels fold
  // into a drawer opened from the channel's header. Otherwise the rail stays, beside a guild's
  // channel list when one is being picked, Home's DMs when there are any, or beside the page
  // (Home's welcome, "not found").
  const [navOpen, setNavOpen] = useState(false);
  const mainFirst = Boolean(notice) || (channel !== null && !unknownGuild) || dm !== null;
  const phoneSidebar =
    !mainFirst &&
    ((guildId !== null && !unknownGuild && !(channels.data && channelId)) ||
      (home && dmId === null && (dms.data?.length ?? 0) > 0));
  // biome-ignore lint/correctness/useExhaustiveDependencies: going anywhere closes the drawer
  useEffect(() => setNavOpen(false), [guildId, channelId, home]);
  const closeNav = () => {
    setNavOpen(false);
    document.querySelector<HTMLElement>("[data-nav-toggle]")?.focus();
  };

  return (
    <div data-chat-shell className="flex h-screen min-h-0 overflow-hidden">
      {mainFirst && navOpen ? (
        <div aria-hidden="true" className="fixed inset-0 z-30 bg-black/60 md:hidden" onClick={closeNav} />
      ) : null}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the drawer closes it (it holds the links and buttons) */}
      <div
        data-testid="navigation"
        onKeyDown={(e) => navOpen && e.key === "Escape" && closeNav()}
        className={
          mainFirst
            ? navOpen
              ? "fixed inset-y-0 left-0 z-40 flex shadow-2xl md:static md:z-auto md:shadow-none"
              : "hidden md:flex"
            : phoneSidebar
              ? "flex max-md:flex-1"
              : "flex"
        }
      >
        <GuildRail
          guilds={guilds.data ?? []}
          selectedId={home ? null : (guildId ?? "")}
          loading={guilds.isPending}
          readStates={readStates}
          onCreate={() => setCreating(true)}
        />
        <section
          aria-label="Sidebar"
          className={`flex w-60 shrink-0 flex-col bg-panel ${mainFirst ? "" : phoneSidebar ? "max-md:w-auto max-md:flex-1" : "max-md:hidden"}`}
        >
          <header className="flex h-12 shrink-0 items-center gap-2 border-b border-black/25 px-4 shadow-sm">
            {guild || home ? (
              <h2 className="min-w-0 flex-1 truncate font-semibold text-white" data-testid="sidebar-title">
                {guild ? guild.name : "Home"}
              </h2>
            ) : (
              <span aria-hidden="true" className="h-4 flex-1 animate-pulse rounded bg-raised" />
            )}
            {guild ? (
              <>
                <HeaderButton label="Invite people" onClick={() => setInviteOpen(true)}>
                  <UserPlusIcon width={18} height={18} />
                </HeaderButton>
                <HeaderButton label="Guild settings" onClick={() => setSettingsOpen(true)}>
                  <GearIcon width={18} height={18} />
                </HeaderButton>
                <MuteGuildButton guildId={guild.id} guildName={guild.name} />
              </>
            ) : null}
          </header>
          {guild && channels.data ? (
            <ChannelList
              guildId={guild.id}
              channels={channels.data}
              selectedId={channelId}
              readStates={readStates}
              onCreate={guild.canManage ? (parentId) => setCreatingChannel({ parentId }) : undefined}
            />
          ) : guildId && !unknownGuild ? (
            <div className="flex-1 space-y-2 px-4 pt-5" role="status" aria-busy="true" aria-label="Loading channels">
              {[60, 80, 50].map((w) => (
                <div key={w} className="h-4 animate-pulse rounded bg-raised" style={{ width: `${w}%` }} />
              ))}
            </div>
          ) : home ? (
            <DmList dms={dms.data} error={dms.error} selectedId={dmId} readStates={readStates} />
          ) : (
            <div className="flex-1" />
          )}
          <NotificationsPrompt />
          <VoicePanel />
          <UserBar me={me} />
        </section>
      </div>
      <main className={`${phoneSidebar ? "hidden md:flex" : "flex"} min-w-0 flex-1 bg-chat`}>
        {notice ? (
          <LiveNoticeBanner notice={notice} onDismiss={dismiss} />
        ) : unknownGuild ? (
          <EmptyState title="Guild not found" text="It doesn’t exist, or you’re not a member." />
        ) : dm ? (
          <DmPane
            dm={dm}
            me={me}
            readStates={readStates}
            navigation={{ open: navOpen, show: () => setNavOpen(true) }}
          />
        ) : dmId ? (
          dms.data || dms.isError ? (
            <EmptyState title="Conversation not found" text="It doesn’t exist, or it isn’t yours." />
          ) : (
            <div className="flex-1" />
          )
        ) : home ? (
          <Home me={me} guildCount={guilds.data?.length ?? null} onCreate={() => setCreating(true)} />
        ) : channel && guild ? (
          <ThreadsProvider
            key={channel.id}
            guildId={guild.id}
            channelId={channel.id}
            channelName={channel.name}
            openThreadId={threadRoute.threadId}
          >
            <MessagePane
              channel={channel}
              me={me}
              readStates={readStates}
              aside={
                <ThreadsAside me={me}>
                  <MemberList guildId={guild.id} />
                </ThreadsAside>
              }
              navigation={{ open: navOpen, show: () => setNavOpen(true) }}
              headerActions={<ThreadsButton />}
            />
          </ThreadsProvider>
        ) : channel ? (
          <MessagePane
            key={channel.id}
            channel={channel}
            me={me}
            readStates={readStates}
            navigation={{ open: navOpen, show: () => setNavOpen(true) }}
          />
        ) : channels.data && channelId && !threadRoute.loading ? (
          <EmptyState title="Channel not found" text="It doesn’t exist, or you can’t see it." />
        ) : (
          <div className="flex-1" />
        )}
        {guild && !(channel && !notice && !unknownGuild) ? <MemberList guildId={guild.id} /> : null}
      </main>
      {guild ? (
        <CreateChannelDialog
          key={`channel-${guild.id}-${creatingChannel?.parentId ?? ""}`}
          guildId={guild.id}
          categories={channels.data?.filter((c) => c.kind === "category") ?? []}
          parentId={creatingChannel?.parentId ?? null}
          open={creatingChannel !== null}
          onClose={() => setCreatingChannel(null)}
          onCreated={channelCreated}
        />
      ) : null}
      {guild ? (
        <InviteDialog
          key={`invite-${guild.id}`}
          guild={guild}
          channelId={channel?.id ?? null}
          open={inviteOpen}
          onClose={() => setInviteOpen(false)}
        />
      ) : null}
      {guild ? (
        <GuildSettingsDialog
          key={guild.id}
          guild={guild}
          meId={me.id}
          open={settingsOpen}
          onClose={() => setSettingsOpen(false)}
          onRenamed={renamed}
          onDeleted={deleted}
        />
      ) : null}
      <CreateGuildDialog
        open={creating}
        defaultName={`${me.displayName}'s guild`}
        onClose={() => setCreating(false)}
        onCreated={created}
      />
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
      text={
        none
          ? "You’re not in any guild yet. Create one to start chatting — you can invite bots from the developer portal."
          : "Pick a guild on the left to start chatting."
      }
    >
      <Button className="mt-6" onClick={onCreate}>
        Create a guild
      </Button>
    </EmptyState>
  );
}
