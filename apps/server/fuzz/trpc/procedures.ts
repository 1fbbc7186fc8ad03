import { arr, bits, bool, code, id, image, int, obj, oneOf, type Shape, str, time, union } from "../shapes";
import { LOGIN_REDIRECT, OWNER_PASSWORD } from "../world";

/**
 * How to fuzz one procedure of the web app's tRPC router: the fields of its input (an object)
 * and a valid base, or no input at all. Destructive procedures name, as valid, only slots the
 * world can lose (the owner's own application, a guild made to be removed), never the bot's.
 */
export interface TrpcProcedure {
  fields?: Record<string, Shape>;
  base?: Record<string, unknown>;
}

const guildId = id("guild", "removableGuild", "hiddenGuild");
const channelId = id("channel", "voice", "thread", "hiddenChannel");
const inviteCode = code(64, "invite");
const applicationId = id("ownApplication", "application", "otherApplication", "loginApp");
const disposableApplicationId = id("ownApplication", "otherApplication", "loginApp");
const messageId = id("message", "otherMessage", "hiddenMessage");
const threadId = id("thread", "channel", "hiddenChannel");
const roleId = id("role", "guild", "hiddenRole");
/** A role's fields as the Roles settings send them (the bots' names; `colors` is REST's alone). */
const roleFields = {
  name: str(100, ["a role"]),
  color: int(0, 0xffffff),
  hoist: bool,
  mentionable: bool,
  permissions: bits,
};
const emoji = str(100, ["👍", "👍️", "blob:1", "<:blob:1>"], 1);
const queryValue = union(str(4096), { t: "array", of: str(4096), max: 10 });
const eventId = id("event", "hiddenEvent");
/** An event as the app's form sends it; `repeat` in the recurrence rule's fields. */
const EVENT_DRAFT = {
  name: str(200, ["Fuzz event"]),
  description: union(str(2000), oneOf(null)),
  kind: oneOf("voice", "elsewhere", "stage"),
  channelId: union(id("voice", "channel", "hiddenChannel"), oneOf(null)),
  location: union(str(200, ["Somewhere"]), oneOf(null)),
  start: time,
  end: union(time, oneOf(null)),
  repeat: union(
    oneOf(null),
    obj(
      {
        frequency: int(-1, 5),
        interval: int(0, 3),
        by_weekday: arr(int(-1, 8), 8),
        by_n_weekday: arr(obj({ n: int(0, 6), day: int(-1, 8) }, ["n", "day"]), 8),
        by_month: arr(int(0, 13), 13),
        by_month_day: arr(int(0, 32), 32),
      },
      ["frequency"],
    ),
  ),
  cover: image,
};
const eventDraftBase = {
  name: "Fuzz event",
  description: null,
  kind: "elsewhere",
  channelId: null,
  location: "Somewhere",
  start: "2030-01-07T18:00:00.000Z",
  end: "2030-01-07T19:00:00.000Z",
  repeat: null,
};

/** The authorise link's query (`RawQuery`: repeated keys as arrays). */
const AUTHORIZE_QUERY = obj({
  client_id: union(id("loginApp", "ownApplication", "application"), { t: "array", of: id("loginApp"), max: 3 }),
  response_type: union(oneOf("code", "token"), queryValue),
  scope: union(oneOf("identify", "bot", "identify email", ""), queryValue),
  redirect_uri: union(oneOf(LOGIN_REDIRECT, "https://evil.example/cb", "http://localhost/cb"), queryValue),
  state: str(2048),
  prompt: oneOf("none", "consent", "login"),
  code_challenge: str(128, ["c".repeat(43)]),
  code_challenge_method: oneOf("S256", "plain", "md5"),
  permissions: bits,
  guild_id: guildId,
});

const authorizeBase = {
  query: { client_id: "{loginApp}", response_type: "code", scope: "identify", redirect_uri: LOGIN_REDIRECT },
};

