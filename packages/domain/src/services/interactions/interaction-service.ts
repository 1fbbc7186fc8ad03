import {
  type APIApplicationCommandAutocompleteGuildInteraction,
  type APIApplicationCommandGuildInteraction,
  type APIApplicationCommandInteractionDataOption,
  type APIAutocompleteApplicationCommandInteractionData,
  type APIChatInputApplicationCommandGuildInteraction,
  type APIChatInputApplicationCommandInteractionData,
  type APIInteraction,
  type APIMessage,
  type APIMessageApplicationCommandInteractionData,
  type APIMessageComponentGuildInteraction,
  type APIMessageComponentInteractionData,
  type APIModalSubmission,
  type APIModalSubmitGuildInteraction,
  type APIUserApplicationCommandInteractionData,
  ApplicationCommandType,
  GatewayDispatchEvents,
  InteractionType,
} from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import { Errors } from "../../errors";
import { has, Permission } from "../../permissions";
import type { StoredInteractionMeta } from "../../serializers";
import type { StoredOption } from "../commands/command-options";
import type { MessageService } from "../messages/messages";
import { type ChannelAccess, channelAccess } from "../shared/access";
import { requireCommandChannel, usableCommand } from "./command-use";
import { checkComponentUse } from "./component-use";
import type { EphemeralMessages } from "./ephemeral-messages";
import { checkFormAnswers } from "./form-answers";
import { tellInteractionStatus } from "./interaction-events";
import { interactionEnvelope } from "./interaction-payload";
import {
  claimDelivery,
  deleteInteraction,
  deliveredSession,
  type InteractionRow,
  InteractionState,
  type InteractionSummary,
  insertInteraction,
  markOverdue,
  markSubmitted,
  markUndeliverable,
  removeExpired,
  reopenForms,
  stickySession,
  undoSubmitted,
} from "./interaction-rows";
import { checkAutocompleteValues, checkOptionValues } from "./option-values";
import { ResolvedEntities } from "./resolved";

export interface UseCommandInput {
  channelId: bigint;
  commandId: bigint;
  /** As the reference platform's interaction data options (name/type/value, nested for subcommands). */
  options?: APIApplicationCommandInteractionDataOption[];
  /** User commands: the user; message commands: the message. */
  targetId?: bigint;
  /** The browser tab that used it (its live stream's tab id); failures are told to it. */
  tabId?: string;
}

/** What a person has typed so far into a command's options, one of them `focused` (spec: Interaction object, type 4). */
export interface AutocompleteInput {
  channelId: bigint;
  commandId: bigint;
  options: APIApplicationCommandInteractionDataOption[];
  /** The tab typing: the choices (AUTOCOMPLETE_RESULT) and a failure are told to it alone. */
  tabId?: string;
}

export interface SubmitFormInput {
  /** The interaction the form answered. */
  interactionId: bigint;
  /** By custom_id: a text input's text, or a select's values. */
  answers: unknown;
  tabId?: string;
}

export interface UseComponentInput {
  channelId: bigint;
  messageId: bigint;
  customId: string;
  values?: string[];
  tabId?: string;
}

type CommandData =
  | APIChatInputApplicationCommandInteractionData
  | APIUserApplicationCommandInteractionData
  | APIMessageApplicationCommandInteractionData;

/**
 * People use commands and components; their application's bot receives the interaction
 * (spec: Interaction object, Interaction lifecycle). Everything is checked before anything is
 * written; then the interaction is recorded (delivered, with its deadline) and INTERACTION_CREATE
 * goes on the bus for one gateway session of the bot: the gateway nodes settle which one with
 * `claimDelivery`, or say there is none (`undeliverable`). Interactions left unanswered go with
 * `expireOverdue`. Each outcome is told to the person's tab (INTERACTION_UPDATE).
 */
export class InteractionService {
  constructor(
    private readonly ctx: DomainContext,
    private readonly messages: MessageService,
    private readonly ephemeral: EphemeralMessages,
  ) {}

