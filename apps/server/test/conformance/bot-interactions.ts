import {
  ApplicationCommandType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  type RESTPostAPIContextMenuApplicationCommandsJSONBody,
} from "discord-api-types/v10";
import type { SeenMessage } from "./bot-library";

/**
 * What the interactions scenario asks of a bot library, in library-neutral terms. Each adapter
 * drives its library's own interaction API (discord.js's interaction methods, @discordjs/core's
 * api.interactions, Oceanic's interaction methods, discordeno's helpers) and reports what the
 * library parsed from INTERACTION_CREATE.
 */

/** Commands as the reference platform's bulk-overwrite body (slash, user and message commands); each adapter registers them in its library's own form. */
export type CommandDefinitions = (
  | RESTPostAPIChatInputApplicationCommandsJSONBody
  | RESTPostAPIContextMenuApplicationCommandsJSONBody
)[];

/** True for user and message commands (no description, no options). */
export function isContextMenuCommand(
  command: CommandDefinitions[number],
): command is RESTPostAPIContextMenuApplicationCommandsJSONBody {
  return command.type === ApplicationCommandType.User || command.type === ApplicationCommandType.Message;
}

/** A command option as the library parsed the registered command. */
export interface SeenCommandOption {
  type: number;
  name: string;
  required: boolean;
  /** The choices' values, in order ([] without choices). */
  choices: (string | number)[];
  /** A subcommand's own options ([] otherwise). */
  options: SeenCommandOption[];
}

/** A registered command as the library parsed the server's answer. */
export interface RegisteredCommand {
  id: string;
  applicationId: string;
  type: number;
  name: string;
  options: SeenCommandOption[];
}

/** A file an attachment option names, as the library parsed it from `resolved.attachments`. */
export interface SeenAttachment {
  filename: string;
  size: number;
  contentType: string | null;
  /** Where the bot downloads it. */
  url: string;
}

/** An interaction as the library handed it to the bot. */
export interface SeenInteraction {
  id: string;
  kind: "slash" | "user" | "message" | "button" | "select" | "form";
  applicationId: string;
  guildId: string;
  channelId: string;
  /** The person who used it (the library's interaction user). */
  userId: string;
  /** Commands: the command's id and name. */
  commandId?: string;
  commandName?: string;
  /** Slash commands: the subcommand used, null when none. */
  subcommand?: string | null;
  /** Slash commands: the options' values as the library parsed them (a user option gives the user's id). */
  options?: Record<string, string | number | boolean>;
  /** Attachment options' files as the library resolved them, by attachment id (absent without any). */
  attachments?: Record<string, SeenAttachment>;
  /** Usernames of the users the library resolved (user options, a user command's target), by id. */
  users?: Record<string, string>;
  /** User and message commands: the target's id. */
  targetId?: string;
  /** Message commands: the target message's content as the library resolved it. */
  targetContent?: string;
  /** Components: the custom id, and the id of the message carrying the component. */
  customId?: string;
  messageId?: string;
  /** String selects: the values picked. */
  values?: string[];
  /** Form submits: each field's answer by custom id as the library read it (a text, or a select's values). */
  fields?: Record<string, string | string[]>;
}

/** A form's field: a text input or a string select, in a label (type 18) or, for a text input, a legacy action row. */
export interface FormFieldDefinition {
  layout: "label" | "row";
  label: string;
  description?: string;
  input:
    | {
        kind: "text";
        customId: string;
        style: "short" | "paragraph";
        required: boolean;
        maxLength?: number;
        placeholder?: string;
      }
    | { kind: "select"; customId: string; maxValues: number; options: { label: string; value: string }[] };
}

/** A form (callback type 9), built by each adapter with its library's own modal API. */
export interface FormDefinition {
  customId: string;
  title: string;
  fields: FormFieldDefinition[];
}

