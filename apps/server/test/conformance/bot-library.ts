import { type BotInteractions, WaitableLog } from "./bot-interactions";
import type { BotVoice } from "./bot-voice";

/**
 * What the conformance scenario asks of a bot library. Each adapter in ./libraries drives one
 * unmodified library through its own public API (configured the way its docs say) and
 * reports what the library made of our answers in these library-neutral shapes.
 */

/** A message as the library parsed it (from a REST answer or a MESSAGE_CREATE). */
export interface SeenMessage {
  id: string;
  channelId: string;
  authorId: string;
  content: string;
  embedTitles: string[];
  attachmentNames: string[];
  /** The replied-to message's id, from `message_reference`. */
  referencedMessageId: string | null;
}

/** The guild as it stands in the library's cache (or, for cacheless libraries, its GUILD_CREATE). */
export interface CachedGuild {
  id: string;
  name: string;
  channelIds: string[];
  roleIds: string[];
  memberIds: string[];
}

/** A refusal as the library raised it. */
export interface RaisedError {
  /** The error is the library's own REST error class (e.g. DiscordAPIError, DiscordRESTError). */
  isLibraryError: boolean;
  /** The spec's code, read from the library's error object. */
  code: number;
  /** The HTTP status, read from the library's error object. */
  status: number;
}

/** A slash command to register. */
export interface CommandSpec {
  name: string;
  description: string;
}

/** A registered command as the library parsed it. */
export interface SeenCommand {
  id: string;
  name: string;
  applicationId: string;
}

export interface OutgoingMessage {
  content: string;
  embed: { title: string; description: string };
  file: { name: string; data: Buffer };
}

export interface BotLibrary {
  /** The library's name and version, for test titles. */
  readonly name: string;
  /** Connects; resolves once READY and every GUILD_CREATE have reached the library. */
  login(): Promise<void>;
  /** The bot's user id as the library learnt it from READY. */
  selfId(): string;
  /** The application id as the library learnt it (READY's `application`, or the token). */
  applicationId(): string;
  cachedGuild(guildId: string): CachedGuild | undefined;
  /** MESSAGE_CREATEs the library has emitted, oldest first, since login. */
  readonly received: MessageLog;
  /** Incremented each time the library reports a resumed session. */
  resumes(): number;
  /**
   * Warnings and errors the library reported through its own channels (warn/error events,
   * its logger at warn level and above) since it was created: each one is a payload of ours
   * it could not take, or a protocol step it did not expect.
   */
  problems(): string[];
  send(channelId: string, message: OutgoingMessage): Promise<SeenMessage>;
  reply(channelId: string, messageId: string, content: string): Promise<SeenMessage>;
  react(channelId: string, messageId: string, emoji: string): Promise<void>;
  reactionUserIds(channelId: string, messageId: string, emoji: string): Promise<string[]>;
  edit(channelId: string, messageId: string, content: string): Promise<SeenMessage>;
  delete(channelId: string, messageId: string): Promise<void>;
  /** Message ids, newest first, as the library pages them. */
  history(channelId: string, page: { limit: number; before?: string }): Promise<string[]>;
  /** Replaces the application's global slash commands with these (bulk overwrite); answers them as the library read them. */
  setGlobalCommands(commands: CommandSpec[]): Promise<SeenCommand[]>;
  /** The application's global commands, as the library lists them. */
  globalCommands(): Promise<SeenCommand[]>;
  /** Fetches a channel, expecting a refusal; answers what the library raised. */
  fetchChannelExpectingError(channelId: string): Promise<RaisedError>;
  /** Commands and interactions (the interactions scenario). */
  readonly interactions: BotInteractions;
  /** Voice through its REST and gateway clients (the voice scenario; the libraries the spec names for it). */
  readonly voice?: BotVoice;
  destroy(): Promise<void>;
}

/** MESSAGE_CREATEs a library emitted, with a wait for the next one that matches. */
export class MessageLog extends WaitableLog<SeenMessage> {
  constructor() {
    super("MESSAGE_CREATE");
  }
}

/** Resolves when `check` holds, polling; rejects after `timeoutMs` naming `what`. */
export async function eventually(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** How a library is started: the addresses and token of a bot in the test world. */
export interface LibraryConnection {
  /** http://HOST:PORT/api (discord.js `rest.api`). */
  api: string;
  /** http://HOST:PORT/api/v10 */
  base: string;
  token: string;
  intents: number;
}

export type LibraryFactory = (connection: LibraryConnection) => BotLibrary;