  /** A person uses a command in a guild channel (slash with options, or user/message command with `targetId`). */
  async useCommand(userId: bigint, input: UseCommandInput): Promise<{ id: string }> {
    const access = await channelAccess(this.ctx, input.channelId, userId);
    requireCommandChannel(access);
    const { command, application } = await usableCommand(this.ctx, access, input.commandId);
    const base = {
      id: command.id.toString(),
      name: command.name,
      ...(command.guildId !== null ? { guild_id: command.guildId.toString() } : {}),
    };
    const summary: InteractionSummary = {
      name: command.name,
      commandId: command.id.toString(),
      commandType: command.type,
    };
    let data: CommandData;
    if (command.type === ApplicationCommandType.ChatInput) {
      if (input.targetId !== undefined)
        throw Errors.invalidForm({
          target_id: { _errors: [{ code: "INTERACTION_TARGET_INVALID", message: "Slash commands have no target" }] },
        });
      const { options, resolved } = await checkOptionValues(
        this.ctx,
        access,
        command.options as unknown as StoredOption[],
        input.options,
        application.id,
      );
      data = {
        ...base,
        type: ApplicationCommandType.ChatInput,
        ...(options.length > 0 ? { options } : {}),
        ...(resolved ? { resolved } : {}),
      };
    } else {
      if (input.options?.length)
        throw Errors.invalidForm({
          options: {
            _errors: [{ code: "INTERACTION_OPTIONS_INVALID", message: "User and message commands take no options" }],
          },
        });
      if (input.targetId === undefined)
        throw Errors.invalidForm({
          target_id: { _errors: [{ code: "BASE_TYPE_REQUIRED", message: "This field is required" }] },
        });
      data =
        command.type === ApplicationCommandType.User
          ? await this.userTarget(access, base, input.targetId)
          : await this.messageTarget(access, base, input.targetId, application.botUserId);
      if (command.type === ApplicationCommandType.User) summary.targetUserId = input.targetId.toString();
      else summary.targetMessageId = input.targetId.toString();
    }
    return this.deliver({
      access,
      userId,
      application,
      type: InteractionType.ApplicationCommand,
      data,
      summary,
      source: null,
      preferred: null,
      tabId: input.tabId,
    });
  }

  /**
   * A person types into an option marked `autocomplete`: the bot receives a type 4 interaction
   * with what is typed so far (and the other options filled so far), to answer with choices
   * (callback 8). Nothing is posted; an unanswered one fails after 3 seconds like any other.
   */
  async autocomplete(userId: bigint, input: AutocompleteInput): Promise<{ id: string }> {
    const access = await channelAccess(this.ctx, input.channelId, userId);
    requireCommandChannel(access);
    const { command, application } = await usableCommand(this.ctx, access, input.commandId);
    if (command.type !== ApplicationCommandType.ChatInput)
      throw Errors.invalidForm({
        options: {
          _errors: [{ code: "INTERACTION_OPTIONS_INVALID", message: "User and message commands take no options" }],
        },
      });
    const { options, resolved, focusedType } = await checkAutocompleteValues(
      this.ctx,
      access,
      command.options as unknown as StoredOption[],
      input.options,
    );
    const data: APIAutocompleteApplicationCommandInteractionData = {
      id: command.id.toString(),
      name: command.name,
      ...(command.guildId !== null ? { guild_id: command.guildId.toString() } : {}),
      type: ApplicationCommandType.ChatInput,
      options: options as APIApplicationCommandInteractionDataOption<InteractionType.ApplicationCommandAutocomplete>[],
      ...(resolved ? { resolved } : {}),
    };
    const summary: InteractionSummary = {
      name: command.name,
      commandId: command.id.toString(),
      commandType: command.type,
      focusedType,
    };
    return this.deliver({
      access,
      userId,
      application,
      type: InteractionType.ApplicationCommandAutocomplete,
      data,
      summary,
      source: null,
      preferred: null,
      tabId: input.tabId,
    });
  }

  /** A person clicks a button or picks values in a select of a message (also of an ephemeral one of theirs). */
  async useComponent(userId: bigint, input: UseComponentInput): Promise<{ id: string }> {
    const access = await channelAccess(this.ctx, input.channelId, userId);
    if (!access.guild) throw Errors.unknownMessage();
    const source = await this.componentMessage(access, input.messageId, userId);
    const application = await this.botInGuild(access, BigInt(source.message.author.id));
    const data = await checkComponentUse(
      this.ctx,
      access,
      application ? source.message.components : [],
      input.customId,
      input.values,
    );
    const preferred = await stickySession(this.ctx.db, input.messageId, source.interactionId);
    const summary: InteractionSummary = { name: input.customId, componentType: data.component_type };
    return this.deliver({
      access,
      userId,
      application: application as { id: bigint; botUserId: bigint },
      type: InteractionType.MessageComponent,
      data,
      summary,
      source,
      preferred,
      tabId: input.tabId,
    });
  }

