import {
  type APIApplicationCommandOption,
  ApplicationCommandOptionType,
  ApplicationCommandType,
} from "discord-api-types/v10";
import {
  type AnyInteractionGateway,
  AutocompleteInteraction,
  type ApplicationCommand,
  type ApplicationCommandOptions,
  ApplicationCommandOptionTypes,
  ApplicationCommandTypes,
  ButtonStyles,
  type Client,
  CommandInteraction,
  ComponentInteraction,
  ComponentTypes,
  type CreateGuildApplicationCommandOptions,
  type Message,
  type MessageActionRow,
  MessageFlags,
  type ModalComponent,
  ModalSubmitInteraction,
  TextInputStyles,
} from "oceanic.js";
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

/** A command option in Oceanic's own form: its enums, camelCase fields. */
function oceanicOption(option: APIApplicationCommandOption): ApplicationCommandOptions {
  const base = { name: option.name, description: option.description };
  switch (option.type) {
    case ApplicationCommandOptionType.Subcommand:
      return {
        ...base,
        type: ApplicationCommandOptionTypes.SUB_COMMAND,
        options: (option.options ?? []).map(oceanicOption) as never,
      };
    case ApplicationCommandOptionType.String:
      if (option.autocomplete)
        return { ...base, type: ApplicationCommandOptionTypes.STRING, required: option.required, autocomplete: true };
      return option.choices
        ? { ...base, type: ApplicationCommandOptionTypes.STRING, required: option.required, choices: option.choices }
        : {
            ...base,
            type: ApplicationCommandOptionTypes.STRING,
            required: option.required,
            maxLength: option.max_length,
          };
    case ApplicationCommandOptionType.Integer:
      if (option.autocomplete)
        return { ...base, type: ApplicationCommandOptionTypes.INTEGER, required: option.required, autocomplete: true };
      return {
        ...base,
        type: ApplicationCommandOptionTypes.INTEGER,
        required: option.required,
        minValue: option.min_value,
        maxValue: option.max_value,
      };
    case ApplicationCommandOptionType.Boolean:
      return { ...base, type: ApplicationCommandOptionTypes.BOOLEAN, required: option.required };
    case ApplicationCommandOptionType.User:
      return { ...base, type: ApplicationCommandOptionTypes.USER, required: option.required };
    case ApplicationCommandOptionType.Attachment:
      return { ...base, type: ApplicationCommandOptionTypes.ATTACHMENT, required: option.required };
    default:
      throw new Error(`no Oceanic form here for option type ${option.type}`);
  }
}

function oceanicCommand(command: CommandDefinitions[number]): CreateGuildApplicationCommandOptions {
  if (isContextMenuCommand(command)) {
    return {
      type:
        command.type === ApplicationCommandType.User ? ApplicationCommandTypes.USER : ApplicationCommandTypes.MESSAGE,
      name: command.name,
    };
  }
  return {
    type: ApplicationCommandTypes.CHAT_INPUT,
    name: command.name,
    description: command.description,
    options: (command.options ?? []).map(oceanicOption),
  };
}

function seenOption(option: ApplicationCommandOptions): SeenCommandOption {
  return {
    type: option.type,
    name: option.name,
    required: "required" in option ? (option.required ?? false) : false,
    choices: "choices" in option ? (option.choices ?? []).map((c) => c.value) : [],
    options: "options" in option ? (option.options ?? []).map(seenOption) : [],
  };
}

function registered(command: ApplicationCommand) {
  return {
    id: command.id,
    applicationId: command.applicationID,
    type: command.type,
    name: command.name,
    options: (command.options ?? []).map(seenOption),
  };
}

