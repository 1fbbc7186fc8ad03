import { accountRouter } from "./routers/account";
import { applicationsRouter } from "./routers/applications";
import { auditLogRouter } from "./routers/audit-log";
import { authorizedAppsRouter } from "./routers/authorized-apps";
import { channelSettingsRouter } from "./routers/channel-settings";
import { commandsRouter } from "./routers/commands";
import { composerRouter } from "./routers/composer";
import { emojisRouter } from "./routers/emojis";
import { guildsRouter } from "./routers/guilds";
import { healthRouter } from "./routers/health";
import { interactionsRouter } from "./routers/interactions";
import { invitesRouter } from "./routers/invites";
import { liveRouter } from "./routers/live";
import { messagesRouter } from "./routers/messages";
import { moderationRouter } from "./routers/moderation";
import { oauth2Router } from "./routers/oauth2";
import { peopleRouter } from "./routers/people";
import { readStatesRouter } from "./routers/read-states";
import { rolesRouter } from "./routers/roles";
import { scheduledEventsRouter } from "./routers/scheduled-events";
import { threadsRouter } from "./routers/threads";
import { socialRouter } from "./routers/social";
import { uploadsRouter } from "./routers/uploads";
import { voiceRouter } from "./routers/voice";
import { createCallerFactory, router } from "./trpc";

/** Every procedure of the people's web app. */
export const appRouter = router({
  account: accountRouter,
  guilds: guildsRouter,
  roles: rolesRouter,
  channelSettings: channelSettingsRouter,
  invites: invitesRouter,
  moderation: moderationRouter,
  messages: messagesRouter,
  commands: commandsRouter,
  interactions: interactionsRouter,
  uploads: uploadsRouter,
  composer: composerRouter,
  readStates: readStatesRouter,
  live: liveRouter,
  applications: applicationsRouter,
  oauth2: oauth2Router,
  authorizedApps: authorizedAppsRouter,
  voice: voiceRouter,
  threads: threadsRouter,
  people: peopleRouter,
  social: socialRouter,
  emojis: emojisRouter,
  auditLog: auditLogRouter,
  scheduledEvents: scheduledEventsRouter,
  health: healthRouter,
});

export type AppRouter = typeof appRouter;

/** Calls procedures in-process (server components, tests). */
export const createCaller = createCallerFactory(appRouter);
