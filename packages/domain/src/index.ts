import type { DomainContext } from "./context";
import { AccountService } from "./services/accounts";
import { ApplicationSettingsService } from "./services/application-settings";
import { ApplicationService } from "./services/applications";
import { ChannelService } from "./services/channels";
import { GuildService } from "./services/guilds";
import { HousekeepingService } from "./services/housekeeping";
import { MemberService } from "./services/members";
import { MessageService } from "./services/messages";
import { OAuth2Service } from "./services/oauth2";
import { OAuth2TokenService } from "./services/oauth2-tokens";
import { PictureService } from "./services/pictures";
import { ScheduledEventService } from "./services/scheduled-events";
import { ThreadService } from "./services/threads";
import { UserService } from "./services/users";
import { WebPeopleService } from "./services/web-people";

export * from "./clock";
export * from "./config";
export * from "./context";
export * from "./errors";
export * from "./ids";
export * from "./permissions";
export * from "./serializers";
export { channelAccess, guildAccess, requirePermission } from "./services/access";
export { AuditLogEvent, recordAudit } from "./services/audit-log";
export { captureChannelVisibility, channelViewerIds } from "./services/channel-visibility";
export { type AuthorizeCheck, type LoginRequest, redirectWith } from "./services/oauth2";
export type { PresentedCredentials } from "./services/oauth2-tokens";
export * from "./tokens";
export * from "./validation";

/** Every use-case, shared by REST (apps/server) and tRPC (packages/api). */
export function createDomain(ctx: DomainContext) {
  const guilds = new GuildService(ctx);
  const pictures = new PictureService(ctx);
  const applications = new ApplicationService(ctx);
  const oauth2 = new OAuth2Service(ctx);
  const threads = new ThreadService(ctx);
  const scheduledEvents = new ScheduledEventService(ctx);
  return {
    ctx,
    users: new UserService(ctx, pictures),
    /** Suspending and deleting people's accounts (both revoke their login tokens). */
    accounts: new AccountService(ctx, oauth2),
    guilds,
    members: new MemberService(ctx, guilds),
    channels: new ChannelService(ctx),
    messages: new MessageService(ctx),
    applications,
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
    /** Timed work (thread auto-archive, scheduled-event timers); every node runs it on an interval. */
    housekeeping: new HousekeepingService([
      { name: "threads.archiveIdle", run: () => threads.archiveIdle() },
      { name: "scheduledEvents.tick", run: () => scheduledEvents.tick() },
    ]),
  };
}

export type Domain = ReturnType<typeof createDomain>;