  /**
   * The person submits the form an application opened for them (spec: Interaction lifecycle,
   * "form opened -> form submitted"): only they, once, within the interaction's 15 minutes
   * (else 10062, or 40060 when it was submitted already); the answers are checked against the
   * form (50035 naming `answers.<custom_id>`). A form-submit interaction (type 5) then goes to
   * the bot session that opened the form, with the component's message when a click opened it.
   */
  async submitForm(userId: bigint, input: SubmitFormInput): Promise<{ id: string }> {
    const opener = (await this.ctx.db.interaction.findUnique({
      where: { id: input.interactionId },
    })) as InteractionRow | null;
    if (!opener || opener.userId !== userId || !opener.data.form) throw Errors.unknownInteraction();
    const access = await channelAccess(this.ctx, opener.channelId, userId);
    const data = checkFormAnswers(opener.data.form, input.answers);
    const source =
      opener.sourceMessageId === null
        ? null
        : await this.componentMessage(access, opener.sourceMessageId, userId).catch(() => null);
    const application = await this.ctx.db.application.findUniqueOrThrow({
      where: { id: opener.applicationId },
      select: { id: true, botUserId: true },
    });
    if (!(await markSubmitted(this.ctx.db, opener.id, userId))) {
      const current = await this.ctx.db.interaction.findUnique({ where: { id: opener.id }, select: { state: true } });
      throw current?.state === InteractionState.Submitted
        ? Errors.interactionAlreadyAcknowledged()
        : Errors.unknownInteraction();
    }
    try {
      return await this.deliver({
        access,
        userId,
        application,
        type: InteractionType.ModalSubmit,
        data,
        summary: { name: data.custom_id, formOf: opener.id.toString() },
        source,
        preferred: opener.sessionId,
        tabId: input.tabId,
      });
    } catch (error) {
      await undoSubmitted(this.ctx.db, opener.id);
      throw error;
    }
  }

  /**
   * The gateway node holding session `sessionId` may deliver the interaction to it: true for the
   * first node to claim it within its 3 seconds (and again for that same session).
   */
  claimDelivery(interactionId: string, sessionId: string): Promise<boolean> {
    return claimDelivery(this.ctx.db, BigInt(interactionId), sessionId);
  }

  /** The session the interaction was delivered to, if any (a node catching a taken-over session up asks). */
  deliveredTo(interactionId: string): Promise<string | null> {
    return deliveredSession(this.ctx.db, BigInt(interactionId));
  }

  /** No connected session of the bot can take the interaction: it fails at once, and the person is told. */
  async undeliverable(interactionId: string): Promise<void> {
    const gone = await markUndeliverable(this.ctx.db, BigInt(interactionId));
    if (!gone) return;
    await reopenForms(this.ctx.db, [gone.id]);
    await tellInteractionStatus(this.ctx, gone, "failed");
  }

  /** Fails every interaction unanswered after its 3 seconds (safe on several nodes: each is failed once). Answers how many. */
  async expireOverdue(): Promise<number> {
    const gone = await markOverdue(this.ctx.db);
    await reopenForms(
      this.ctx.db,
      gone.map((interaction) => interaction.id),
    );
    for (const interaction of gone) await tellInteractionStatus(this.ctx, interaction, "failed");
    return gone.length;
  }

  /** Forgets interactions an hour past their 15 minutes (housekeeping). Answers how many. */
  removeExpired(): Promise<number> {
    return removeExpired(this.ctx.db);
  }

  /** The application whose bot wrote a component's message, while the bot is in the guild (else its components do nothing). */
  private async botInGuild(
    access: ChannelAccess,
    botUserId: bigint,
  ): Promise<{ id: bigint; botUserId: bigint } | null> {
    const [application, member] = await Promise.all([
      this.ctx.db.application.findFirst({ where: { botUserId }, select: { id: true, botUserId: true } }),
      this.ctx.db.member.findUnique({
        where: { guildId_userId: { guildId: access.channel.guildId as bigint, userId: botUserId } },
        select: { userId: true },
      }),
    ]);
    return application && member ? application : null;
  }

  private async userTarget(
    access: ChannelAccess,
    base: { id: string; name: string },
    targetId: bigint,
  ): Promise<APIUserApplicationCommandInteractionData> {
    const resolver = new ResolvedEntities(this.ctx, access);
    if (!(await resolver.members([targetId])).has(targetId)) throw Errors.unknownUser();
    const resolved = resolver.result() as APIUserApplicationCommandInteractionData["resolved"];
    return { ...base, type: ApplicationCommandType.User, target_id: targetId.toString(), resolved };
  }

