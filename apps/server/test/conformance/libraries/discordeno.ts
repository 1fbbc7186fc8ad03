import { createBot, DISCORDENO_VERSION } from "discordeno";
import {
  type BotLibrary,
  type CachedGuild,
  type LibraryConnection,
  MessageLog,
  type SeenCommand,
  type SeenMessage,
} from "../bot-library";
import { discordenoInteractions } from "./discordeno-interactions";

/** What discordeno 21 keeps of each object: it drops every field not named here. */
const desiredProperties = {
  user: { id: true, username: true },
  interaction: {
    id: true,
    applicationId: true,
    type: true,
    token: true,
    data: true,
    user: true,
    guildId: true,
    channelId: true,
    message: true,
  },
  interactionCallbackResponse: { interaction: true, resource: true },
  interactionCallback: { id: true, type: true, responseMessageId: true },
  interactionResource: { type: true, message: true },
  message: {
    id: true,
    channelId: true,
    author: true,
    content: true,
    embeds: true,
    attachments: true,
    messageReference: true,
  },
  messageReference: { messageId: true },
  attachment: { id: true, filename: true, size: true, url: true, contentType: true },
  guild: { id: true, name: true, channels: true, roles: true, members: true },
  channel: { id: true },
  role: { id: true },
  member: { id: true },
} as const;

type LogLevel = "debug" | "info" | "warn" | "error" | "fatal";
type Logger = Record<LogLevel, (...args: unknown[]) => void>;

/** What the adapter listens to, in the scenario's terms. */
interface Listeners {
  logger(name: "REST" | "GATEWAY" | "BOT"): Logger;
  ready(selfId: string, guildIds: string[]): void;
  guild(guild: CachedGuild): void;
  message(message: SeenMessage): void;
  resumed(): void;
}

/** The message shape discordeno hands over with the desired properties above. */
export interface DiscordenoMessage {
  id: bigint;
  channelId?: bigint;
  author?: { id: bigint };
  content?: string;
  embeds?: { title?: string }[];
  attachments?: { filename?: string }[];
  messageReference?: { messageId?: bigint };
}

function seenCommand(command: { id: bigint | string; name: string; applicationId: bigint | string }): SeenCommand {
  return { id: command.id.toString(), name: command.name, applicationId: command.applicationId.toString() };
}

function seen(message: DiscordenoMessage): SeenMessage {
  return {
    id: message.id.toString(),
    channelId: message.channelId?.toString() ?? "",
    authorId: message.author?.id.toString() ?? "",
    content: message.content ?? "",
    embedTitles: (message.embeds ?? []).map((e) => e.title ?? ""),
    attachmentNames: (message.attachments ?? []).map((a) => a.filename ?? ""),
    referencedMessageId: message.messageReference?.messageId?.toString() ?? null,
  };
}

/**
 * discordeno 21, configured as its docs say: `rest.proxy.baseUrl` names our REST root (it
 * requests `${baseUrl}/v${version}${route}`, version 10), the gateway URL comes from its own
 * GET /gateway/bot, `desiredProperties` names the fields the scenario reads, the logger comes
 * from `loggerFactory`.
 *
 * A `proxy.baseUrl` not starting with https://discord.com/api makes the rest manager
 * `isProxied`, and a proxied manager skips its queues and rate-limit handling altogether (a
 * 429 throws). We are not a rest proxy in front of Discord but the platform itself, so
 * `rest.isProxied` (public and writable) goes back to false: discordeno then runs its own
 * queues against `rest.baseUrl`, sending `Authorization: Bot <token>`, as it does against
 * discord.com.
 */
function configure(connection: LibraryConnection, on: Listeners) {
  const bot = createBot({
    token: connection.token,
    intents: connection.intents,
    rest: { proxy: { baseUrl: connection.api } },
    gateway: { events: { resumed: () => on.resumed() } },
    desiredProperties,
    loggerFactory: on.logger,
    events: {
      ready: (payload) =>
        on.ready(
          payload.user.id.toString(),
          payload.guilds.map((id) => id.toString()),
        ),
      guildCreate: (guild) =>
        on.guild({
          id: guild.id.toString(),
          name: guild.name,
          channelIds: [...(guild.channels?.keys() ?? [])].map(String),
          roleIds: [...(guild.roles?.keys() ?? [])].map(String),
          memberIds: [...(guild.members?.keys() ?? [])].map(String),
        }),
      messageCreate: (message) => on.message(seen(message)),
    },
  });
  bot.rest.isProxied = false;
  // No resharding check: start() would arm its 8-hour timer after the shard spawn delay (5.3 s),
  // so a bot shut down sooner had to wait that delay out first.
  bot.gateway.resharding.enabled = false;
  return bot;
}

export type DiscordenoBot = ReturnType<typeof configure>;

export interface DiscordenoBotLibrary extends BotLibrary {
  /** The discordeno bot itself, for checks outside the shared scenario. */
  readonly bot: DiscordenoBot;
}

/** discordeno rejects a refused request with a plain Error whose `cause` is `{ ok: false, status, body }`. */
interface DiscordenoRejection extends Error {
  cause: { ok: false; status: number; body?: string; error?: string };
}

export function isDiscordenoRejection(error: unknown): error is DiscordenoRejection {
  if (!(error instanceof Error) || error.message !== "Failed to send request to discord.") return false;
  const cause: unknown = error.cause;
  return (
    typeof cause === "object" &&
    cause !== null &&
    "ok" in cause &&
    cause.ok === false &&
    "status" in cause &&
    typeof cause.status === "number"
  );
}

