export type { ApiContext, SessionCookie } from "./context";
export { flattenFieldErrors } from "./errors";
export type { GuildInviteView, InviteLinkView, VanityView } from "./invite-views";
export { LiveHub, type LiveHubOptions, type LiveStart } from "./live/live-hub";
export { openLiveStreams } from "./live/open-streams";
export type { BanView, ModerationStandingView, ShieldReasonView } from "./moderation-views";
export { requireStrongPassword } from "./password-rule";
export { DELETE_ACCOUNT_CONFIRMATION } from "./people-rules";
export { type AppRouter, appRouter, createCaller } from "./root";
export type { AuditEntryView } from "./routers/audit-log";
export type { AuthorizedAppView } from "./routers/authorized-apps";
export type { GuildEmojiSettingsView, ManagedEmojiView } from "./routers/emojis";
export type { InvitePreview } from "./routers/invites";
export type { LiveEventFrame, LiveReadyFrame } from "./routers/live";
export type { LoginRequestView } from "./routers/oauth2";
export type { DmView, ProfileView } from "./routers/people";
export type { ReadStateView } from "./routers/read-states";
export type { EventStatusView, GuildEventsView, RepeatRuleView, ScheduledEventView } from "./scheduled-event-views";
export type { GuildEmojiView } from "./routers/social";
export type {
  ApplicationView,
  AttachmentView,
  ButtonView,
  ChannelKind,
  ChannelView,
  CommandGroupView,
  CommandOptionType,
  CommandOptionView,
  CommandView,
  ComponentEmojiView,
  ComponentRowView,
  GuildView,
  InteractionHeaderView,
  MemberStatus,
  MemberView,
  MessageView,
  RoleView,
  SelectKind,
  SelectOptionView,
  SelectView,
  UserView,
  VoiceJoinView,
  VoiceStateView,
} from "./views";
