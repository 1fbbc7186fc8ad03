import {
  type ApplicationCommand,
  AttachmentBuilder,
  Client,
  DiscordAPIError,
  EmbedBuilder,
  Events,
  type Message,
  type TextChannel,
  version,
} from "discord.js";
import {
  type BotLibrary,
  type LibraryConnection,
  MessageLog,
  type SeenCommand,
  type SeenMessage,
} from "../bot-library";
import { discordJsInteractions } from "./discordjs-interactions";
import { discordJsVoice } from "./discordjs-voice";

function seen(message: Message): SeenMessage {
  return {
    id: message.id,
    channelId: message.channelId,
    authorId: message.author.id,
    content: message.content,
    embedTitles: message.embeds.map((e) => e.title ?? ""),
    attachmentNames: [...message.attachments.values()].map((a) => a.name),
    referencedMessageId: message.reference?.messageId ?? null,
  };
}

function seenCommand(command: ApplicationCommand): SeenCommand {
  return { id: command.id, name: command.name, applicationId: command.applicationId };
}

/** discord.js 14, configured as its guide says: `rest.api` names our REST root. */
export function createDiscordJsBot(connection: LibraryConnection): BotLibrary {
  const client = new Client({ intents: connection.intents, rest: { api: connection.api, version: "10" } });
  const received = new MessageLog();
  let resumes = 0;
  const problems: string[] = [];
  client.on(Events.Warn, (warning) => problems.push(`warn: ${warning}`));
  client.on(Events.Error, (error) => problems.push(`error: ${error.stack ?? error.message}`));
  client.on(Events.MessageCreate, (message) => received.push(seen(message)));
  client.on(Events.ShardResume, () => resumes++);

  const requireApplication = () => {
    if (!client.application) throw new Error("discord.js has no application before READY");
    return client.application;
  };
  const channel = async (id: string) => (await client.channels.fetch(id)) as TextChannel;
  const message = async (channelId: string, id: string) =>
    (await channel(channelId)).messages.fetch({ message: id, force: true });

  const interactions = discordJsInteractions(client, seen, problems);

  return {
    name: `discord.js ${version}`,
    received,
    interactions,
    voice: discordJsVoice(client),
    async login() {
      const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
      await client.login(connection.token);
      await ready;
    },
    selfId: () => client.user?.id ?? "",
    applicationId: () => client.application?.id ?? "",
    cachedGuild(id) {
      const guild = client.guilds.cache.get(id);
      if (!guild) return undefined;
      return {
        id: guild.id,
        name: guild.name,
        channelIds: [...guild.channels.cache.keys()],
        roleIds: [...guild.roles.cache.keys()],
        memberIds: [...guild.members.cache.keys()],
      };
    },
    resumes: () => resumes,
    problems: () => problems,
    async send(channelId, outgoing) {
      const sent = await (await channel(channelId)).send({
        content: outgoing.content,
        embeds: [new EmbedBuilder().setTitle(outgoing.embed.title).setDescription(outgoing.embed.description)],
        files: [new AttachmentBuilder(outgoing.file.data, { name: outgoing.file.name })],
      });
      return seen(sent);
    },
    async reply(channelId, messageId, content) {
      return seen(await (await message(channelId, messageId)).reply(content));
    },
    async react(channelId, messageId, emoji) {
      await (await message(channelId, messageId)).react(emoji);
    },
    async reactionUserIds(channelId, messageId, emoji) {
      const reaction = (await message(channelId, messageId)).reactions.resolve(emoji);
      return reaction ? [...(await reaction.users.fetch()).keys()] : [];
    },
    async edit(channelId, messageId, content) {
      return seen(await (await message(channelId, messageId)).edit(content));
    },
    async delete(channelId, messageId) {
      await (await channel(channelId)).messages.delete(messageId);
    },
    async history(channelId, page) {
      const messages = await (await channel(channelId)).messages.fetch({
        limit: page.limit,
        before: page.before,
        cache: false,
      });
      return [...messages.keys()];
    },
    async setGlobalCommands(commands) {
      return [...(await requireApplication().commands.set(commands)).values()].map(seenCommand);
    },
    async globalCommands() {
      return [...(await requireApplication().commands.fetch()).values()].map(seenCommand);
    },
    async fetchChannelExpectingError(channelId) {
      try {
        await client.channels.fetch(channelId, { force: true });
      } catch (error) {
        const e = error as DiscordAPIError;
        return { isLibraryError: error instanceof DiscordAPIError, code: Number(e.code), status: e.status };
      }
      throw new Error("the channel was fetched");
    },
    async destroy() {
      await client.destroy();
    },
  };
}
