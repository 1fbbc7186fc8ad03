import type { Shape } from "../shapes";
import { SlotRef } from "../json";
import { LOGIN_REDIRECT } from "../world";
import * as F from "./fields";

/**
 * How to fuzz one write route of the bot API. Path parameters are filled from the world's slots
 * (`params` lists the valid ones per parameter; by default the slot of the parameter's own name)
 * or with malformed, unknown and hidden ids. A route with a body breaks its `fields` around a
 * valid `base`; `arrayBody` routes take a JSON array instead.
 */
export interface RestRoute {
  params?: Record<string, readonly string[]>;
  fields?: Record<string, Shape>;
  base?: Record<string, unknown>;
  arrayBody?: Shape;
  /** Message routes: multipart/form-data with payload_json and files[n]. */
  multipart?: boolean;
  /** The login token endpoints: no bot token, form bodies, the login error shape. */
  login?: boolean;
}

const messageParams = { channel: ["channel", "thread", "voice"], message: ["message", "otherMessage"] };
const reactionParams = { ...messageParams, emoji: ["emoji"] };
const commandBase = { name: "cmd", description: "a command" };
const inAMonth = Date.now() + 30 * 86_400_000;
const eventBase = {
  name: "An event",
  privacy_level: 2,
  entity_type: 3,
  entity_metadata: { location: "The park" },
  scheduled_start_time: new Date(inAMonth).toISOString(),
  scheduled_end_time: new Date(inAMonth + 3_600_000).toISOString(),
};

