import {
  type APIApplicationCommand,
  type APIMessage,
  Client,
  GatewayDispatchEvents,
  type GatewayGuildCreateDispatchData,
} from "@discordjs/core";
import { DiscordAPIError, REST } from "@discordjs/rest";
import { CompressionMethod, WebSocketManager, WebSocketShardEvents } from "@discordjs/ws";
import {
  type BotLibrary,
  type CachedGuild,
  eventually,
  type LibraryConnection,
  MessageLog,
  type SeenCommand,
  type SeenMessage,
} from "../bot-library";
import { discordJsCoreInteractions } from "./discordjs-core-interactions";
import { discordJsCoreVoice } from "./discordjs-core-voice";

function seen(message: APIMessage): SeenMessage {
  return {
    id: message.id,
    channelId: message.channel_id,
    authorId: message.author.id,
    content: message.content,
    embedTitles: message.embeds.map((e) => e.title ?? ""),
    attachmentNames: message.attachments.map((a) => a.filename),
    referencedMessageId: message.message_reference?.message_id ?? null,
  };
}

function seenCommand(command: APIApplicationCommand): SeenCommand {
  return { id: command.id, name: command.name, applicationId: command.application_id };
}

function cached(guild: GatewayGuildCreateDispatchData): CachedGuild {
  return {
    id: guild.id,
    name: guild.name,
    channelIds: guild.channels.map((c) => c.id),
    roleIds: guild.roles.map((r) => r.id),
    memberIds: guild.members.flatMap((m) => (m.user ? [m.user.id] : [])),
  };
}

/**
 * @discordjs/core 2 over @discordjs/rest and @discordjs/ws, as their docs set them up;
 * the gateway compresses with zlib-stream on Node's own zlib. It keeps no cache: the guild
 * it knows is the GUILD_CREATE it handed to the bot.
 */
export function createDiscordJsCoreBot(connection: LibraryConnection): BotLibrary {
  const rest = new REST({ api: connection.api, version: "10" }).setToken(connection.token);
  const gateway = new WebSocketManager({
    token: connection.token,
    intents: connection.intents,
    rest,
    compression: CompressionMethod.ZlibNative,
  });
  const client = new Client({ rest, gateway });
  const received = new MessageLog();
  const guilds = new Map<string, CachedGuild>();
  const problems: string[] = [];
  let resumes = 0;
  let self = { userId: "", applicationId: "", guildIds: [] as string[] };

  client.on(GatewayDispatchEvents.Ready, ({ data }) => {
    self = { userId: data.user.id, applicationId: data.application.id, guildIds: data.guilds.map((g) => g.id) };
  });
  client.on(GatewayDispatchEvents.GuildCreate, ({ data }) => guilds.set(data.id, cached(data)));
  client.on(GatewayDispatchEvents.MessageCreate, ({ data }) => received.push(seen(data)));
  gateway.on(WebSocketShardEvents.Resumed, () => resumes++);
  gateway.on(WebSocketShardEvents.Error, (error) => problems.push(`error: ${error.stack ?? error.message}`));

  const interactions = discordJsCoreInteractions(client, () => self.applicationId, seen, problems);

  return {
    name: "@discordjs/core",
    received,
    interactions,
    voice: discordJsCoreVoice(client),
    async login() {
      await gateway.connect();
      await eventually(
        () => self.userId !== "" && self.guildIds.every((id) => guilds.has(id)),
        "READY and every GUILD_CREATE",
      );
      // The REST side's own view of the bot (GET /users/%40me, /applications/%40me) must agree with READY.
      const [user, application] = await Promise.all([
        client.api.users.getCurrent(),
        client.api.applications.getCurrent(),
      ]);
      if (user.id !== self.userId || application.id !== self.applicationId)
        problems.push(`REST says ${user.id}/${application.id}, READY ${self.userId}/${self.applicationId}`);
    },
    selfId: () => self.userId,
    applicationId: () => self.applicationId,
    cachedGuild: (id) => guilds.get(id),
    resumes: () => resumes,
    problems: () => problems,
    async send(channelId, outgoing) {
      const message = await client.api.channels.createMessage(channelId, {
        content: outgoing.content,
        embeds: [{ title: outgoing.embed.title, description: outgoing.embed.description }],
        files: [{ name: outgoing.file.name, data: outgoing.file.data }],
      });
      return seen(message);
    },
    async reply(channelId, messageId, content) {
      return seen(
        await client.api.channels.createMessage(channelId, { content, message_reference: { message_id: messageId } }),
      );
    },
    async react(channelId, messageId, emoji) {
      await client.api.channels.addMessageReaction(channelId, messageId, emoji);
    },
    async reactionUserIds(channelId, messageId, emoji) {
      return (await client.api.channels.getMessageReactions(channelId, messageId, emoji)).map((u) => u.id);
    },
    async edit(channelId, messageId, content) {
      return seen(await client.api.channels.editMessage(channelId, messageId, { content }));
    },
    async delete(channelId, messageId) {
      await client.api.channels.deleteMessage(channelId, messageId);
    },
    async history(channelId, page) {
      return (await client.api.channels.getMessages(channelId, { limit: page.limit, before: page.before })).map(
        (m) => m.id,
      );
    },
    async setGlobalCommands(commands) {
      return (await client.api.applicationCommands.bulkOverwriteGlobalCommands(self.applicationId, commands)).map(
        seenCommand,
      );
    },
    async globalCommands() {
      return (await client.api.applicationCommands.getGlobalCommands(self.applicationId)).map(seenCommand);
    },
    async fetchChannelExpectingError(channelId) {
      try {
        await client.api.channels.get(channelId);
      } catch (error) {
        const e = error as DiscordAPIError;
        return { isLibraryError: error instanceof DiscordAPIError, code: Number(e.code), status: e.status };
      }
      throw new Error("the channel was fetched");
    },
    async destroy() {
      await gateway.destroy();
    },
  };
}