/** A reply, an update or a follow-up, built by each adapter with its library's own message API (builders for discord.js). */
export interface InteractionMessage {
  content: string;
  ephemeral?: boolean;
  /** One action row of buttons. */
  buttons?: { customId: string; label: string; style: "primary" | "secondary" }[];
  /** Then one action row holding a string select. */
  select?: {
    customId: string;
    placeholder: string;
    minValues: number;
    maxValues: number;
    options: { label: string; value: string }[];
  };
}

/** An interaction the library received, with its own ways of answering it. */
export interface ReceivedInteraction {
  readonly seen: SeenInteraction;
  /** Callback type 4, asking for the message back (`with_response=true`): the message as the library parsed it. */
  reply(message: InteractionMessage): Promise<SeenMessage>;
  /** Callback type 5. */
  defer(options: { ephemeral: boolean }): Promise<void>;
  /** Callback type 9 (commands and components). */
  showForm(form: FormDefinition): Promise<void>;
  /** Callback type 7 (components, and form submits from a component). */
  update(message: InteractionMessage): Promise<void>;
  /** Callback type 6 (components). */
  deferUpdate(): Promise<void>;
  /** PATCH of `@original`: the message as the library parsed the answer. */
  editReply(content: string): Promise<SeenMessage>;
  /** A follow-up: the message as the library parsed it, or null when the library asks for none back. */
  followUp(message: InteractionMessage): Promise<SeenMessage | null>;
}

/** An autocomplete interaction (type 4) as the library handed it to the bot. */
export interface SeenAutocomplete {
  id: string;
  commandName: string;
  userId: string;
  /** The option being typed into and what is typed so far, as the library read them. */
  focused: { name: string; value: string | number };
  /** The other options filled so far, by name. */
  options: Record<string, string | number | boolean>;
}

/** An autocomplete interaction the library received, with its own way of answering it. */
export interface ReceivedAutocomplete {
  readonly seen: SeenAutocomplete;
  /** Callback type 8 through the library's own call (discord.js `respond`, @discordjs/core `createAutocompleteResponse`, …). */
  respond(choices: { name: string; value: string | number }[]): Promise<void>;
}

export interface BotInteractions {
  /** Bulk-overwrites the application's commands in one guild; answers them as the library read them. */
  setGuildCommands(guildId: string, commands: CommandDefinitions): Promise<RegisteredCommand[]>;
  /** Whether the library builds label components (type 18) in forms; without them its forms are legacy rows of text inputs. */
  readonly formLabels: boolean;
  /** Libraries that wait for a form's answer where it was opened (discord.js's awaitModalSubmit): the submits it resolved with. */
  readonly formSubmitsAwaited?: WaitableLog<string>;
  /** Interactions the library emitted, oldest first, since it was created. */
  readonly received: WaitableLog<ReceivedInteraction>;
  /** Autocomplete interactions the library emitted, oldest first. */
  readonly autocompletes: WaitableLog<ReceivedAutocomplete>;
}

/** Things a library emitted, with a wait for the next one that matches. */
export class WaitableLog<T> {
  private readonly items: T[] = [];
  private waiters: { accept: (item: T) => boolean; resolve: (item: T) => void }[] = [];

  /** `what` names the kind of thing logged, for timeout messages ("MESSAGE_CREATE"). */
  constructor(private readonly what: string) {}

  push(item: T): void {
    this.items.push(item);
    for (const waiter of this.waiters.filter((w) => w.accept(item))) {
      waiter.resolve(item);
      this.waiters = this.waiters.filter((w) => w !== waiter);
    }
  }

  all(): readonly T[] {
    return this.items;
  }

  /** The first item, already seen or still to come, that passes `accept`. */
  waitFor(accept: (item: T) => boolean, description: string, timeoutMs = 15_000): Promise<T> {
    const seen = this.items.find(accept);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done);
        reject(new Error(`the library emitted no ${this.what} for ${description} within ${timeoutMs} ms`));
      }, timeoutMs);
      const done = (item: T) => {
        clearTimeout(timer);
        resolve(item);
      };
      this.waiters.push({ accept, resolve: done });
    });
  }
}