function components(message: InteractionMessage): { components?: MessageActionRow[] } {
  const rows: MessageActionRow[] = [];
  if (message.buttons) {
    rows.push({
      type: ComponentTypes.ACTION_ROW,
      components: message.buttons.map((b) => ({
        type: ComponentTypes.BUTTON,
        style: b.style === "primary" ? ButtonStyles.PRIMARY : ButtonStyles.SECONDARY,
        customID: b.customId,
        label: b.label,
      })),
    });
  }
  if (message.select) {
    const { customId, placeholder, minValues, maxValues, options } = message.select;
    rows.push({
      type: ComponentTypes.ACTION_ROW,
      components: [
        { type: ComponentTypes.STRING_SELECT, customID: customId, placeholder, minValues, maxValues, options },
      ],
    });
  }
  return rows.length > 0 ? { components: rows } : {};
}

const flags = (message: { ephemeral?: boolean }) => (message.ephemeral ? MessageFlags.EPHEMERAL : undefined);

function see(interaction: CommandInteraction | ComponentInteraction | ModalSubmitInteraction): SeenInteraction | null {
  const base = {
    id: interaction.id,
    applicationId: interaction.applicationID,
    guildId: interaction.guildID ?? "",
    channelId: interaction.channelID,
    userId: interaction.user.id,
  };
  if (interaction instanceof CommandInteraction) {
    const { data } = interaction;
    const command = { commandId: data.id, commandName: data.name };
    if (interaction.isChatInputCommand()) {
      const options: Record<string, string | number | boolean> = {};
      const users: Record<string, string> = {};
      const attachments: Record<string, SeenAttachment> = {};
      for (const option of data.options.getOptions()) {
        if (!("value" in option)) continue;
        options[option.name] = option.value;
        const user = option.type === ApplicationCommandOptionTypes.USER ? data.options.getUser(option.name) : undefined;
        if (user) users[user.id] = user.username;
        const file =
          option.type === ApplicationCommandOptionTypes.ATTACHMENT
            ? data.options.getAttachment(option.name)
            : undefined;
        if (file)
          attachments[file.id] = {
            filename: file.filename,
            size: file.size,
            contentType: file.contentType ?? null,
            url: file.url,
          };
      }
      const files = Object.keys(attachments).length > 0 ? { attachments } : {};
      return {
        ...base,
        ...command,
        kind: "slash",
        subcommand: data.options.getSubCommand(false)?.join(" ") ?? null,
        options,
        users,
        ...files,
      };
    }
    if (interaction.isUserCommand()) {
      const target = interaction.data.target;
      return {
        ...base,
        ...command,
        kind: "user",
        targetId: data.targetID ?? undefined,
        users: target ? { [target.id]: target.username } : {},
      };
    }
    if (interaction.isMessageCommand())
      return {
        ...base,
        ...command,
        kind: "message",
        targetId: data.targetID ?? undefined,
        targetContent: interaction.data.target?.content,
      };
    return null;
  }
  if (interaction instanceof ModalSubmitInteraction) {
    // Each answer through the components wrapper's own getters.
    const fields: Record<string, string | string[]> = {};
    for (const component of interaction.data.components.getComponents()) {
      if (component.type === ComponentTypes.TEXT_INPUT)
        fields[component.customID] = interaction.data.components.getTextInput(component.customID, true);
      if (component.type === ComponentTypes.STRING_SELECT)
        fields[component.customID] = interaction.data.components.getStringSelectValues(component.customID, true);
    }
    return {
      ...base,
      kind: "form",
      customId: interaction.data.customID,
      ...(interaction.message ? { messageId: interaction.message.id } : {}),
      fields,
    };
  }
  const { data, message } = interaction;
  if (data.componentType === ComponentTypes.BUTTON)
    return { ...base, kind: "button", customId: data.customID, messageId: message.id };
  if (data.componentType === ComponentTypes.STRING_SELECT)
    return {
      ...base,
      kind: "select",
      customId: data.customID,
      messageId: message.id,
      values: data.values.getStrings(),
    };
  return null;
}

