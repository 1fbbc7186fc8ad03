import { any, arr, bits, bool, id, image, int, obj, oneOf, type Shape, str, time, union, url } from "../shapes";

/** The fields of the bot API's request bodies (spec: Resources and their fields, Endpoints). */

const EMBED = obj({
  title: str(256),
  type: oneOf("rich"),
  description: str(4096),
  url,
  timestamp: time,
  color: int(0, 0xffffff),
  footer: obj({ text: str(2048), icon_url: url }, ["text"]),
  image: obj({ url }, ["url"]),
  thumbnail: obj({ url }, ["url"]),
  author: obj({ name: str(256), url, icon_url: url }, ["name"]),
  fields: arr(obj({ name: str(256, ["n"], 1), value: str(1024, ["v"], 1), inline: bool }, ["name", "value"]), 25),
});

const PARTIAL_EMOJI = obj({ name: str(32, ["👍"]), id: id("emojiId", "hiddenEmoji"), animated: bool });

const BUTTON = obj(
  {
    type: oneOf(2),
    style: int(1, 6),
    label: str(80, ["b"]),
    custom_id: str(100, ["b1", "b2"]),
    url,
    disabled: bool,
    emoji: PARTIAL_EMOJI,
    sku_id: id("emojiId"),
  },
  ["type", "style", "label", "custom_id"],
);

const SELECT = obj(
  {
    type: oneOf(3, 5, 6, 7, 8),
    custom_id: str(100, ["s1"]),
    options: arr(
      obj(
        { label: str(100, ["l"]), value: str(100, ["v"]), description: str(100), default: bool, emoji: PARTIAL_EMOJI },
        ["label", "value"],
      ),
      25,
    ),
    placeholder: str(150),
    min_values: int(0, 25),
    max_values: int(1, 25),
    disabled: bool,
    channel_types: arr(int(0, 15), 10),
    default_values: arr(
      obj({ id: id("user", "role", "channel"), type: oneOf("user", "role", "channel") }, ["id", "type"]),
      25,
    ),
  },
  ["type", "custom_id"],
);

const COMPONENTS = arr(
  obj({ type: oneOf(1), components: arr(union(BUTTON, SELECT), 5, 1) }, ["type", "components"]),
  5,
);

const ALLOWED_MENTIONS = obj({
  parse: arr(oneOf("users", "roles", "everyone"), 3),
  users: arr(id("user", "owner"), 100),
  roles: arr(id("role"), 100),
  replied_user: bool,
});

const ATTACHMENTS = arr(
  obj({ id: union(int(0, 9), id("message")), filename: str(1024, ["a.txt"], 1), description: str(1024) }, ["id"]),
  10,
);

const MESSAGE_EDIT: Record<string, Shape> = {
  content: str(2000, ["hello", "<@1> <#2> <@&3> @everyone <:x:4>"]),
  embeds: arr(EMBED, 10),
  components: COMPONENTS,
  flags: oneOf(0, 4, 4096),
  allowed_mentions: ALLOWED_MENTIONS,
  attachments: ATTACHMENTS,
};

export const MESSAGE_CREATE: Record<string, Shape> = {
  ...MESSAGE_EDIT,
  nonce: union(str(25), int(0, 1e9)),
  tts: bool,
  message_reference: obj(
    {
      message_id: id("message", "otherMessage", "hiddenMessage"),
      channel_id: id("channel", "hiddenChannel"),
      guild_id: id("guild", "hiddenGuild"),
      fail_if_not_exists: bool,
      type: oneOf(0, 1),
    },
    ["message_id"],
  ),
  sticker_ids: arr(any, 3),
  poll: any,
  enforce_nonce: bool,
};

export { MESSAGE_EDIT };

