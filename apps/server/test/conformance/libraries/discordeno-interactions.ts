import {
  type APIApplicationCommandOption,
  ApplicationCommandOptionType,
  ApplicationCommandType,
} from "discord-api-types/v10";
import {
  type ActionRow,
  ApplicationCommandOptionTypes,
  ApplicationCommandTypes,
  ButtonStyles,
  type Camelize,
  type CreateApplicationCommand,
  commandOptionsParser,
  type DiscordApplicationCommandOption,
  InteractionResponseTypes,
  InteractionTypes,
  MessageComponentTypes,
  MessageFlags,
  TextStyles,
} from "discordeno";
import {
  type BotInteractions,
  type CommandDefinitions,
  type FormDefinition,
  type InteractionMessage,
  isContextMenuCommand,
  type ReceivedAutocomplete,
  type ReceivedInteraction,
  type SeenAttachment,
  type SeenCommandOption,
  type SeenInteraction,
  WaitableLog,
} from "../bot-interactions";
import type { SeenMessage } from "../bot-library";
import type { DiscordenoBot, DiscordenoMessage } from "./discordeno";

type DiscordenoInteraction = Parameters<NonNullable<DiscordenoBot["events"]["interactionCreate"]>>[0];
type Option = Camelize<DiscordApplicationCommandOption>;

/** A command option in discordeno's own form: its enums, camelCase fields (it snake-cases the body itself). */
function discordenoOption(option: APIApplicationCommandOption): Option {
  const base = { name: option.name, description: option.description };
  switch (option.type) {
    case ApplicationCommandOptionType.Subcommand:
      return {
        ...base,
        type: ApplicationCommandOptionTypes.SubCommand,
        options: (option.options ?? []).map(discordenoOption),
      };
    case ApplicationCommandOptionType.String:
      return {
        ...base,
        type: ApplicationCommandOptionTypes.String,
        required: option.required,
        choices: option.choices,
        maxLength: option.max_length,
        autocomplete: option.autocomplete,
      };
    case ApplicationCommandOptionType.Integer:
      return {
        ...base,
        type: ApplicationCommandOptionTypes.Integer,
        required: option.required,
        minValue: option.min_value,
        maxValue: option.max_value,
        autocomplete: option.autocomplete,
      };
    case ApplicationCommandOptionType.Boolean:
      return { ...base, type: ApplicationCommandOptionTypes.Boolean, required: option.required };
    case ApplicationCommandOptionType.User:
      return { ...base, type: ApplicationCommandOptionTypes.User, required: option.required };
    case ApplicationCommandOptionType.Attachment:
      return { ...base, type: ApplicationCommandOptionTypes.Attachment, required: option.required };
    default:
      throw new Error(`no discordeno form here for option type ${option.type}`);
  }
}

function discordenoCommand(command: CommandDefinitions[number]): CreateApplicationCommand {
  if (isContextMenuCommand(command)) {
    return {
      type:
        command.type === ApplicationCommandType.User ? ApplicationCommandTypes.User : ApplicationCommandTypes.Message,
      name: command.name,
    };
  }
  return {
    type: ApplicationCommandTypes.ChatInput,
    name: command.name,
    description: command.description,
    options: (command.options ?? []).map(discordenoOption),
  };
}

interface ParsedOption {
  type: number;
  name: string;
  required?: boolean;
  choices?: { value: string | number }[];
  options?: ParsedOption[];
}

function seenOption(option: ParsedOption): SeenCommandOption {
  return {
    type: option.type,
    name: option.name,
    required: option.required ?? false,
    choices: (option.choices ?? []).map((c) => c.value),
    options: (option.options ?? []).map(seenOption),
  };
}

function components(message: InteractionMessage): { components?: ActionRow[] } {
  const rows: ActionRow[] = [];
  if (message.buttons) {
    const buttons = message.buttons.map((b) => ({
      type: MessageComponentTypes.Button as const,
      style: b.style === "primary" ? ButtonStyles.Primary : ButtonStyles.Secondary,
      customId: b.customId,
      label: b.label,
    }));
    rows.push({ type: MessageComponentTypes.ActionRow, components: buttons as ActionRow["components"] });
  }
  if (message.select) {
    const { customId, placeholder, minValues, maxValues, options } = message.select;
    rows.push({
      type: MessageComponentTypes.ActionRow,
      components: [{ type: MessageComponentTypes.SelectMenu, customId, placeholder, minValues, maxValues, options }],
    });
  }
  return rows.length > 0 ? { components: rows } : {};
}

