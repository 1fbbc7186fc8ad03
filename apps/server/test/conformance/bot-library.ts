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
  destroy(): Promise<void>;
}

/** Messages a library emitted, with a wait for the next one that matches. */
export class MessageLog {
  private readonly messages: SeenMessage[] = [];
  private waiters: { accept: (m: SeenMessage) => boolean; resolve: (m: SeenMessage) => void }[] = [];

  push(message: SeenMessage): void {
    this.messages.push(message);
    for (const waiter of this.waiters.filter((w) => w.accept(message))) {
      waiter.resolve(message);
      this.waiters = this.waiters.filter((w) => w !== waiter);
    }
  }

  all(): readonly SeenMessage[] {
    return this.messages;
  }

  /** The first message, already seen or still to come, that passes `accept`. */
  waitFor(accept: (m: SeenMessage) => boolean, what: string, timeoutMs = 15_000): Promise<SeenMessage> {
    const seen = this.messages.find(accept);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done);
        reject(new Error(`the library emitted no MESSAGE_CREATE for ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
      const done = (m: SeenMessage) => {
        clearTimeout(timer);
        resolve(m);
      };
      this.waiters.push({ accept, resolve: done });
    });
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
