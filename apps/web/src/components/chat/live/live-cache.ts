import type { AppRouter, DmView, GuildEmojiView, ReadStateView } from "@chat/api";
import { applyVoiceState, type ChannelView, channelView, type GuildView, type MemberView, memberView, messageView, type UserView, userView, type VoiceStateView, voiceStateView } from "@chat/api/views";
import type { LiveWireEvent } from "@chat/events/catalogue";
import { AUTOCOMPLETE_RESULT, EPHEMERAL_MESSAGE_CREATE, EPHEMERAL_MESSAGE_DELETE, EPHEMERAL_MESSAGE_UPDATE, FORM_OPEN, INTERACTION_UPDATE, READ_STATE_UPDATE } from "@chat/events/catalogue";
import type { QueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { TRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { GatewayDispatchEvents, type GatewayMessageCreateDispatchData, PresenceUpdateStatus } from "discord-api-types/v10";
import type { FormStore } from "../forms/form-store";
import { applyScheduledEventEvent } from "@/components/events/event-live";
import type { AutocompleteStore } from "../interactions/autocomplete-store";
import type { EphemeralStore } from "../interactions/ephemeral-store";
import type { InteractionStore } from "../interactions/interaction-store";
import { compareIds, mergeMessages, removeMessage, replaceMessage } from "../messages/message-merge";
import { applySocialEvent } from "../social/social-live";
import { ThreadCache } from "../threads/thread-cache";
import type { QueryPatcher } from "./query-patcher";
import { applyRoleEvent } from "./role-live";
import type { TypingStore } from "./typing-store";

/** A member who just joined shows offline until their presence arrives. */
const NO_PRESENCES = new Map<string, never>();

type MessagePage = inferRouterOutputs<AppRouter>["messages"]["list"];

/** Something the person must be told: the guild or channel on screen went away. */
export type LiveNotice = { kind: "removed-from-guild" | "guild-deleted"; guildId: string; name: string } | { kind: "channel-gone"; guildId: string; channelId: string; name: string };

export interface LiveCacheOptions {
  queryClient: QueryClient;
  trpc: TRPCOptionsProxy<AppRouter>;
  typing: TypingStore;
  /** This tab's commands and clicks waiting for their applications. */
  interactions: InteractionStore;
  /** Messages only this person sees, kept until reload or dismissal. */
  ephemeral: EphemeralStore;
  /** This tab's autocomplete answers. */
  autocomplete: AutocompleteStore;
  /** The form an application opened in this tab. */
  forms?: FormStore;
  meId: string;
  /** Writes into the query cache without losing a change to a fetch in flight. */
  patcher: QueryPatcher;
  /** A guild or channel the person had left the view of. */
  onNotice(notice: LiveNotice): void;
  /** Each new message, once it is in the cache (desktop notifications). */
  onMessage?(message: GatewayMessageCreateDispatchData): void;
}

/** Channels in display order: by position, then by id. */
function sortChannels(channels: ChannelView[]): ChannelView[] {
  return channels.sort((a, b) => a.position - b.position || compareIds(a.id, b.id));
}

/**
 * Writes each live event into the query cache, so every list on screen (guild rail, channels,
 * members, messages) follows without a reload. Lists not loaded stay unloaded; a guild the
 * person leaves drops out with its cached data.
 */
export class LiveCache {
  private readonly patcher: QueryPatcher;
  private readonly threads: ThreadCache;

  constructor(private readonly options: LiveCacheOptions) {
    this.patcher = options.patcher;
    this.threads = new ThreadCache(options.queryClient, options.trpc, options.patcher);
  }

  apply(event: LiveWireEvent): void {
    const { trpc } = this.options;
    applySocialEvent(event, this.patcher, trpc, this.options.meId);
    switch (event.t) {
      case GatewayDispatchEvents.MessageCreate: {
        const message = messageView(event.d);
        this.options.typing.stopped(message.channelId, message.author.id);
        this.patcher.patch<MessagePage>(trpc.messages.list.queryKey({ channelId: message.channelId }), (page) => ({ ...page, messages: mergeMessages(page.messages, [message]) }));
        this.countUnread(event.d);
        this.threads.messagePosted(message.channelId, message.id);
        this.options.onMessage?.(event.d);
        if (!event.d.guild_id) this.dmActive(message.channelId, message.id);
        return;
      }
      case READ_STATE_UPDATE: {
        const { channel_id, last_read_id, mention_count } = event.d;
        this.patchReadState(channel_id, (state) => ({ ...state, lastReadId: last_read_id, mentionCount: mention_count }));
        return;
      }
      case INTERACTION_UPDATE:
        this.options.interactions.interactionUpdated(event.d.id, event.d.status);
        this.options.autocomplete.interactionUpdated(event.d.id, event.d.status);
        this.options.forms?.interactionUpdated(event.d.id, event.d.status);
        return;
      case FORM_OPEN:
        this.options.forms?.opened(event.d);
        return;
      case AUTOCOMPLETE_RESULT:
        this.options.autocomplete.choices(event.d.id, { kind: "choices", choices: event.d.choices });
        return;
      case EPHEMERAL_MESSAGE_CREATE:
      case EPHEMERAL_MESSAGE_UPDATE: {
        const message = messageView(event.d);
        this.options.ephemeral.put(message);
        // An edit (a type 7 answer to a click on it) settles the click.
        if (event.t === EPHEMERAL_MESSAGE_UPDATE) this.options.interactions.messageUpdated(message.id);
        return;
      }
      case EPHEMERAL_MESSAGE_DELETE:
        this.options.ephemeral.remove(event.d.channel_id, event.d.id);
        return;
      case GatewayDispatchEvents.MessageUpdate: {
        const message = messageView(event.d);
        this.options.interactions.messageUpdated(message.id);
        this.patcher.patch<MessagePage>(trpc.messages.list.queryKey({ channelId: message.channelId }), (page) => ({ ...page, messages: replaceMessage(page.messages, message) }));
        return;
      }
      case GatewayDispatchEvents.MessageDelete: {
        const { id, channel_id } = event.d;
        this.patcher.patch<MessagePage>(trpc.messages.list.queryKey({ channelId: channel_id }), (page) => ({ ...page, messages: removeMessage(page.messages, id) }));
        return;
      }
      case GatewayDispatchEvents.TypingStart: {
        const { channel_id, user_id, member } = event.d;
        if (user_id === this.options.meId) return;
        const name = member?.nick || member?.user?.global_name || member?.user?.username || this.memberName(event.d.guild_id, user_id) || "Someone";
        this.options.typing.started(channel_id, user_id, name);
        return;
      }
      case GatewayDispatchEvents.ChannelCreate:
      case GatewayDispatchEvents.ChannelUpdate: {
        const channel = channelView(event.d);
        if (!channel.guildId) return;
        // An NSFW switch or new overwrites change which commands show there.
        if (event.t === GatewayDispatchEvents.ChannelUpdate) this.commandsChanged();
        this.patcher.patch<ChannelView[]>(trpc.guilds.channels.queryKey({ guildId: channel.guildId }), (list) => sortChannels([...list.filter((c) => c.id !== channel.id), channel]));
        // The Channels settings show overwrites and the person's permissions, which the event's view does not hold.
        this.patcher.reload(trpc.channelSettings.list.queryKey({ guildId: channel.guildId }));
        // A channel that came into view has read states the list does not hold yet.
        if (event.t === GatewayDispatchEvents.ChannelCreate) this.patcher.reload(trpc.readStates.list.queryKey());
        // A voice channel that came into view may have people in it already.
        if (event.t === GatewayDispatchEvents.ChannelCreate && channel.kind === "voice") this.patcher.reload(trpc.voice.states.queryKey({ guildId: channel.guildId }));
        return;
      }
      case GatewayDispatchEvents.ChannelDelete: {
        const channel = channelView(event.d);
        if (!channel.guildId) return;
        const guildId = channel.guildId;
        this.patcher.patch<ChannelView[]>(trpc.guilds.channels.queryKey({ guildId }), (list) => list.filter((c) => c.id !== channel.id));
        this.patcher.reload(trpc.channelSettings.list.queryKey({ guildId }));
        this.options.queryClient.removeQueries({ queryKey: trpc.messages.list.queryKey({ channelId: channel.id }) });
        this.patcher.patch<ReadStateView[]>(trpc.readStates.list.queryKey(), (states) => states.filter((s) => s.channelId !== channel.id));
        this.patcher.patch<VoiceStateView[]>(trpc.voice.states.queryKey({ guildId }), (states) => states.filter((s) => s.channelId !== channel.id));
        this.options.onNotice({ kind: "channel-gone", guildId, channelId: channel.id, name: channel.name });
        return;
      }
      case GatewayDispatchEvents.GuildCreate:
        // A guild joined (an invite accepted in another tab): the rail gets it with the person's permissions there.
        this.patcher.reload(trpc.guilds.list.queryKey());
        this.patcher.reload(trpc.readStates.list.queryKey());
        return;
      case GatewayDispatchEvents.GuildUpdate: {
        const { id, name, icon, owner_id: ownerId } = event.d;
        const owner = ownerId === this.options.meId;
        const before = this.options.queryClient.getQueryData(trpc.guilds.list.queryKey())?.find((g) => g.id === id);
        this.patcher.patch<GuildView[]>(trpc.guilds.list.queryKey(), (list) => list.map((g) => (g.id === id ? { ...g, name, icon, owner } : g)));
        // Ownership moved to or from this person: what they may manage is asked for again.
        if (before && before.owner !== owner) this.patcher.reload(trpc.guilds.list.queryKey());
        // A new owner changes who may act on whom.
        this.standingChanged(id);
        return;
      }
      case GatewayDispatchEvents.GuildDelete:
        this.leaveGuild(event.d.id, event.guildDeleted ? "guild-deleted" : "removed-from-guild");
        return;
      case GatewayDispatchEvents.GuildMemberAdd: {
        const member = memberView(event.d, NO_PRESENCES);
        if (member) this.patchMembers(event.d.guild_id, (list) => [...list.filter((m) => m.user.id !== member.user.id), member]);
        // A bot joining brings its commands.
        if (member?.user.bot) this.commandsChanged();
        this.standingChanged(event.d.guild_id);
        return;
      }
      case GatewayDispatchEvents.GuildMemberUpdate: {
        const { guild_id, user, nick, roles } = event.d;
        const person = userView(user);
        this.patchMembers(guild_id, (list) => list.map((m) => (m.user.id === user.id ? { ...m, user: { ...m.user, ...person }, nick: nick ?? null, roles } : m)));
        this.userChanged(person);
        // New roles rank the member (or the person) differently.
        this.standingChanged(guild_id);
        // The person's own roles changed: what they may manage may have too (channels follow as CHANNEL_CREATE / DELETE).
        if (user.id === this.options.meId) {
          this.patcher.reload(trpc.guilds.list.queryKey());
          this.patcher.reload(trpc.roles.settings.queryKey({ guildId: guild_id }));
          this.commandsChanged();
        }
        return;
      }
      case GatewayDispatchEvents.GuildMemberRemove: {
        // Never the person: their own removal comes as GUILD_DELETE, after which the guild's events stop.
        const { guild_id, user } = event.d;
        this.patchMembers(guild_id, (list) => list.filter((m) => m.user.id !== user.id));
        // A bot leaving takes its commands.
        if (user.bot) this.commandsChanged();
        // The removal may be a ban, which has no event of its own (spec: emission rule 4).
        this.patcher.reload(trpc.moderation.bans.queryKey({ guildId: guild_id }));
        return;
      }
      case GatewayDispatchEvents.UserUpdate:
        this.userChanged(userView(event.d));
        return;
      case GatewayDispatchEvents.PresenceUpdate: {
        const { guild_id, user, status } = event.d;
        const shown = status === PresenceUpdateStatus.Online || status === PresenceUpdateStatus.Idle ? status : "offline";
        this.patchMembers(guild_id, (list) => list.map((m) => (m.user.id === user.id ? { ...m, status: shown } : m)));
        return;
      }
      case GatewayDispatchEvents.VoiceStateUpdate: {
        // Someone joined, moved, muted, deafened or (channel_id null) left a voice channel.
        const state = voiceStateView(event.d);
        if (!state.guildId) return;
        this.patcher.patch<VoiceStateView[]>(trpc.voice.states.queryKey({ guildId: state.guildId }), (list) => applyVoiceState(list, state));
        return;
      }
      case GatewayDispatchEvents.GuildRoleCreate:
      case GatewayDispatchEvents.GuildRoleUpdate:
      case GatewayDispatchEvents.GuildRoleDelete:
        this.patcher.reload(trpc.guilds.list.queryKey());
        applyRoleEvent(event, this.patcher, trpc);
        this.standingChanged(event.d.guild_id);
        this.commandsChanged();
        return;
      case GatewayDispatchEvents.GuildEmojisUpdate: {
        const { guild_id: guildId, emojis } = event.d;
        this.patcher.patch<GuildEmojiView[]>(trpc.social.guildEmojis.queryKey({ guildId }), () => emojis.map((e) => ({ id: e.id ?? "", name: e.name ?? "", animated: e.animated === true })));
        // The settings list also names who uploaded each emoji, which the event does not carry.
        this.patcher.reload(trpc.emojis.forSettings.queryKey({ guildId }));
        return;
      }
      default:
        if (this.threads.apply(event)) return;
        if (applyScheduledEventEvent(event, this.patcher, trpc)) return;
        // User changes: nothing on screen shows them yet.
        return;
    }
  }

  /**
   * Which commands the person may use follows bots, roles and channels; commands themselves
   * change without any event (spec), so the picker also asks again when it opens.
   */
  private commandsChanged(): void {
    this.patcher.reload(this.options.trpc.commands.forChannel.pathKey());
  }

  /** Who may act on whom in the guild's Members settings follows roles, their order and the owner. */
  private standingChanged(guildId: string): void {
    this.patcher.reload(this.options.trpc.moderation.standing.queryKey({ guildId }));
    // So does who may change which scheduled event, and where they may hold one.
    this.patcher.reload(this.options.trpc.scheduledEvents.list.queryKey({ guildId }));
  }

  private leaveGuild(guildId: string, kind: "removed-from-guild" | "guild-deleted"): void {
    const { queryClient, trpc } = this.options;
    const guild = queryClient.getQueryData(trpc.guilds.list.queryKey())?.find((g) => g.id === guildId);
    this.patcher.patch<GuildView[]>(trpc.guilds.list.queryKey(), (list) => list.filter((g) => g.id !== guildId));
    const channels = queryClient.getQueryData(trpc.guilds.channels.queryKey({ guildId })) ?? [];
    for (const channel of channels) queryClient.removeQueries({ queryKey: trpc.messages.list.queryKey({ channelId: channel.id }) });
    queryClient.removeQueries({ queryKey: trpc.guilds.channels.queryKey({ guildId }) });
    queryClient.removeQueries({ queryKey: trpc.guilds.members.queryKey({ guildId }) });
    queryClient.removeQueries({ queryKey: trpc.voice.states.queryKey({ guildId }) });
    queryClient.removeQueries({ queryKey: trpc.moderation.standing.queryKey({ guildId }) });
    queryClient.removeQueries({ queryKey: trpc.moderation.bans.queryKey({ guildId }) });
    this.patcher.patch<ReadStateView[]>(trpc.readStates.list.queryKey(), (states) => states.filter((s) => s.guildId !== guildId));
    if (guild) this.options.onNotice({ kind, guildId, name: guild.name });
  }

  /**
   * A new message makes its channel unread, and counts as a mention of the person when it names
   * them or everyone, or is in a DM (the server's rule; one naming a role is recounted there,
   * since only the server knows the person's roles). The person's own message is read: the
   * server says so (READ_STATE_UPDATE).
   */
  private countUnread(message: GatewayMessageCreateDispatchData): void {
    const { meId, queryClient, trpc } = this.options;
    if (message.author.id === meId) return;
    const key = trpc.readStates.list.queryKey();
    if (!queryClient.getQueryData(key)?.some((s) => s.channelId === message.channel_id)) {
      this.patcher.reload(key);
      return;
    }
    const mentioned = !message.guild_id || message.mention_everyone || message.mentions.some((user) => user.id === meId);
    this.patchReadState(message.channel_id, (state) => ({ ...state, lastMessageId: message.id, mentionCount: state.mentionCount + (mentioned ? 1 : 0) }));
    if (!mentioned && message.mention_roles.length > 0) this.patcher.reload(key);
  }

  /** A DM's new message puts it at the top of Home; one Home does not list yet (just opened by someone) loads the list again. */
  private dmActive(channelId: string, messageId: string): void {
    const key = this.options.trpc.people.dms.queryKey();
    const list = this.options.queryClient.getQueryData(key);
    const dm = list?.find((d) => d.id === channelId);
    if (!list) return;
    if (!dm) {
      this.patcher.reload(key);
      return;
    }
    this.patcher.patch<DmView[]>(key, (dms) => {
      const found = dms.find((d) => d.id === channelId);
      return found ? [{ ...found, lastMessageId: messageId }, ...dms.filter((d) => d.id !== channelId)] : dms;
    });
  }

  /** A new display name or picture: the DMs, the messages already shown and the person's own profile follow. */
  private userChanged(user: UserView): void {
    const { queryClient, trpc } = this.options;
    const fresh = { displayName: user.displayName, avatar: user.avatar ?? null };
    this.patcher.patch<DmView[]>(trpc.people.dms.queryKey(), (dms) => dms.map((d) => (d.recipient.id === user.id ? { ...d, recipient: { ...d.recipient, ...fresh } } : d)));
    queryClient.setQueriesData<MessagePage>({ queryKey: trpc.messages.list.pathKey() }, (page) =>
      page?.messages.some((m) => m.author.id === user.id) ? { ...page, messages: page.messages.map((m) => (m.author.id === user.id ? { ...m, author: { ...m.author, ...fresh } } : m)) } : page,
    );
    if (user.id === this.options.meId) this.patcher.reload(trpc.people.me.queryKey());
  }

  private patchReadState(channelId: string, patch: (state: ReadStateView) => ReadStateView): void {
    this.patcher.patch<ReadStateView[]>(this.options.trpc.readStates.list.queryKey(), (states) => states.map((s) => (s.channelId === channelId ? patch(s) : s)));
  }

  private patchMembers(guildId: string, patch: (list: MemberView[]) => MemberView[]): void {
    this.patcher.patch<MemberView[]>(this.options.trpc.guilds.members.queryKey({ guildId }), patch);
  }

  private memberName(guildId: string | undefined, userId: string): string | null {
    if (!guildId) return null;
    const member = this.options.queryClient.getQueryData(this.options.trpc.guilds.members.queryKey({ guildId }))?.find((m) => m.user.id === userId);
    return member ? (member.nick ?? member.user.displayName) : null;
  }
}