export function createDiscordenoBot(connection: LibraryConnection): DiscordenoBotLibrary {
  const received = new MessageLog();
  const problems: string[] = [];
  const guilds = new Map<string, CachedGuild>();
  let resumes = 0;
  let self = "";
  let readyGuildIds: string[] | undefined;

  const describe = (args: unknown[]) =>
    args
      .map((a) => (a instanceof Error ? (a.stack ?? a.message) : typeof a === "string" ? a : JSON.stringify(a)))
      .join(" ");
  // The REST logger's last "request fetched from URL with status N": sendRequest logs it at
  // debug and, synchronously right after, hands the status to its invalid-request bucket.
  let lastResponse = "";
  const bot = configure(connection, {
    // discordeno logs through one logger per part (REST, GATEWAY, BOT); warn and above is the library reporting a problem.
    logger: (name) => ({
      debug(...args) {
        const line = String(args[0]);
        if (line.startsWith("request fetched from ")) lastResponse = line;
      },
      info() {},
      warn(...args) {
        const line = describe(args);
        // The invalid-request bucket (Discord's 10,000 per 10 minutes of 401, 403 and 429) warns on
        // each one it counts. A 429 is the rate-limit protocol step the scenario provokes and the
        // library waits out, as discord.js reports it on its rateLimited event, not as a warning:
        // only a counted 401 or 403 is a problem.
        if (
          name === "REST" &&
          line.startsWith("[InvalidBucket] an invalid request was made") &&
          / with status 429 /.test(lastResponse)
        )
          return;
        problems.push(`${name} warn: ${line}${line.startsWith("[InvalidBucket]") ? ` (after: ${lastResponse})` : ""}`);
      },
      error: (...args) => problems.push(`${name} error: ${describe(args)}`),
      fatal: (...args) => problems.push(`${name} fatal: ${describe(args)}`),
    }),
    ready(selfId, guildIds) {
      self = selfId;
      readyGuildIds = guildIds;
    },
    guild: (guild) => guilds.set(guild.id, guild),
    message: (message) => received.push(message),
    resumed: () => resumes++,
  });

  // discordeno's events may be assigned on the bot after it is created.
  const { interactions, handle } = discordenoInteractions(bot, seen, problems);
  bot.events.interactionCreate = handle;

  const loggedIn = () => readyGuildIds?.every((id) => guilds.has(id)) === true;

  return {
    name: `discordeno ${DISCORDENO_VERSION}`,
    bot,
    received,
    interactions,
    async login() {
      const start = bot.start();
      // start() resolves only after the shard spawn delay (5.3 s); READY and the GUILD_CREATEs come first.
      await new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => {
          if (!loggedIn()) return;
          clearInterval(timer);
          resolve();
        }, 25);
        start.catch((error: unknown) => {
          clearInterval(timer);
          reject(error);
        });
      });
    },
    selfId: () => self,
    applicationId() {
      // READY's application id (bot.applicationId) and the token's (rest.applicationId, used in REST routes) must agree.
      const fromReady = bot.applicationId.toString();
      const fromToken = bot.rest.applicationId.toString();
      return fromReady === fromToken ? fromToken : `${fromToken} (token, used by REST) != ${fromReady} (READY)`;
    },
    cachedGuild: (id) => guilds.get(id),
    resumes: () => resumes,
    problems: () => problems,
    async send(channelId, outgoing) {
      const sent = await bot.helpers.sendMessage(channelId, {
        content: outgoing.content,
        embeds: [{ title: outgoing.embed.title, description: outgoing.embed.description }],
        files: [{ name: outgoing.file.name, blob: new Blob([new Uint8Array(outgoing.file.data)]) }],
      });
      return seen(sent);
    },
    async reply(channelId, messageId, content) {
      return seen(
        await bot.helpers.sendMessage(channelId, { content, messageReference: { messageId, failIfNotExists: true } }),
      );
    },
    async react(channelId, messageId, emoji) {
      await bot.helpers.addReaction(channelId, messageId, emoji);
    },
    async reactionUserIds(channelId, messageId, emoji) {
      return (await bot.helpers.getReactions(channelId, messageId, emoji)).map((user) => user.id.toString());
    },
    async edit(channelId, messageId, content) {
      return seen(await bot.helpers.editMessage(channelId, messageId, { content }));
    },
    async delete(channelId, messageId) {
      await bot.helpers.deleteMessage(channelId, messageId);
    },
    async history(channelId, page) {
      const messages = await bot.helpers.getMessages(
        channelId,
        page.before === undefined ? { limit: page.limit } : { limit: page.limit, before: page.before },
      );
      return messages.map((message) => message.id.toString());
    },
    async setGlobalCommands(commands) {
      return (await bot.helpers.upsertGlobalApplicationCommands(commands.map((c) => ({ type: 1, ...c })))).map(
        seenCommand,
      );
    },
    async globalCommands() {
      return (await bot.helpers.getGlobalApplicationCommands()).map(seenCommand);
    },
    async fetchChannelExpectingError(channelId) {
      try {
        await bot.helpers.getChannel(channelId);
      } catch (error) {
        if (!isDiscordenoRejection(error)) return { isLibraryError: false, code: Number.NaN, status: Number.NaN };
        const body = error.cause.body === undefined ? {} : (JSON.parse(error.cause.body) as { code?: unknown });
        return { isLibraryError: true, code: Number(body.code), status: error.cause.status };
      }
      throw new Error("the channel was fetched");
    },
    async destroy() {
      await bot.shutdown();
    },
  };
}