/** An interaction callback: a type (1–12, some not allowed for the interaction) and its data (a message, flags, choices, a form). */
export const INTERACTION_CALLBACK: Record<string, Shape> = {
  type: int(1, 12),
  data: union(
    obj({ ...MESSAGE_EDIT, flags: oneOf(0, 4, 64, 4096, 32768) }),
    obj({ choices: arr(obj({ name: str(100, ["c"]), value: str(100, ["v"]) }, ["name", "value"]), 26) }),
    obj({ custom_id: str(100), title: str(45), components: any }),
  ),
};

const OVERWRITE = obj({ id: id("role", "user", "guild", "hiddenRole"), type: oneOf(0, 1), allow: bits, deny: bits }, [
  "id",
  "type",
]);

export const CHANNEL_CREATE: Record<string, Shape> = {
  name: str(100, ["new-channel", "New Voice"], 1),
  type: oneOf(0, 2, 4, 11, 13),
  topic: str(1024),
  nsfw: bool,
  parent_id: id("category", "channel", "hiddenChannel"),
  permission_overwrites: arr(OVERWRITE, 100),
  position: int(0, 100),
  bitrate: int(8000, 96000),
  user_limit: int(0, 99),
};

export const CHANNEL_EDIT: Record<string, Shape> = {
  name: str(100, ["renamed"], 1),
  topic: str(1024),
  nsfw: bool,
  parent_id: id("category", "channel", "hiddenChannel"),
  permission_overwrites: arr(OVERWRITE, 100),
  archived: bool,
  locked: bool,
  position: int(0, 100),
};

export const OVERWRITE_PUT: Record<string, Shape> = { type: oneOf(0, 1), allow: bits, deny: bits };

export const THREAD_FROM_MESSAGE: Record<string, Shape> = {
  name: str(100, ["a thread"], 1),
  auto_archive_duration: oneOf(60, 1440, 4320, 10080),
  rate_limit_per_user: int(0, 21600),
};

export const THREAD_CREATE: Record<string, Shape> = {
  ...THREAD_FROM_MESSAGE,
  type: oneOf(11, 12, 10),
  invitable: bool,
};

const ROLE_COLOR = int(0, 0xffffff);
export const ROLE_FIELDS: Record<string, Shape> = {
  name: str(100, ["a role"]),
  permissions: bits,
  color: ROLE_COLOR,
  colors: obj({ primary_color: ROLE_COLOR, secondary_color: ROLE_COLOR, tertiary_color: ROLE_COLOR }),
  hoist: bool,
  mentionable: bool,
  icon: any,
  unicode_emoji: any,
};

export const ROLE_POSITIONS = arr(
  obj({ id: id("role", "guild", "hiddenRole"), position: int(0, 2 ** 31 - 1) }, ["id"]),
  250,
  1,
);

export const MEMBER_EDIT: Record<string, Shape> = {
  roles: arr(id("role", "guild", "hiddenRole"), 250),
  nick: any,
  mute: any,
  deaf: any,
  channel_id: any,
  communication_disabled_until: any,
};

export const BAN_CREATE: Record<string, Shape> = {
  delete_message_seconds: int(0, 604800),
  delete_message_days: int(0, 7),
};

export const INVITE_CREATE: Record<string, Shape> = {
  max_age: int(0, 2_592_000),
  max_uses: int(0, 1000),
  temporary: bool,
  unique: bool,
  target_type: any,
  target_user_id: any,
  target_application_id: any,
};

const RECURRENCE = obj(
  {
    start: time,
    end: any,
    count: any,
    by_year_day: any,
    frequency: int(0, 3),
    interval: int(1, 10),
    by_weekday: arr(int(0, 6), 7),
    by_n_weekday: arr(obj({ n: int(1, 5), day: int(0, 6) }, ["n", "day"]), 7),
    by_month: arr(int(1, 12), 12),
    by_month_day: arr(int(1, 31), 31),
  },
  ["frequency"],
);

