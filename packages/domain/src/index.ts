import { MemoryShortLivedStore } from "@chat/ephemeral";
import type { DomainContext } from "./context";
import { ApplicationSettingsService } from "./services/applications/application-settings";
import { ApplicationService } from "./services/applications/applications";
import { DomainCaches } from "./caches/domain-caches";
import { ChannelLayoutService } from "./services/channels/channel-layout";
import { ChannelOverwriteService } from "./services/channels/channel-overwrites";
import { ChannelService } from "./services/channels/channels";
import { ThreadService } from "./services/channels/threads";
import { CommandService } from "./services/commands";
import { AuditLogReads } from "./services/guilds/audit-log-reads";
import { BanService } from "./services/guilds/bans";
import { EmojiService } from "./services/guilds/emojis";
import { GuildDirectory } from "./services/guilds/guild-directory";
import { GuildSettingsService } from "./services/guilds/guild-settings";
import { GuildService } from "./services/guilds/guilds";
import { InviteManagementService } from "./services/guilds/invite-management";
import { InviteService } from "./services/guilds/invites";
import { MemberRoleService } from "./services/guilds/member-roles";
import { MemberService } from "./services/guilds/members";
import { ModerationStandingService } from "./services/guilds/moderation-standing";
import { RoleService } from "./services/guilds/roles";
import {
  EphemeralMessages,
  InteractionCallbacks,
  InteractionReplies,
  InteractionService,
  InteractionWebhooks,
} from "./services/interactions";
import { MessageService } from "./services/messages/messages";
import { PinService } from "./services/messages/pins";
import { ReactionService } from "./services/messages/reactions";
import { ReadStateService } from "./services/messages/read-states";
import { OAuth2Service } from "./services/oauth2/oauth2";
import { OAuth2TokenService } from "./services/oauth2/oauth2-tokens";
import { CdnPictureService } from "./services/pictures/cdn-pictures";
import { PictureService } from "./services/pictures/pictures";
import { ScheduledEventService } from "./services/scheduled-events/scheduled-events";
import { HousekeepingService } from "./services/shared/housekeeping";
import { UploadService } from "./services/uploads";
import { AccountService } from "./services/users/accounts";
import { DirectMessageService } from "./services/users/direct-messages";
import { UserDirectory } from "./services/users/user-directory";
import { UserService } from "./services/users/users";
import { WebPeopleService } from "./services/users/web-people";
import { WebSessionService } from "./services/users/web-sessions";
import { VoiceService, VoiceStateSync } from "./services/voice";

export * from "./attachment-links";
export * from "./audience";
export * from "./clock";
export * from "./config";
export * from "./context";
export * from "./files/file-store";
export * from "./errors";
export * from "./ids";
export * from "./permissions";
export * from "./readiness";
export * from "./serializers";
export { captureChannelVisibility } from "./services/channels/channel-visibility";
export type { AvailableApplicationCommands, CommandScope } from "./services/commands";
export type { ModerationStanding, ShieldReason } from "./services/guilds/moderation-standing";
export type { ChannelLayoutEntry } from "./services/channels/channel-layout";
export {
  ALLOWED_CALLBACKS,
  CALLBACK_WINDOW_MS,
  type CallbackAnswer,
  channelIsNsfw,
  commandShownTo,
  EPHEMERAL_LIFETIME_MS,
  type EphemeralEntry,
  InteractionState,
  TOKEN_LIFETIME_MS,
  type UseCommandInput,
  type UseComponentInput,
  type WebhookMessageRef,
} from "./services/interactions";
export { type HistoryQuery, loadHistoryRows } from "./services/messages/history-pages";
export type { UploadedFile } from "./services/messages/message-files";
export type { ChannelReadState } from "./services/messages/read-states";
export { type AuthorizeCheck, type LoginRequest, redirectWith } from "./services/oauth2/oauth2";
export type { PresentedCredentials } from "./services/oauth2/oauth2-tokens";
export { PICTURE_KINDS, type PictureKind } from "./services/pictures/pictures";
export type { EventPlaces, PersonEvent } from "./services/scheduled-events/scheduled-event-people";
export { EventEntity, type EventRequestOrigin, EventStatus } from "./services/scheduled-events/scheduled-events";
export type { BotIdentityRecord } from "./caches/bot-identities";
export { ReadCache } from "./caches/read-cache";
export { channelAccess, guildAccess, requirePermission } from "./services/shared/access";
export type { AuditEntry, AuditNamed } from "./services/guilds/audit-log-reads";
export { AuditLogEvent, recordAudit } from "./services/shared/audit-log";
export { mayAddBot } from "./services/applications/applications";
export { applicationWithId } from "./services/shared/selects";
export {
  EPHEMERAL_URL_VALIDITY_SECONDS,
  UNUSED_UPLOAD_BYTES_MAX,
  UNUSED_UPLOADS_MAX,
  UPLOAD_UNUSED_SECONDS,
  type UploadView,
} from "./services/uploads";
export type { PasswordHasher } from "./services/users/accounts";
export { type LiveWebSession, WEB_SESSION_LIFETIME_MS } from "./services/users/web-sessions";
export * from "./services/voice";
export * from "./tokens";
export * from "./validation";