const flags = (message: { ephemeral?: boolean }) => (message.ephemeral ? MessageFlags.Ephemeral : undefined);

/** discordeno's idiom for options: commandOptionsParser, which resolves users from `resolved`. */
function slashOptions(interaction: DiscordenoInteraction) {
  const sub = (interaction.data?.options ?? []).find((o) => o.type === ApplicationCommandOptionTypes.SubCommand);
  const parsed = commandOptionsParser(interaction);
  const leaves = (sub ? parsed[sub.name] : parsed) as Record<string, unknown>;
  const options: Record<string, string | number | boolean> = {};
  const users: Record<string, string> = {};
  const attachments: Record<string, SeenAttachment> = {};
  for (const [name, value] of Object.entries(leaves ?? {})) {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
      options[name] = value;
    } else if (typeof value === "object" && value !== null && "user" in value) {
      const user = value.user as { id: bigint; username: string } | undefined;
      options[name] = user?.id.toString() ?? "(user not resolved)";
      if (user) users[user.id.toString()] = user.username;
    } else if (typeof value === "object" && value !== null && "url" in value) {
      const file = value as { id: bigint; filename: string; size: number; contentType?: string; url: string };
      options[name] = file.id.toString();
      attachments[file.id.toString()] = {
        filename: file.filename,
        size: file.size,
        contentType: file.contentType ?? null,
        url: file.url,
      };
    }
  }
  return {
    subcommand: sub?.name ?? null,
    options,
    users,
    ...(Object.keys(attachments).length > 0 ? { attachments } : {}),
  };
}

function see(interaction: DiscordenoInteraction): SeenInteraction | null {
  const data = interaction.data;
  const base = {
    id: interaction.id.toString(),
    applicationId: interaction.applicationId.toString(),
    guildId: interaction.guildId?.toString() ?? "",
    channelId: interaction.channelId?.toString() ?? "",
    userId: interaction.user.id.toString(),
  };
  if (!data) return null;
  if (interaction.type === InteractionTypes.ApplicationCommand) {
    const command = { commandId: data.id?.toString(), commandName: data.name };
    const targetId = data.targetId?.toString();
    if (data.type === ApplicationCommandTypes.ChatInput)
      return { ...base, ...command, kind: "slash", ...slashOptions(interaction) };
    if (data.type === ApplicationCommandTypes.User && data.targetId !== undefined) {
      const target = data.resolved?.users?.get(data.targetId);
      return {
        ...base,
        ...command,
        kind: "user",
        targetId,
        users: target ? { [target.id.toString()]: target.username } : {},
      };
    }
    if (data.type === ApplicationCommandTypes.Message && data.targetId !== undefined) {
      return {
        ...base,
        ...command,
        kind: "message",
        targetId,
        targetContent: data.resolved?.messages?.get(data.targetId)?.content,
      };
    }
    return null;
  }
  if (interaction.type === InteractionTypes.ModalSubmit) {
    // discordeno 21 knows action rows of text inputs only (no label components): each row's input and its value.
    const fields: Record<string, string | string[]> = {};
    for (const row of data.components ?? []) {
      for (const input of row.components ?? [])
        if (input.customId !== undefined && input.value !== undefined) fields[input.customId] = input.value;
    }
    return {
      ...base,
      kind: "form",
      customId: data.customId ?? "",
      ...(interaction.message ? { messageId: interaction.message.id.toString() } : {}),
      fields,
    };
  }
  if (interaction.type === InteractionTypes.MessageComponent) {
    const messageId = interaction.message?.id.toString();
    if (data.componentType === MessageComponentTypes.Button)
      return { ...base, kind: "button", customId: data.customId, messageId };
    if (data.componentType === MessageComponentTypes.SelectMenu)
      return { ...base, kind: "select", customId: data.customId, messageId, values: data.values };
  }
  return null;
}