export const EVENT_CREATE: Record<string, Shape> = {
  name: str(100, ["An event"], 1),
  description: str(1000),
  scheduled_start_time: time,
  scheduled_end_time: time,
  privacy_level: oneOf(2, 1),
  entity_type: oneOf(2, 3, 1),
  channel_id: id("voice", "channel", "hiddenChannel"),
  entity_metadata: obj({ location: str(100, ["The park"], 1) }),
  image,
  recurrence_rule: RECURRENCE,
};

export const EVENT_EDIT: Record<string, Shape> = { ...EVENT_CREATE, status: int(1, 4) };

const LOCALIZATIONS = obj({ "en-US": str(32, ["name"]), fr: str(100, ["nom"]), xx: str(10) });

const OPTION_BASE = {
  type: int(1, 11),
  name: str(32, ["opt", "second"], 1),
  description: str(100, ["an option"], 1),
  name_localizations: LOCALIZATIONS,
  description_localizations: LOCALIZATIONS,
  required: bool,
  choices: arr(
    obj(
      { name: str(100, ["c"], 1), value: union(str(100, ["v"]), int(-1000, 1000)), name_localizations: LOCALIZATIONS },
      ["name", "value"],
    ),
    25,
  ),
  min_value: int(-1e9, 1e9),
  max_value: int(-1e9, 1e9),
  min_length: int(0, 6000),
  max_length: int(1, 6000),
  autocomplete: bool,
  channel_types: arr(int(0, 15), 10),
};

const OPTION = obj(
  {
    ...OPTION_BASE,
    options: arr(
      obj({ ...OPTION_BASE, options: arr(obj(OPTION_BASE, ["type", "name", "description"]), 25) }, [
        "type",
        "name",
        "description",
      ]),
      25,
    ),
  },
  ["type", "name", "description"],
);

export const COMMAND_FIELDS: Record<string, Shape> = {
  name: str(32, ["cmd", "Other Name"], 1),
  description: str(100, ["a command"]),
  type: int(1, 4),
  options: arr(OPTION, 25),
  default_member_permissions: bits,
  nsfw: bool,
  name_localizations: LOCALIZATIONS,
  description_localizations: LOCALIZATIONS,
  contexts: arr(int(0, 2), 3),
  integration_types: arr(int(0, 1), 2),
  dm_permission: bool,
  default_permission: bool,
  handler: int(1, 2),
};

export const COMMAND_LIST = arr(obj(COMMAND_FIELDS, ["name"]), 110);

export const USER_EDIT: Record<string, Shape> = {
  username: str(32, ["fuzz_bot_renamed"], 2),
  avatar: image,
  banner: any,
};

export const DM_OPEN: Record<string, Shape> = { recipient_id: id("user", "owner", "hiddenUser", "bot") };

export const BULK_DELETE: Record<string, Shape> = {
  messages: arr(id("message", "otherMessage", "hiddenMessage"), 100, 2),
};

export const TOKEN_REQUEST: Record<string, Shape> = {
  grant_type: oneOf("authorization_code", "refresh_token", "client_credentials", ""),
  code: str(200, ["not-a-code"]),
  redirect_uri: str(4096, ["https://site.example/callback", "https://site.example/other"]),
  client_id: id("loginApp", "ownApplication", "application"),
  client_secret: str(200, ["wrong secret"]),
  refresh_token: str(200, ["not-a-token"]),
  code_verifier: str(128, ["v".repeat(43)]),
  scope: str(100, ["identify"]),
};

export const REVOKE_REQUEST: Record<string, Shape> = {
  token: str(200, ["not-a-token"]),
  token_type_hint: oneOf("access_token", "refresh_token"),
  client_id: id("loginApp", "ownApplication"),
  client_secret: str(200, ["wrong secret"]),
};

/** POST /channels/{channel}/voice and PATCH /guilds/{guild}/voice-states/@me. */
export const VOICE_JOIN: Record<string, Shape> = { self_mute: bool, self_deaf: bool };
export const VOICE_STATE_EDIT: Record<string, Shape> = { ...VOICE_JOIN, channel_id: oneOf(null) };