/** Every write route (POST, PUT, PATCH, DELETE) of the bot API, keyed `METHOD path` as Fastify registered it. */
export const REST_ROUTES: Record<string, RestRoute> = {
  "PATCH /api/v10/users/@me": { fields: F.USER_EDIT, base: {} },
  "DELETE /api/v10/users/@me/guilds/:guild": { params: { guild: ["leavableGuild"] } },
  "POST /api/v10/users/@me/channels": { fields: F.DM_OPEN, base: { recipient_id: new SlotRef("user") } },

  "POST /api/v10/channels/:channel/voice": {
    params: { channel: ["voice", "channel"] },
    fields: F.VOICE_JOIN,
    base: {},
  },
  "PATCH /api/v10/guilds/:guild/voice-states/@me": { fields: F.VOICE_STATE_EDIT, base: {} },
  "DELETE /api/v10/guilds/:guild/voice-states/@me": {},

  "POST /api/v10/applications/:application/commands": { fields: F.COMMAND_FIELDS, base: commandBase },
  "PUT /api/v10/applications/:application/commands": { arrayBody: F.COMMAND_LIST },
  "PATCH /api/v10/applications/:application/commands/:command": {
    params: { command: ["globalCommand"] },
    fields: F.COMMAND_FIELDS,
    base: { description: "edited" },
  },
  "DELETE /api/v10/applications/:application/commands/:command": { params: { command: ["globalCommand"] } },
  "POST /api/v10/applications/:application/guilds/:guild/commands": { fields: F.COMMAND_FIELDS, base: commandBase },
  "PUT /api/v10/applications/:application/guilds/:guild/commands": { arrayBody: F.COMMAND_LIST },
  "PATCH /api/v10/applications/:application/guilds/:guild/commands/:command": {
    fields: F.COMMAND_FIELDS,
    base: { description: "edited" },
  },
  "DELETE /api/v10/applications/:application/guilds/:guild/commands/:command": {},

  // Interaction callbacks and the token's webhook routes: no bot token needed (one sent is ignored).
  "POST /api/v10/interactions/:interaction/:token/callback": {
    params: { interaction: ["interaction"], token: ["interactionToken"] },
    fields: F.INTERACTION_CALLBACK,
    base: { type: 4, data: { content: "hi" } },
    multipart: true,
  },
  "POST /api/v10/webhooks/:application/:token": {
    params: { token: ["interactionToken"] },
    fields: F.MESSAGE_CREATE,
    base: { content: "a follow-up" },
    multipart: true,
  },
  "PATCH /api/v10/webhooks/:application/:token/messages/@original": {
    params: { token: ["interactionToken"] },
    fields: F.MESSAGE_EDIT,
    base: { content: "edited" },
    multipart: true,
  },
  "DELETE /api/v10/webhooks/:application/:token/messages/@original": { params: { token: ["interactionToken"] } },
  "PATCH /api/v10/webhooks/:application/:token/messages/:message": {
    params: { token: ["interactionToken"], message: ["message", "otherMessage"] },
    fields: F.MESSAGE_EDIT,
    base: { content: "edited" },
    multipart: true,
  },
  "DELETE /api/v10/webhooks/:application/:token/messages/:message": {
    params: { token: ["interactionToken"], message: ["message", "otherMessage"] },
  },

  "POST /api/v10/guilds/:guild/channels": { fields: F.CHANNEL_CREATE, base: { name: "fuzz-new", type: 0 } },
  "PATCH /api/v10/channels/:channel": {
    params: { channel: ["channel", "voice", "thread", "category"] },
    fields: F.CHANNEL_EDIT,
    base: { topic: "a topic" },
  },
  "DELETE /api/v10/channels/:channel": { params: { channel: ["channel", "voice", "thread", "category"] } },
  "PUT /api/v10/channels/:channel/permissions/:overwrite": {
    params: { channel: ["channel", "voice", "thread", "category"], overwrite: ["overwrite", "role", "user", "guild"] },
    fields: F.OVERWRITE_PUT,
    base: { type: 0, allow: "0", deny: "0" },
  },
  "DELETE /api/v10/channels/:channel/permissions/:overwrite": {
    params: { channel: ["channel", "thread"], overwrite: ["overwrite", "role", "user"] },
  },

  "POST /api/v10/channels/:channel/messages": {
    params: { channel: messageParams.channel },
    fields: F.MESSAGE_CREATE,
    base: { content: "hello" },
    multipart: true,
  },
  "PATCH /api/v10/channels/:channel/messages/:message": {
    params: messageParams,
    fields: F.MESSAGE_EDIT,
    base: { content: "edited" },
    multipart: true,
  },
  "DELETE /api/v10/channels/:channel/messages/:message": { params: messageParams },
  "POST /api/v10/channels/:channel/messages/bulk-delete": {
    params: { channel: messageParams.channel },
    fields: F.BULK_DELETE,
    // Ids no message has: an accepted bulk delete of them writes nothing.
    base: { messages: ["1000000000000001", "1000000000000002"] },
  },
  "POST /api/v10/channels/:channel/typing": { params: { channel: messageParams.channel } },

  "PUT /api/v10/channels/:channel/messages/:message/reactions/:emoji/@me": { params: reactionParams },
  "DELETE /api/v10/channels/:channel/messages/:message/reactions/:emoji/@me": { params: reactionParams },
  "DELETE /api/v10/channels/:channel/messages/:message/reactions/:emoji/:user": {
    params: { ...reactionParams, user: ["user", "owner", "bot"] },
  },
  "DELETE /api/v10/channels/:channel/messages/:message/reactions/:emoji": { params: reactionParams },
  "DELETE /api/v10/channels/:channel/messages/:message/reactions": { params: messageParams },

  "PUT /api/v10/channels/:channel/messages/pins/:message": { params: messageParams },
  "DELETE /api/v10/channels/:channel/messages/pins/:message": { params: messageParams },
  "PUT /api/v10/channels/:channel/pins/:message": { params: messageParams },
  "DELETE /api/v10/channels/:channel/pins/:message": { params: messageParams },

  "POST /api/v10/channels/:channel/messages/:message/threads": {
    params: messageParams,
    fields: F.THREAD_FROM_MESSAGE,
    base: { name: "a thread" },
  },
  "POST /api/v10/channels/:channel/threads": {
    params: { channel: ["channel", "voice", "thread"] },
    fields: F.THREAD_CREATE,
    base: { name: "a thread" },
  },
  "PUT /api/v10/channels/:channel/thread-members/@me": { params: { channel: ["thread", "channel"] } },
  "DELETE /api/v10/channels/:channel/thread-members/@me": { params: { channel: ["thread", "channel"] } },

  "PATCH /api/v10/guilds/:guild/members/:user": {
    params: { user: ["user", "owner", "bot"] },
    fields: F.MEMBER_EDIT,
    base: { roles: [] },
  },
  "PUT /api/v10/guilds/:guild/members/:user/roles/:role": {
    params: { user: ["user", "bot", "owner"], role: ["role", "guild"] },
  },
  "DELETE /api/v10/guilds/:guild/members/:user/roles/:role": {
    params: { user: ["user", "bot", "owner"], role: ["role", "guild"] },
  },
  "DELETE /api/v10/guilds/:guild/members/:user": { params: { user: ["user", "owner", "bot"] } },

  "POST /api/v10/guilds/:guild/roles": { fields: F.ROLE_FIELDS, base: { name: "a role" } },
  "PATCH /api/v10/guilds/:guild/roles": { arrayBody: F.ROLE_POSITIONS },
  "PATCH /api/v10/guilds/:guild/roles/:role": {
    params: { role: ["role", "guild"] },
    fields: F.ROLE_FIELDS,
    base: { name: "renamed role" },
  },
  "DELETE /api/v10/guilds/:guild/roles/:role": { params: { role: ["role", "guild"] } },

  "PUT /api/v10/guilds/:guild/bans/:user": {
    params: { user: ["user", "hiddenUser", "owner", "bot"] },
    fields: F.BAN_CREATE,
    base: {},
  },
  "DELETE /api/v10/guilds/:guild/bans/:user": { params: { user: ["bannedUser", "user"] } },

  "POST /api/v10/channels/:channel/invites": {
    params: { channel: ["channel", "voice", "thread", "category"] },
    fields: F.INVITE_CREATE,
    base: { max_age: 60 },
  },

  "POST /api/v10/guilds/:guild/scheduled-events": { fields: F.EVENT_CREATE, base: eventBase },
  "PATCH /api/v10/guilds/:guild/scheduled-events/:event": { fields: F.EVENT_EDIT, base: { name: "Renamed" } },
  "DELETE /api/v10/guilds/:guild/scheduled-events/:event": {},

  "POST /api/v10/oauth2/token": {
    login: true,
    fields: F.TOKEN_REQUEST,
    base: {
      grant_type: "authorization_code",
      code: "not-a-code",
      redirect_uri: LOGIN_REDIRECT,
      client_id: new SlotRef("loginApp"),
      client_secret: "wrong secret",
    },
  },
  "POST /api/v10/oauth2/token/revoke": {
    login: true,
    fields: F.REVOKE_REQUEST,
    base: { token: "not-a-token", client_id: new SlotRef("loginApp"), client_secret: "wrong secret" },
  },
};

/** The slot of a parameter the bot cannot see, by the kind of its valid slot. */
export const HIDDEN_SLOT: Record<string, string> = {
  guild: "hiddenGuild",
  leavableGuild: "hiddenGuild",
  channel: "hiddenChannel",
  voice: "hiddenChannel",
  thread: "hiddenChannel",
  category: "hiddenChannel",
  message: "hiddenMessage",
  otherMessage: "hiddenMessage",
  role: "hiddenRole",
  overwrite: "hiddenRole",
  user: "hiddenUser",
  owner: "hiddenUser",
  bot: "hiddenUser",
  bannedUser: "hiddenUser",
  event: "hiddenEvent",
  command: "hiddenCommand",
  globalCommand: "hiddenCommand",
  application: "otherApplication",
  emoji: "hiddenEmoji",
};