/** The form in discordeno's own form: its enums, camelCase fields; legacy rows only (discordeno 21 has no label component). */
function discordenoModal(form: FormDefinition) {
  const components: ActionRow[] = form.fields.map((field) => {
    const { input } = field;
    if (field.layout !== "row" || input.kind !== "text")
      throw new Error("discordeno 21 builds forms of text inputs in action rows only");
    return {
      type: MessageComponentTypes.ActionRow,
      components: [
        {
          type: MessageComponentTypes.InputText,
          customId: input.customId,
          label: field.label,
          style: input.style === "short" ? TextStyles.Short : TextStyles.Paragraph,
          required: input.required,
          ...(input.maxLength !== undefined ? { maxLength: input.maxLength } : {}),
          ...(input.placeholder !== undefined ? { placeholder: input.placeholder } : {}),
        },
      ],
    } as ActionRow;
  });
  return { customId: form.customId, title: form.title, components };
}

/** discordeno 21's interactions, through bot.helpers: sendInteractionResponse, editOriginalInteractionResponse, sendFollowupMessage. */
export function discordenoInteractions(
  bot: DiscordenoBot,
  seen: (message: DiscordenoMessage) => SeenMessage,
  problems: string[],
) {
  const received = new WaitableLog<ReceivedInteraction>("interaction");
  const autocompletes = new WaitableLog<ReceivedAutocomplete>("autocomplete interaction");
  const interactions: BotInteractions = {
    received,
    autocompletes,
    formLabels: false,
    async setGuildCommands(guildId, commands) {
      const answered = await bot.helpers.upsertGuildApplicationCommands(guildId, commands.map(discordenoCommand));
      return answered.map((c) => ({
        id: c.id.toString(),
        applicationId: c.applicationId.toString(),
        type: c.type ?? ApplicationCommandTypes.ChatInput,
        name: c.name,
        options: (c.options ?? []).map((o) => seenOption(o as ParsedOption)),
      }));
    },
  };
  const respond = (
    interaction: DiscordenoInteraction,
    type: InteractionResponseTypes,
    data?: Parameters<DiscordenoBot["helpers"]["sendInteractionResponse"]>[2]["data"],
    withResponse = false,
  ) =>
    bot.helpers.sendInteractionResponse(
      interaction.id,
      interaction.token,
      data === undefined ? { type } : { type, data },
      { withResponse },
    );
  const handle = (interaction: DiscordenoInteraction) => {
    if (interaction.type === InteractionTypes.ApplicationCommandAutocomplete) {
      const leaves = (interaction.data?.options ?? []) as {
        name: string;
        value?: string | number | boolean;
        focused?: boolean;
      }[];
      const focused = leaves.find((o) => o.focused);
      autocompletes.push({
        seen: {
          id: interaction.id.toString(),
          commandName: interaction.data?.name ?? "",
          userId: interaction.user.id.toString(),
          focused: { name: focused?.name ?? "(none)", value: (focused?.value as string | number | undefined) ?? "" },
          options: Object.fromEntries(
            leaves
              .filter((o) => !o.focused && o.value !== undefined)
              .map((o) => [o.name, o.value as string | number | boolean]),
          ),
        },
        respond: async (choices) => {
          await respond(interaction, InteractionResponseTypes.ApplicationCommandAutocompleteResult, { choices });
        },
      });
      return;
    }
    const parsed = see(interaction);
    if (parsed === null) {
      problems.push(`unexpected interaction of type ${interaction.type}`);
      return;
    }
    received.push({
      seen: parsed,
      async reply(message) {
        const response = await respond(
          interaction,
          InteractionResponseTypes.ChannelMessageWithSource,
          { content: message.content, flags: flags(message), ...components(message) },
          true,
        );
        if (!response?.resource?.message) throw new Error("discordeno read no message in the callback's answer");
        return seen(response.resource.message);
      },
      async defer(options) {
        await respond(interaction, InteractionResponseTypes.DeferredChannelMessageWithSource, {
          flags: flags(options),
        });
      },
      async showForm(form) {
        await respond(interaction, InteractionResponseTypes.Modal, discordenoModal(form));
      },
      async update(message) {
        await respond(interaction, InteractionResponseTypes.UpdateMessage, {
          content: message.content,
          ...components(message),
        });
      },
      async deferUpdate() {
        await respond(interaction, InteractionResponseTypes.DeferredUpdateMessage);
      },
      async editReply(content) {
        return seen(await bot.helpers.editOriginalInteractionResponse(interaction.token, { content }));
      },
      async followUp(message) {
        return seen(
          await bot.helpers.sendFollowupMessage(interaction.token, {
            content: message.content,
            flags: flags(message),
            ...components(message),
          }),
        );
      },
    });
  };
  return { interactions, handle };
}