  /** The target message as the bot sees it (its own reactions marked `me`). */
  private async messageTarget(
    access: ChannelAccess,
    base: { id: string; name: string },
    targetId: bigint,
    botUserId: bigint,
  ): Promise<APIMessageApplicationCommandInteractionData> {
    // A message of the channel's history only for someone who may read it (else it answers as absent).
    const message = has(access.permissions, Permission.ReadMessageHistory)
      ? await this.messages.find(targetId, access.channel.id)
      : null;
    if (!message) throw Errors.unknownMessage();
    const wire = await this.messages.toWire(message, { viewerId: botUserId });
    return {
      ...base,
      type: ApplicationCommandType.Message,
      target_id: targetId.toString(),
      resolved: { messages: { [wire.id]: wire } },
    };
  }

  /**
   * The message a component is on: one of the channel's (as its author, the bot, sees it), or an
   * ephemeral one shown to this person there.
   */
  private async componentMessage(access: ChannelAccess, messageId: bigint, userId: bigint): Promise<ComponentSource> {
    const stored = await this.messages.find(messageId, access.channel.id);
    if (stored) {
      const meta = stored.interactionMeta as StoredInteractionMeta | null;
      return {
        message: await this.messages.toWire(stored, { viewerId: stored.authorId }),
        ephemeral: false,
        interactionId: meta ? BigInt(meta.id) : null,
      };
    }
    const entry = await this.ephemeral.get(messageId);
    if (!entry || entry.personId !== userId.toString() || entry.channelId !== access.channel.id.toString())
      throw Errors.unknownMessage();
    return { message: entry.message, ephemeral: true, interactionId: BigInt(entry.interactionId) };
  }

  private async deliver(args: {
    access: ChannelAccess;
    userId: bigint;
    application: { id: bigint; botUserId: bigint };
    type:
      | InteractionType.ApplicationCommand
      | InteractionType.ApplicationCommandAutocomplete
      | InteractionType.MessageComponent
      | InteractionType.ModalSubmit;
    data:
      | CommandData
      | APIAutocompleteApplicationCommandInteractionData
      | APIMessageComponentInteractionData
      | APIModalSubmission;
    summary: InteractionSummary;
    source: ComponentSource | null;
    preferred: string | null;
    tabId: string | undefined;
  }): Promise<{ id: string }> {
    const { access, application } = args;
    const guildId = access.channel.guildId as bigint;
    const { id, token } = await insertInteraction(this.ctx.db, {
      applicationId: application.id,
      type: args.type,
      guildId,
      channelId: access.channel.id,
      userId: args.userId,
      data: args.summary,
      sourceMessageId: args.source ? BigInt(args.source.message.id) : null,
      sourceEphemeral: args.source?.ephemeral ?? false,
      tabId: args.tabId ?? null,
    });
    try {
      const envelope = await interactionEnvelope(this.ctx, {
        id,
        token,
        applicationId: application.id,
        botUserId: application.botUserId,
        personId: args.userId,
        access,
      });
      const d: APIInteraction =
        args.type === InteractionType.ModalSubmit
          ? ({
              ...envelope,
              type: args.type,
              data: args.data as APIModalSubmission,
              ...(args.source ? { message: args.source.message } : {}),
            } satisfies APIModalSubmitGuildInteraction)
          : args.type === InteractionType.MessageComponent
            ? ({
                ...envelope,
                type: args.type,
                data: args.data as APIMessageComponentInteractionData,
                message: args.source?.message as APIMessage,
              } satisfies APIMessageComponentGuildInteraction)
            : args.type === InteractionType.ApplicationCommandAutocomplete
              ? ({
                  ...envelope,
                  type: args.type,
                  data: args.data as APIAutocompleteApplicationCommandInteractionData &
                    Required<Pick<APIAutocompleteApplicationCommandInteractionData, "options">>,
                } satisfies APIApplicationCommandAutocompleteGuildInteraction)
              : // Every field as discord-api-types has it; `data` is one of the three command kinds' (checked where it is built).
                ({ ...envelope, type: args.type, data: args.data as CommandData } satisfies Omit<
                  APIChatInputApplicationCommandGuildInteraction,
                  "data"
                > & { data: CommandData } as APIApplicationCommandGuildInteraction);
      await emit(this.ctx, {
        t: GatewayDispatchEvents.InteractionCreate,
        d,
        guildId: guildId.toString(),
        userIds: [application.botUserId.toString()],
        oneSession: { preferred: args.preferred },
      });
    } catch (error) {
      // Never delivered (the person left meanwhile, or the bus failed): nothing of it stays.
      await deleteInteraction(this.ctx.db, id);
      throw error;
    }
    return { id: id.toString() };
  }
}

interface ComponentSource {
  message: APIMessage;
  ephemeral: boolean;
  /** The interaction the message answers, when it is a reply (its session gets later clicks). */
  interactionId: bigint | null;
}
