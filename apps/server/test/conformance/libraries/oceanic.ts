import { ApplicationCommandTypes, Client, DiscordRESTError, type Message, VERSION } from "oceanic.js";
import {
  type BotLibrary,
  type LibraryConnection,
  MessageLog,
  type SeenCommand,
  type SeenMessage,
} from "../bot-library";
import { oceanicInteractions } from "./oceanic-interactions";

function seen(message: Message): SeenMessage {
  return {
    id: message.id,
    channelId: message.channelID,
    authorId: message.author.id,
    content: message.content,
    embedTitles: message.embeds.map((e) => e.title ?? ""),
    attachmentNames: [...message.attachments.values()].map((a) => a.filename),
    referencedMessageId: message.messageReference?.messageID ?? null,
  };
}

function seenCommand(command: { id: string; name: string; applicationID: string }): SeenCommand {
  return { id: command.id, name: command.name, applicationId: command.applicationID };
}

/**
 * Oceanic's `debug` channel is mostly chatter (every request, every packet sent), but a few of
 * its lines are complaints about what it was answered; those count as problems.
 */
const DEBUG_COMPLAINTS = [
  /^Missing ratelimit headers/, // a non-GET answer without X-RateLimit-Limit/-Remaining
  /^Unexpected 502/,
  /^Heartbeat timeout/,
  /^Automatically invalidating session/,
  /^Missing guild in /,
  /^Rogue presence/,
];

/** Oceanic.js 1.15, configured as its docs say: `rest.baseURL` is our REST root including /api/v10. */
export function createOceanicBot(connection: LibraryConnection): BotLibrary {
  const client = new Client({
    auth: `Bot ${connection.token}`,
    rest: { baseURL: connection.base },
    gateway: { intents: connection.intents },
  });
  const received = new MessageLog();
  let resumes = 0;
  const problems: string[] = [];
  client.on("warn", (message, shard) =>
    problems.push(`warn${shard === undefined ? "" : ` (shard ${shard})`}: ${message}`),
  );
  client.on("error", (error, shard) =>
    problems.push(
      `error${shard === undefined ? "" : ` (shard ${shard})`}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    ),
  );
  client.on("debug", (info, shard) => {
    if (DEBUG_COMPLAINTS.some((complaint) => complaint.test(info)))
      problems.push(`debug${shard === undefined ? "" : ` (shard ${shard})`}: ${info}`);
  });
  client.on("messageCreate", (message) => received.push(seen(message)));
  client.on("shardResume", () => resumes++);

  const interactions = oceanicInteractions(client, seen, problems);

  return {
    name: `Oceanic.js ${VERSION}`,
    received,
    interactions,
    async login() {
      const ready = new Promise<void>((resolve) => client.once("ready", () => resolve()));
      await client.connect();
      await ready;
    },
    selfId: () => client.user.id,
    applicationId: () => client.application.id,
    cachedGuild(id) {
      const guild = client.guilds.get(id);
      if (!guild) return undefined;
      return {
        id: guild.id,
        name: guild.name,
        channelIds: [...guild.channels.keys()],
        roleIds: [...guild.roles.keys()],
        memberIds: [...guild.members.keys()],
      };
    },
    resumes: () => resumes,
    problems: () => problems,
    async send(channelId, outgoing) {
      const sent = await client.rest.channels.createMessage(channelId, {
        content: outgoing.content,
        embeds: [{ title: outgoing.embed.title, description: outgoing.embed.description }],
        files: [{ name: outgoing.file.name, contents: outgoing.file.data }],
      });
      return seen(sent);
    },
    async reply(channelId, messageId, content) {
      return seen(
        await client.rest.channels.createMessage(channelId, { content, messageReference: { messageID: messageId } }),
      );
    },
    async react(channelId, messageId, emoji) {
      await client.rest.channels.createReaction(channelId, messageId, emoji);
    },
    async reactionUserIds(channelId, messageId, emoji) {
      return (await client.rest.channels.getReactions(channelId, messageId, emoji)).map((user) => user.id);
    },
    async edit(channelId, messageId, content) {
      return seen(await client.rest.channels.editMessage(channelId, messageId, { content }));
    },
    async delete(channelId, messageId) {
      await client.rest.channels.deleteMessage(channelId, messageId);
    },
    async history(channelId, page) {
      const messages = await client.rest.channels.getMessages(channelId, { limit: page.limit, before: page.before });
      return messages.map((m) => m.id);
    },
    async setGlobalCommands(commands) {
      return (
        await client.application.bulkEditGlobalCommands(
          commands.map((c) => ({ type: ApplicationCommandTypes.CHAT_INPUT, ...c })),
        )
      ).map(seenCommand);
    },
    async globalCommands() {
      return (await client.application.getGlobalCommands()).map(seenCommand);
    },
    async fetchChannelExpectingError(channelId) {
      try {
        await client.rest.channels.get(channelId);
      } catch (error) {
        const e = error as DiscordRESTError;
        return { isLibraryError: error instanceof DiscordRESTError, code: Number(e.code), status: e.status };
      }
      throw new Error("the channel was fetched");
    },
    async destroy() {
      client.disconnect(false);
    },
  };
}