/** The form in Oceanic's own form: ModalData with camelCase components, labels (type 18) and a legacy row. */
function oceanicModal(form: FormDefinition) {
  const components: ModalComponent[] = form.fields.map((field) => {
    const { input } = field;
    const text =
      input.kind === "text"
        ? {
            type: ComponentTypes.TEXT_INPUT as const,
            customID: input.customId,
            style: input.style === "short" ? TextInputStyles.SHORT : TextInputStyles.PARAGRAPH,
            required: input.required,
            ...(input.maxLength !== undefined ? { maxLength: input.maxLength } : {}),
            ...(input.placeholder !== undefined ? { placeholder: input.placeholder } : {}),
          }
        : null;
    if (field.layout === "row") {
      if (!text) throw new Error("a legacy row holds a text input");
      return { type: ComponentTypes.ACTION_ROW, components: [{ ...text, label: field.label }] };
    }
    const component = text ?? {
      type: ComponentTypes.STRING_SELECT as const,
      customID: input.customId,
      maxValues: input.kind === "select" ? input.maxValues : 1,
      options: input.kind === "select" ? input.options : [],
    };
    return {
      type: ComponentTypes.LABEL,
      label: field.label,
      ...(field.description ? { description: field.description } : {}),
      component,
    };
  });
  return { customID: form.customId, title: form.title, components };
}

/** Oceanic.js 1.15's interactions: the interaction's createMessage/defer/editParent/deferUpdate/editOriginal/createFollowup. */
export function oceanicInteractions(
  client: Client,
  seen: (message: Message) => SeenMessage,
  problems: string[],
): BotInteractions {
  const received = new WaitableLog<ReceivedInteraction>("interaction");
  const autocompletes = new WaitableLog<ReceivedAutocomplete>("autocomplete interaction");
  client.on("interactionCreate", (interaction: AnyInteractionGateway) => {
    if (interaction instanceof AutocompleteInteraction) {
      const focused = interaction.data.options.getFocused(true);
      const others = interaction.data.options.getOptions().filter((o) => o.name !== focused.name && "value" in o);
      autocompletes.push({
        seen: {
          id: interaction.id,
          commandName: interaction.data.name,
          userId: interaction.user.id,
          focused: { name: focused.name, value: focused.value },
          options: Object.fromEntries(others.map((o) => [o.name, (o as { value: string | number | boolean }).value])),
        },
        respond: async (choices) => {
          // Oceanic types choice values as strings only; it sends numbers as given.
          await interaction.result(choices as { name: string; value: string }[]);
        },
      });
      return;
    }
    const known =
      interaction instanceof CommandInteraction ||
      interaction instanceof ComponentInteraction ||
      interaction instanceof ModalSubmitInteraction;
    const parsed = known ? see(interaction) : null;
    if (parsed === null || !known) {
      problems.push(`unexpected interaction of type ${interaction.type}`);
      return;
    }
    const component = () => {
      if (
        interaction instanceof ComponentInteraction ||
        (interaction instanceof ModalSubmitInteraction && interaction.message)
      )
        return interaction;
      throw new Error("not a component interaction, nor a form submitted from one");
    };
    received.push({
      seen: parsed,
      async reply(message) {
        // Oceanic always asks for the answer (with_response=true) and parses its message.
        const response = await interaction.createMessage({
          content: message.content,
          flags: flags(message),
          ...components(message),
        });
        const answered = response.callback?.resource?.message;
        if (!answered) throw new Error("Oceanic read no message in the callback's answer");
        return seen(answered);
      },
      async defer(options) {
        await interaction.defer(flags(options));
      },
      async showForm(form) {
        if (interaction instanceof ModalSubmitInteraction) throw new Error("a form submit cannot open a form");
        await interaction.createModal(oceanicModal(form));
      },
      async update(message) {
        await component().editParent({ content: message.content, ...components(message) });
      },
      async deferUpdate() {
        await component().deferUpdate();
      },
      async editReply(content) {
        return seen(await interaction.editOriginal({ content }));
      },
      async followUp(message) {
        const response = await interaction.createFollowup({
          content: message.content,
          flags: flags(message),
          ...components(message),
        });
        return response.message ? seen(response.message) : null;
      },
    });
  });
  return {
    received,
    autocompletes,
    formLabels: true,
    async setGuildCommands(guildId, commands) {
      return (await client.application.bulkEditGuildCommands(guildId, commands.map(oceanicCommand))).map(registered);
    },
  };
}