/** Every use-case, shared by REST (apps/server) and tRPC (packages/api). */
export function createDomain(given: DomainContext) {
  const ctx: DomainContext = {
    ...given,
    shortLived: given.shortLived ?? new MemoryShortLivedStore(),
    caches: given.caches ?? new DomainCaches(given.clock),
  };
  const caches = ctx.caches as DomainCaches;
  // Events from other processes (and this one's, again: applying one twice changes nothing).
  ctx.bus.subscribe((event) => caches.observe(event));
  const pictures = new PictureService(ctx);
  const guilds = new GuildService(ctx, pictures);
  const members = new MemberService(ctx, guilds);
  const applications = new ApplicationService(ctx);
  const oauth2 = new OAuth2Service(ctx);
  const messages = new MessageService(ctx);
  const threads = new ThreadService(ctx, messages);
  const channels = new ChannelService(ctx, threads);
  const scheduledEvents = new ScheduledEventService(ctx);
  const webSessions = new WebSessionService(ctx);
  const ephemeralMessages = new EphemeralMessages(ctx, ctx.shortLived as NonNullable<DomainContext["shortLived"]>);
  const interactionReplies = new InteractionReplies(ctx, messages, ephemeralMessages);
  const interactions = new InteractionService(ctx, messages, ephemeralMessages);
  const uploads = new UploadService(ctx, messages);
  const voiceSync = new VoiceStateSync(ctx);
  return {
    ctx,
    users: new UserService(ctx, pictures),
    /** Every account, found by name: the admin CLI's user list. */
    userDirectory: new UserDirectory(ctx),
    /** Password changes, suspending and deleting people's accounts (these end web sessions and revoke login tokens). */
    accounts: new AccountService(ctx, oauth2, webSessions),
    /** The web app's sign-ins: started at sign-in, checked on every page and call, ended on sign-out and the like. */
    webSessions,
    guilds,
    /** Every guild, found by name, and who owns one: the admin CLI's guild commands. */
    guildDirectory: new GuildDirectory(ctx),
    /** A guild's name, description and deletion, changed by people in the app. */
    guildSettings: new GuildSettingsService(ctx),
    auditLog: new AuditLogReads(ctx),
    members,
    /** A member's roles: PATCH roles, add one, remove one (Manage Roles, hierarchy). */
    memberRoles: new MemberRoleService(ctx),
    /** A guild's roles: list, create, edit, move, delete. */
    roles: new RoleService(ctx),
    /** A guild's bans: list, get, ban (removes the member), unban. */
    bans: new BanService(ctx),
    /** What a member may do to the others (kick, ban, give and take roles; rule 10): the web app's Members settings. */
    moderationStanding: new ModerationStandingService(ctx),
    /** Invites: create and list (bots), the vanity code, and following an invite link (the app). */
    invites: new InviteService(ctx, members),
    /** The app's invite dialog (a still-good link is reused) and a guild's Invites list with revoking. */
    inviteManagement: new InviteManagementService(ctx),
    /** A guild's custom emoji: list and get (bots), upload (the app). */
    emojis: new EmojiService(ctx, pictures),
    /** Opening DM channels between a bot and a person. */
    directMessages: new DirectMessageService(ctx),
    /** Which stored picture a public picture address names (the routes under {cdn_url}). */
    cdnPictures: new CdnPictureService(ctx),
    channels,
    /** Permission overwrites of one channel: PUT and DELETE /channels/{channel}/permissions/{overwrite}. */
    channelOverwrites: new ChannelOverwriteService(ctx),
    /** What only people do in the app: categories, moving channels, a whole overwrite set, a member's effective permissions. */
    channelLayout: new ChannelLayoutService(ctx, channels),
    messages,
    /** Reactions on guild messages: add, remove (own, someone's, one emoji, all), list who reacted. */
    reactions: new ReactionService(ctx),
    /** Pinned messages of guild channels: the pins page, the older list, pin and unpin. */
    pins: new PinService(ctx),
    /** Where each person has read up to per channel (the web app's unread markers and mention badges). */
    readStates: new ReadStateService(ctx),
    applications,
    /** An application's commands, global and per guild: list, get, create, bulk overwrite, edit, delete. */
    commands: new CommandService(ctx),
    /** People use commands and components; delivery to one bot session is settled here with the gateway; unanswered ones fail. */
    interactions,
    /** POST /interactions/{interaction}/{token}/callback: the one answer within 3 seconds. */
    interactionCallbacks: new InteractionCallbacks(ctx, interactionReplies),
    /** The interaction token as a webhook for 15 minutes: follow-ups and @original. */
    interactionWebhooks: new InteractionWebhooks(ctx, interactionReplies),
    /** Messages only one person sees, kept 15 minutes outside the database. */
    ephemeralMessages,
    /** Files people upload to use them (attachment command options). */
    uploads,
    /** The developer portal's changes: redirects, name, picture, client secret, deletion. */
    applicationSettings: new ApplicationSettingsService(ctx, applications, pictures),
    pictures,
    /** Login flow, authorise side: the authorise link, consent, grants ("Authorised apps"). */
    oauth2,
    /** Login flow, token side: the token endpoint, revocation, bearer tokens. */
    oauth2Tokens: new OAuth2TokenService(ctx),
    /** Use-cases only the web app needs (session check, member list, live-stream visibility). */
    webPeople: new WebPeopleService(ctx),
    threads,
    scheduledEvents,
    /** Voice channels on the media server: join tokens, voice states, leaving (bots and people alike). */
    voice: new VoiceService(ctx),
    /** Voice states following the media server: its webhooks, and a periodic reconciliation. */
    voiceSync,
    /** Timed work (thread auto-archive, scheduled-event timers, stale web sessions, old interactions); every node runs it on an interval. */
    housekeeping: new HousekeepingService([
      { name: "threads.archiveIdle", run: () => threads.archiveIdle() },
      { name: "scheduledEvents.tick", run: () => scheduledEvents.tick() },
      { name: "webSessions.removeStale", run: () => webSessions.removeStale().then(() => undefined) },
      { name: "interactions.expireOverdue", run: () => interactions.expireOverdue().then(() => undefined) },
      { name: "interactions.removeExpired", run: () => interactions.removeExpired().then(() => undefined) },
      { name: "uploads.removeExpired", run: () => uploads.removeExpired().then(() => undefined) },
      { name: "voice.reconcile", run: () => voiceSync.reconcile() },
    ]),
  };
}

export type Domain = ReturnType<typeof createDomain>;
