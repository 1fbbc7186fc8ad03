import type { DomainContext } from "./context";
import { ApplicationService } from "./services/applications";
import { ChannelService } from "./services/channels";
import { GuildService } from "./services/guilds";
import { MemberService } from "./services/members";
import { MessageService } from "./services/messages";
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

/** Every use-case, shared by REST (apps/server) and tRPC (packages/api). */
export function createDomain(ctx: DomainContext) {
  const guilds = new GuildService(ctx);
  return {
    ctx,
    users: new UserService(ctx),
    guilds,
    members: new MemberService(ctx, guilds),
    channels: new ChannelService(ctx),
    messages: new MessageService(ctx),
    applications: new ApplicationService(ctx),
    /** Use-cases only the web app needs (session check, member list, live-stream visibility). */
    webPeople: new WebPeopleService(ctx),
  };
}

export type Domain = ReturnType<typeof createDomain>;