/** Every procedure of packages/api's appRouter, by its path. */
export const TRPC_PROCEDURES: Record<string, TrpcProcedure> = {
  "account.signUp": {
    fields: { username: str(64, ["fuzz_new_person"]), password: str(128, ["long enough password"], 8) },
    base: { username: "Not Valid!", password: "long enough password" },
  },
  "account.me": {},
  "account.changePassword": {
    fields: {
      currentPassword: str(128, [OWNER_PASSWORD, "not the password"]),
      newPassword: str(128, ["violet tractor mirror 9", "password"], 8),
    },
    base: { currentPassword: "not the password", newPassword: "violet tractor mirror 9" },
  },
  "account.logOutEverywhere": {},
  "health.database": {},

  "guilds.list": {},
  "guilds.create": { fields: { name: str(200, ["A guild"]) }, base: { name: "" } },
  "guilds.update": {
    fields: { guildId, name: str(200, ["Renamed"]) },
    base: { guildId: "{guild}", name: "Fuzz Guild" },
  },
  "guilds.remove": { fields: { guildId: id("removableGuild", "hiddenGuild") }, base: { guildId: "{hiddenGuild}" } },
  "guilds.createChannel": {
    fields: {
      guildId,
      name: str(200, ["fuzz-made"]),
      kind: oneOf("text", "voice", "category"),
      parentId: union(channelId, oneOf(null)),
    },
    base: { guildId: "{guild}", name: "", kind: "text" },
  },
  "guilds.channels": { fields: { guildId }, base: { guildId: "{guild}" } },
  "guilds.members": { fields: { guildId }, base: { guildId: "{guild}" } },
  "guilds.roles": { fields: { guildId }, base: { guildId: "{hiddenGuild}" } },
  "guilds.vanity": { fields: { guildId }, base: { guildId: "{hiddenGuild}" } },
  "guilds.setVanityCode": {
    fields: { guildId, code: union(str(100, ["fuzz-vanity", "No Spaces!"]), oneOf(null)) },
    base: { guildId: "{guild}", code: "x" },
  },
  "guilds.setIcon": {
    fields: { guildId, image: union(image, oneOf(null)) },
    base: { guildId: "{guild}", image: "not image data" },
  },
  "guilds.transferOwnership": {
    fields: { guildId: id("removableGuild", "hiddenGuild"), userId: id("user", "hiddenUser") },
    base: { guildId: "{hiddenGuild}", userId: "{user}" },
  },

  "emojis.forSettings": { fields: { guildId }, base: { guildId: "{hiddenGuild}" } },
  "emojis.upload": {
    fields: { guildId, name: str(100, ["fuzz_upload", "no spaces!"]), image },
    base: { guildId: "{guild}", name: "fuzz_upload", image: "not image data" },
  },
  "emojis.rename": {
    fields: { guildId, emojiId: id("emojiId", "hiddenEmoji"), name: str(100, ["renamed_fuzz", "x"]) },
    base: { guildId: "{guild}", emojiId: "{hiddenEmoji}", name: "renamed_fuzz" },
  },
  "emojis.remove": {
    fields: { guildId, emojiId: id("emojiId", "hiddenEmoji") },
    base: { guildId: "{guild}", emojiId: "{hiddenEmoji}" },
  },

  "scheduledEvents.list": { fields: { guildId }, base: { guildId: "{hiddenGuild}" } },
  "scheduledEvents.create": {
    fields: { guildId, event: obj(EVENT_DRAFT, Object.keys(eventDraftBase)) },
    base: { guildId: "{guild}", event: eventDraftBase },
  },
  "scheduledEvents.update": {
    fields: { guildId, eventId, event: obj(EVENT_DRAFT) },
    base: { guildId: "{guild}", eventId: "{event}", event: { name: "Renamed fuzz event" } },
  },
  "scheduledEvents.start": { fields: { guildId, eventId }, base: { guildId: "{guild}", eventId: "{hiddenEvent}" } },
  "scheduledEvents.end": { fields: { guildId, eventId }, base: { guildId: "{guild}", eventId: "{event}" } },
  "scheduledEvents.cancel": { fields: { guildId, eventId }, base: { guildId: "{guild}", eventId: "{hiddenEvent}" } },
  "scheduledEvents.remove": { fields: { guildId, eventId }, base: { guildId: "{guild}", eventId: "{hiddenEvent}" } },
  "scheduledEvents.setInterest": {
    fields: { guildId, eventId, interested: bool },
    base: { guildId: "{guild}", eventId: "{event}", interested: true },
  },

  "auditLog.list": {
    fields: {
      guildId,
      action: int(-1, 300),
      userId: id("user", "hiddenUser"),
      cursor: union(id("message"), oneOf(null)),
      limit: int(-5, 200),
    },
    base: { guildId: "{guild}", limit: 0 },
  },

  "channelSettings.list": { fields: { guildId }, base: { guildId: "{hiddenGuild}" } },
  "channelSettings.createCategory": {
    fields: { guildId, name: str(200, ["Fuzz category", "   "]) },
    base: { guildId: "{guild}", name: "" },
  },
  "channelSettings.update": {
    fields: {
      channelId: id("thread", "voice", "hiddenChannel"),
      name: str(200, ["renamed-fuzz"]),
      topic: union(str(2000), oneOf(null)),
      nsfw: bool,
    },
    base: { channelId: "{hiddenChannel}", name: "renamed-fuzz" },
  },
  "channelSettings.remove": { fields: { channelId: id("hiddenChannel") }, base: { channelId: "{hiddenChannel}" } },
  "channelSettings.arrange": {
    fields: {
      guildId,
      entries: arr(obj({ id: channelId, position: int(-5, 2 ** 31), parentId: union(channelId, oneOf(null)) }), 500),
    },
    base: { guildId: "{guild}", entries: [] },
  },
  "channelSettings.setOverwrites": {
    fields: {
      channelId: id("thread", "hiddenChannel"),
      overwrites: arr(obj({ id: roleId, type: int(-1, 3), allow: bits, deny: bits }), 101),
    },
    base: { channelId: "{hiddenChannel}", overwrites: [] },
  },
  "channelSettings.effective": {
    fields: {
      channelId,
      userId: id("user", "owner", "bot", "hiddenUser"),
      overwrites: arr(obj({ id: roleId, type: int(-1, 3), allow: bits, deny: bits }), 101),
    },
    base: { channelId: "{hiddenChannel}", userId: "{user}" },
  },
  "roles.settings": { fields: { guildId }, base: { guildId: "{hiddenGuild}" } },
  "roles.create": { fields: { guildId, ...roleFields }, base: { guildId: "{guild}", name: "a role" } },
  "roles.update": {
    fields: { guildId, roleId, ...roleFields },
    base: { guildId: "{guild}", roleId: "{guild}", name: "renamed everyone" },
  },
  "roles.move": {
    fields: { guildId, roleId, position: int(0, 2 ** 31 - 1) },
    base: { guildId: "{guild}", roleId: "{guild}", position: 3 },
  },
  "roles.remove": { fields: { guildId, roleId }, base: { guildId: "{guild}", roleId: "{guild}" } },

  "commands.forChannel": { fields: { channelId }, base: { channelId: "{hiddenChannel}" } },
  "interactions.useCommand": {
    fields: {
      channelId,
      commandId: id("command", "globalCommand", "hiddenCommand"),
      options: arr(obj({ name: str(32, ["text"]), type: int(1, 11), value: union(str(6000), int(), bool) }), 25),
      targetId: id("user", "message", "hiddenUser", "hiddenMessage"),
      tabId: str(64),
    },
    base: { channelId: "{channel}", commandId: "{hiddenCommand}" },
  },
  "interactions.autocomplete": {
    fields: {
      channelId,
      commandId: id("command", "globalCommand", "hiddenCommand"),
      options: arr(
        obj({ name: str(32, ["text"]), type: int(1, 11), value: union(str(6000), int(), bool), focused: bool }),
        25,
      ),
      tabId: str(64),
    },
    base: {
      channelId: "{channel}",
      commandId: "{hiddenCommand}",
      options: [{ name: "text", type: 3, value: "", focused: true }],
    },
  },
  "interactions.useComponent": {
    fields: {
      channelId,
      messageId: id("message", "otherMessage", "hiddenMessage"),
      customId: str(100, ["again"], 1),
      values: arr(str(100), 25),
      tabId: str(64),
    },
    base: { channelId: "{channel}", messageId: "{message}", customId: "no-such-button" },
  },
  "interactions.submitForm": {
    fields: {
      interactionId: id("message", "hiddenMessage"),
      answers: obj({ name: union(str(8000), arr(str(100), 25)), pick: arr(str(100), 25) }),
      tabId: str(64),
    },
    base: { interactionId: "{message}", answers: { name: "an answer" } },
  },
  "uploads.create": {
    fields: {
      channelId,
      filename: str(1024, ["notes.txt", "../../etc/passwd", "a\u0000b"], 1),
      contentType: union(oneOf("text/plain", "image/png", null), str(255)),
      data: str(4096, ["aGVsbG8=", "", "not base64!"]),
    },
    base: { channelId: "{hiddenChannel}", filename: "notes.txt", data: "aGVsbG8=" },
  },
  "uploads.remove": {
    fields: { uploadIds: arr(id("message", "hiddenMessage"), 60) },
    base: { uploadIds: ["{hiddenMessage}"] },
  },

  "invites.preview": { fields: { code: inviteCode }, base: { code: "{invite}" } },
  "invites.createOrReuse": {
    fields: { channelId, maxAge: int(-1, 2_592_001), maxUses: int(-1, 1001) },
    base: { channelId: "{hiddenChannel}", maxAge: 86_400, maxUses: 0 },
  },
  "invites.listForGuild": { fields: { guildId }, base: { guildId: "{hiddenGuild}" } },
  // The invite slot is made again when a case revokes it.
  "invites.revoke": { fields: { guildId, code: inviteCode }, base: { guildId: "{hiddenGuild}", code: "{invite}" } },
  "invites.accept": { fields: { code: inviteCode }, base: { code: "{invite}" } },

  "moderation.standing": { fields: { guildId }, base: { guildId: "{hiddenGuild}" } },
  "moderation.addRole": {
    fields: { guildId, userId: id("user", "owner", "bot", "hiddenUser"), roleId: id("role", "guild", "hiddenRole") },
    base: { guildId: "{guild}", userId: "{user}", roleId: "{hiddenRole}" },
  },
  "moderation.removeRole": {
    fields: { guildId, userId: id("user", "owner", "bot", "hiddenUser"), roleId: id("role", "guild", "hiddenRole") },
    base: { guildId: "{guild}", userId: "{bot}", roleId: "{guild}" },
  },
  // Never the bot: the world's bot must stay (the user slot is made again when a case removes it).
  "moderation.kick": {
    fields: { guildId, userId: id("user", "owner", "hiddenUser") },
    base: { guildId: "{guild}", userId: "{owner}" },
  },
  "moderation.ban": {
    fields: { guildId, userId: id("user", "owner", "hiddenUser", "bannedUser") },
    base: { guildId: "{guild}", userId: "{hiddenUser}" },
  },
  "moderation.bans": { fields: { guildId }, base: { guildId: "{hiddenGuild}" } },
  "moderation.unban": {
    fields: { guildId, userId: id("bannedUser", "user") },
    base: { guildId: "{guild}", userId: "{user}" },
  },

  "messages.list": {
    fields: { channelId, before: id("message", "hiddenMessage"), limit: int(1, 100) },
    base: { channelId: "{channel}" },
  },
  "messages.send": {
    fields: { channelId, content: str(4000, ["hello from the web"]), nonce: str(25), replyTo: messageId },
    base: { channelId: "{channel}", content: "" },
  },
  "messages.get": {
    fields: { channelId, messageId: id("message", "otherMessage", "hiddenMessage") },
    base: { channelId: "{channel}", messageId: "{hiddenMessage}" },
  },
  "messages.edit": {
    fields: {
      channelId,
      messageId: id("message", "otherMessage", "hiddenMessage"),
      content: str(4000, ["edited from the web"]),
    },
    base: { channelId: "{channel}", messageId: "{otherMessage}", content: "" },
  },
  "messages.delete": {
    fields: { channelId, messageId: id("otherMessage", "hiddenMessage") },
    base: { channelId: "{hiddenChannel}", messageId: "{hiddenMessage}" },
  },
  "messages.typing": { fields: { channelId }, base: { channelId: "{hiddenChannel}" } },
  "live.stream": { fields: { lastEventId: str(64, ["0-0"]) }, base: {} },

  "readStates.list": {},
  "readStates.ack": {
    fields: { channelId, messageId: id("message", "otherMessage", "hiddenMessage") },
    base: { channelId: "{hiddenChannel}", messageId: "{hiddenMessage}" },
  },

  "applications.list": {},
  "applications.create": { fields: { name: str(100, ["An app"]) }, base: { name: "" } },
  "applications.get": { fields: { applicationId }, base: { applicationId: "{ownApplication}" } },
  "applications.resetBotToken": {
    fields: { applicationId: disposableApplicationId },
    base: { applicationId: "{otherApplication}" },
  },
  "applications.resetClientSecret": {
    fields: { applicationId: disposableApplicationId },
    base: { applicationId: "{otherApplication}" },
  },
  "applications.addRedirectUri": {
    fields: {
      applicationId,
      uri: str(4096, ["https://example.com/cb", "http://localhost:3000/cb", "http://example.com/cb", "https://a/#x"]),
    },
    base: { applicationId: "{ownApplication}", uri: "not a url" },
  },
  "applications.removeRedirectUri": {
    fields: { applicationId, uri: str(4096, [LOGIN_REDIRECT, "https://nowhere.example/"]) },
    base: { applicationId: "{ownApplication}", uri: "https://nowhere.example/" },
  },
  "applications.rename": {
    fields: { applicationId, name: str(100, ["Renamed App"]) },
    base: { applicationId: "{ownApplication}", name: "" },
  },
  "applications.setBotPublic": {
    fields: { applicationId, botPublic: bool },
    base: { applicationId: "{otherApplication}", botPublic: false },
  },
  "applications.setIcon": {
    fields: { applicationId, image: image },
    base: { applicationId: "{ownApplication}", image: "not image data" },
  },
  "applications.delete": {
    fields: { applicationId: disposableApplicationId },
    base: { applicationId: "{otherApplication}" },
  },

  "oauth2.application": { fields: { clientId: applicationId }, base: { clientId: "{loginApp}" } },
  "oauth2.authorizeBot": {
    fields: { clientId: applicationId, guildId, permissions: bits },
    base: { clientId: "{ownApplication}", guildId: "{hiddenGuild}", permissions: "8" },
  },
  "oauth2.loginRequest": { fields: { query: AUTHORIZE_QUERY }, base: authorizeBase },
  "oauth2.approveLogin": {
    fields: { query: AUTHORIZE_QUERY },
    base: { query: { ...authorizeBase.query, redirect_uri: "https://evil.example/cb" } },
  },

  "voice.status": {},
  "voice.join": { fields: { channelId, selfMute: bool, selfDeaf: bool }, base: { channelId: "{hiddenChannel}" } },
  "voice.leave": { fields: { guildId }, base: { guildId: "{hiddenGuild}" } },
  "voice.setSelf": {
    fields: { guildId, selfMute: bool, selfDeaf: bool },
    base: { guildId: "{hiddenGuild}", selfMute: true },
  },
  "voice.states": { fields: { guildId }, base: { guildId: "{hiddenGuild}" } },

  "composer.context": { fields: { channelId }, base: { channelId: "{hiddenChannel}" } },
  "composer.send": {
    fields: {
      channelId,
      content: str(4000, ["with files"]),
      nonce: str(25),
      replyTo: messageId,
      attachments: arr(
        obj({ uploadId: id("message", "hiddenMessage"), description: union(str(1024), oneOf(null)) }),
        12,
      ),
    },
    base: { channelId: "{channel}", content: "", attachments: [{ uploadId: "{hiddenMessage}" }] },
  },

  "threads.list": { fields: { channelId }, base: { channelId: "{hiddenChannel}" } },
  "threads.get": { fields: { threadId }, base: { threadId: "{hiddenChannel}" } },
  "threads.create": {
    fields: { channelId, name: str(200, ["fuzz thread"]) },
    base: { channelId: "{channel}", name: "" },
  },
  "threads.createFromMessage": {
    fields: { channelId, messageId, name: str(200, ["from a message"]) },
    base: { channelId: "{channel}", messageId: "{hiddenMessage}", name: "x" },
  },
  "threads.join": { fields: { threadId }, base: { threadId: "{hiddenChannel}" } },
  "threads.leave": { fields: { threadId }, base: { threadId: "{hiddenChannel}" } },
  "threads.setArchived": {
    fields: { threadId, archived: bool },
    base: { threadId: "{hiddenChannel}", archived: true },
  },

  "people.dms": {},
  "people.me": {},
  "people.openDm": { fields: { userId: id("user", "hiddenUser") }, base: { userId: "{hiddenUser}" } },
  "people.updateProfile": {
    fields: { globalName: union(str(200, ["Fuzzy"]), oneOf(null)), avatar: union(image, oneOf(null)) },
    base: { globalName: "x".repeat(40) },
  },
  // The owner owns guilds and applications, so even the right word and password are refused.
  "people.deleteAccount": {
    fields: { confirmation: str(100, ["DELETE"]), password: str(1024, ["not the password"]) },
    base: { confirmation: "nope", password: "not the password" },
  },

  "social.abilities": { fields: { channelId }, base: { channelId: "{hiddenChannel}" } },
  "social.react": {
    fields: { channelId, messageId, emoji },
    base: { channelId: "{channel}", messageId: "{hiddenMessage}", emoji: "👍" },
  },
  "social.unreact": {
    fields: { channelId, messageId, emoji },
    base: { channelId: "{channel}", messageId: "{hiddenMessage}", emoji: "👍" },
  },
  "social.reactors": {
    fields: { channelId, messageId, emoji },
    base: { channelId: "{hiddenChannel}", messageId: "{hiddenMessage}", emoji: "👍" },
  },
  "social.pins": { fields: { channelId }, base: { channelId: "{hiddenChannel}" } },
  "social.pin": { fields: { channelId, messageId }, base: { channelId: "{channel}", messageId: "{hiddenMessage}" } },
  "social.unpin": { fields: { channelId, messageId }, base: { channelId: "{channel}", messageId: "{hiddenMessage}" } },
  "social.guildEmojis": { fields: { guildId }, base: { guildId: "{hiddenGuild}" } },

  "authorizedApps.list": {},
  "authorizedApps.remove": {
    fields: { applicationId: id("loginApp", "ownApplication") },
    base: { applicationId: "{loginApp}" },
  },
};
