export type { ApiContext, SessionCookie } from "./context";
export { flattenFieldErrors } from "./errors";
export { type AppRouter, appRouter, createCaller } from "./root";
export { PASSWORD_MAX, PASSWORD_MIN } from "./routers/account";
export type { AuthorizedAppView } from "./routers/authorized-apps";
export type { InvitePreview } from "./routers/invites";
export type { LoginRequestView } from "./routers/oauth2";
export type { ApplicationView, ChannelKind, ChannelView, GuildView, MemberView, MessageView, UserView } from "./views";
