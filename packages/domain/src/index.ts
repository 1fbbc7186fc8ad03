import type { DomainContext } from "./context";
import { AccountService } from "./services/accounts";
import { ApplicationSettingsService } from "./services/application-settings";
import { ApplicationService } from "./services/applications";
import { ChannelService } from "./services/channels";
import { GuildService } from "./services/guilds";
import { MemberService } from "./services/members";
import { MessageService } from "./services/messages";
import { OAuth2Service } from "./services/oauth2";
import { OAuth2TokenService } from "./services/oauth2-tokens";
import { PictureService } from "./services/pictures";
import { UserService } from "./services/users";
import { WebPeopleService } from "./services/web-people";

export * from "./errors";
export * from "./ids";
export * from "./clock";
export * from "./config";
export * from "./context";
export * from "./tokens";
export * from "./permissions";
export * from "./serializers";
export * from "./validation";
export { channelAccess, guildAccess, requirePermission } from "./services/access";
export { type AuthorizeCheck, type LoginRequest, redirectWith } from "./services/oauth2";
export type { PresentedCredentials } from "./services/oauth2-tokens";

/** Every use-case, shared by REST (apps/server) and tRPC (packages/api). */
export function createDomain(ctx: DomainContext) {
  const guilds = new GuildService(ctx);
  const pictures = new PictureService(ctx);
  const applications = new ApplicationService(ctx);
  const oauth2 = new OAuth2Service(ctx);
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
  };
}

export type Domain = ReturnType<typeof createDomain>;
