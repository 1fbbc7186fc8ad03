import {
  ActionRowBuilder,
  type APIApplicationCommandBasicOption,
  type ApplicationCommand,
  type ApplicationCommandOption,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ButtonBuilder,
  ButtonStyle,
  type Client,
  ComponentType,
  ContextMenuCommandBuilder,
  Events,
  type Interaction,
  LabelBuilder,
  type Message,
  MessageFlags,
  ModalBuilder,
  type ModalSubmitInteraction,
  type SlashCommandAttachmentOption,
  type SlashCommandBooleanOption,
  SlashCommandBuilder,
  type SlashCommandIntegerOption,
  type SlashCommandStringOption,
  type SlashCommandUserOption,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
} from "discord.js";
import {
  type BotInteractions,
  type CommandDefinitions,
  type FormDefinition,
  type FormFieldDefinition,
  type InteractionMessage,
  isContextMenuCommand,
  type ReceivedAutocomplete,
  type ReceivedInteraction,
  type SeenCommandOption,
  type SeenInteraction,
  WaitableLog,
} from "../bot-interactions";
import type { SeenMessage } from "../bot-library";

type CommandDefinition = CommandDefinitions[number];
/** What both a slash command builder and a subcommand builder offer for adding options. */
interface OptionHost {
  addStringOption(build: (option: SlashCommandStringOption) => SlashCommandStringOption): unknown;
  addIntegerOption(build: (option: SlashCommandIntegerOption) => SlashCommandIntegerOption): unknown;
  addBooleanOption(build: (option: SlashCommandBooleanOption) => SlashCommandBooleanOption): unknown;
  addUserOption(build: (option: SlashCommandUserOption) => SlashCommandUserOption): unknown;
  addAttachmentOption(build: (option: SlashCommandAttachmentOption) => SlashCommandAttachmentOption): unknown;
}

function addOption(host: OptionHost, option: APIApplicationCommandBasicOption): void {
  const required = option.required ?? false;
  switch (option.type) {
    case ApplicationCommandOptionType.String:
      host.addStringOption((o) => {
        o.setName(option.name).setDescription(option.description).setRequired(required);
        if (option.max_length !== undefined) o.setMaxLength(option.max_length);
        if (option.choices) o.addChoices(...option.choices);
        if (option.autocomplete) o.setAutocomplete(true);
        return o;
      });
      return;
    case ApplicationCommandOptionType.Integer:
      host.addIntegerOption((o) => {
        o.setName(option.name).setDescription(option.description).setRequired(required);
        if (option.min_value !== undefined) o.setMinValue(option.min_value);
        if (option.max_value !== undefined) o.setMaxValue(option.max_value);
        if (option.autocomplete) o.setAutocomplete(true);
        return o;
      });
      return;
    case ApplicationCommandOptionType.Boolean:
      host.addBooleanOption((o) => o.setName(option.name).setDescription(option.description).setRequired(required));
      return;
    case ApplicationCommandOptionType.User:
      host.addUserOption((o) => o.setName(option.name).setDescription(option.description).setRequired(required));
      return;
    case ApplicationCommandOptionType.Attachment:
      host.addAttachmentOption((o) => o.setName(option.name).setDescription(option.description).setRequired(required));
      return;
    default:
      throw new Error(`no builder here for option type ${option.type}`);
  }
}

/** The scenario's commands as discord.js's guide writes them: with its command builders. */
function builder(command: CommandDefinition): SlashCommandBuilder | ContextMenuCommandBuilder {
  if (isContextMenuCommand(command)) {
    return new ContextMenuCommandBuilder()
      .setName(command.name)
      .setType(
        command.type === ApplicationCommandType.User ? ApplicationCommandType.User : ApplicationCommandType.Message,
      );
  }
  const slash = new SlashCommandBuilder().setName(command.name).setDescription(command.description);
  for (const option of command.options ?? []) {
    if (option.type === ApplicationCommandOptionType.Subcommand) {
      slash.addSubcommand((sub) => {
        sub.setName(option.name).setDescription(option.description);
        for (const inner of option.options ?? []) addOption(sub, inner);
        return sub;
      });
    } else if (option.type === ApplicationCommandOptionType.SubcommandGroup) {
      throw new Error("the scenario has no subcommand groups");
    } else {
      addOption(slash, option);
    }
  }
  return slash;
}

function seenOption(option: ApplicationCommandOption): SeenCommandOption {
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
    applicationId: command.applicationId,
    type: command.type,
    name: command.name,
    options: command.options.map(seenOption),
  };
}

function rows(message: InteractionMessage) {
  const rows: (ActionRowBuilder<ButtonBuilder> | ActionRowBuilder<StringSelectMenuBuilder>)[] = [];
  if (message.buttons) {
    const buttons = message.buttons.map((b) =>
      new ButtonBuilder()
        .setCustomId(b.customId)
        .setLabel(b.label)
        .setStyle(b.style === "primary" ? ButtonStyle.Primary : ButtonStyle.Secondary),
    );
    rows.push(new ActionRowBuilder<ButtonBuilder>().addComponents(buttons));
  }
  if (message.select) {
    const { customId, placeholder, minValues, maxValues, options } = message.select;
    const select = new StringSelectMenuBuilder()
      .setCustomId(customId)
      .setPlaceholder(placeholder)
      .setMinValues(minValues)
      .setMaxValues(maxValues)
      .addOptions(options);
    rows.push(new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(select));
  }
  return rows.length > 0 ? { components: rows } : {};
}

function textInput(input: Extract<FormFieldDefinition["input"], { kind: "text" }>): TextInputBuilder {
  const built = new TextInputBuilder()
    .setCustomId(input.customId)
    .setStyle(input.style === "short" ? TextInputStyle.Short : TextInputStyle.Paragraph)
    .setRequired(input.required);
  if (input.maxLength !== undefined) built.setMaxLength(input.maxLength);
  if (input.placeholder !== undefined) built.setPlaceholder(input.placeholder);
  return built;
}

/** The form as discord.js's guide builds one: ModalBuilder with LabelBuilders, and a legacy ActionRowBuilder<TextInputBuilder> row. */
function modal(form: FormDefinition): ModalBuilder {
  const built = new ModalBuilder().setCustomId(form.customId).setTitle(form.title);
  for (const field of form.fields) {
    const { input } = field;
    if (field.layout === "row") {
      if (input.kind !== "text") throw new Error("a legacy row holds a text input");
      built.addComponents(
        new ActionRowBuilder<TextInputBuilder>().addComponents(textInput(input).setLabel(field.label)),
      );
      continue;
    }
    const label = new LabelBuilder().setLabel(field.label);
    if (field.description) label.setDescription(field.description);
    if (input.kind === "text") label.setTextInputComponent(textInput(input));
    else
      label.setStringSelectMenuComponent(
        new StringSelectMenuBuilder()
          .setCustomId(input.customId)
          .setMaxValues(input.maxValues)
          .addOptions(input.options),
      );
    built.addLabelComponents(label);
  }
  return built;
}

/** Each answer through ModalSubmitFields' own getters (getTextInputValue, getStringSelectValues). */
function formFields(interaction: ModalSubmitInteraction): Record<string, string | string[]> {
  return Object.fromEntries(
    [...interaction.fields.fields.entries()].map(([customId, field]) => [
      customId,
      field.type === ComponentType.StringSelect
        ? [...interaction.fields.getStringSelectValues(customId)]
        : interaction.fields.getTextInputValue(customId),
    ]),
  );
}

function see(interaction: Interaction): SeenInteraction | null {
  const base = {
    id: interaction.id,
    applicationId: interaction.applicationId,
    guildId: interaction.guildId ?? "",
    channelId: interaction.channelId ?? "",
    userId: interaction.user.id,
  };
  if (interaction.isChatInputCommand()) {
    const subcommand = interaction.options.getSubcommand(false);
    const leaves = subcommand === null ? interaction.options.data : (interaction.options.data[0]?.options ?? []);
    const options = Object.fromEntries(leaves.flatMap((o) => (o.value === undefined ? [] : [[o.name, o.value]])));
    const users = Object.fromEntries(leaves.flatMap((o) => (o.user ? [[o.user.id, o.user.username]] : [])));
    const files = leaves.flatMap((o) => {
      const file =
        o.type === ApplicationCommandOptionType.Attachment ? interaction.options.getAttachment(o.name) : null;
      return file
        ? [[file.id, { filename: file.name, size: file.size, contentType: file.contentType, url: file.url }]]
        : [];
    });
    const attachments = files.length > 0 ? { attachments: Object.fromEntries(files) } : {};
    return {
      ...base,
      kind: "slash",
      commandId: interaction.commandId,
      commandName: interaction.commandName,
      subcommand,
      options,
      users,
      ...attachments,
    };
  }
  if (interaction.isUserContextMenuCommand()) {
    const target = interaction.targetUser;
    return {
      ...base,
      kind: "user",
      commandId: interaction.commandId,
      commandName: interaction.commandName,
      targetId: interaction.targetId,
      users: { [target.id]: target.username },
    };
  }
  if (interaction.isMessageContextMenuCommand()) {
    return {
      ...base,
      kind: "message",
      commandId: interaction.commandId,
      commandName: interaction.commandName,
      targetId: interaction.targetId,
      targetContent: interaction.targetMessage.content,
    };
  }
  if (interaction.isButton())
    return { ...base, kind: "button", customId: interaction.customId, messageId: interaction.message.id };
  if (interaction.isStringSelectMenu())
    return {
      ...base,
      kind: "select",
      customId: interaction.customId,
      messageId: interaction.message.id,
      values: interaction.values,
    };
  if (interaction.isModalSubmit()) {
    return {
      ...base,
      kind: "form",
      customId: interaction.customId,
      ...(interaction.message ? { messageId: interaction.message.id } : {}),
      fields: formFields(interaction),
    };
  }
  return null;
}

/** discord.js 14's interactions: builders for commands and components, the interaction's own reply/defer/update methods. */
export function discordJsInteractions(
  client: Client,
  seen: (message: Message) => SeenMessage,
  problems: string[],
): BotInteractions {
  const received = new WaitableLog<ReceivedInteraction>("interaction");
  const autocompletes = new WaitableLog<ReceivedAutocomplete>("autocomplete interaction");
  const awaited = new WaitableLog<string>("awaitModalSubmit answer");
  client.on(Events.InteractionCreate, (interaction) => {
    if (interaction.isAutocomplete()) {
      const focused = interaction.options.getFocused(true);
      const others = interaction.options.data.filter((o) => !o.focused && o.value !== undefined);
      autocompletes.push({
        seen: {
          id: interaction.id,
          commandName: interaction.commandName,
          userId: interaction.user.id,
          focused: { name: focused.name, value: focused.value },
          options: Object.fromEntries(others.map((o) => [o.name, o.value as string | number | boolean])),
        },
        respond: (choices) => interaction.respond(choices),
      });
      return;
    }
    const parsed = see(interaction);
    if (parsed === null || !interaction.isRepliable()) {
      problems.push(`unexpected interaction of type ${interaction.type}`);
      return;
    }
    const component = () => {
      if (interaction.isMessageComponent()) return interaction;
      if (interaction.isModalSubmit() && interaction.isFromMessage()) return interaction;
      throw new Error("not a component interaction, nor a form submitted from one");
    };
    received.push({
      seen: parsed,
      async reply(message) {
        const response = await interaction.reply({
          content: message.content,
          flags: message.ephemeral ? MessageFlags.Ephemeral : undefined,
          ...rows(message),
          withResponse: true,
        });
        if (!response.resource?.message) throw new Error("discord.js read no message in the callback's answer");
        return seen(response.resource.message);
      },
      async defer({ ephemeral }) {
        await interaction.deferReply({ flags: ephemeral ? MessageFlags.Ephemeral : undefined });
      },
      async showForm(form) {
        if (!interaction.isChatInputCommand() && !interaction.isMessageComponent())
          throw new Error("forms answer commands and components");
        await interaction.showModal(modal(form));
        // As bots wait for the answer: in this process, from the interaction that opened the form.
        interaction
          .awaitModalSubmit({ time: 15_000, filter: (submitted) => submitted.customId === form.customId })
          .then(
            (submitted) => awaited.push(submitted.id),
            (error) => problems.push(`awaitModalSubmit for ${form.customId} failed: ${error}`),
          );
      },
      async update(message) {
        await component().update({ content: message.content, ...rows(message) });
      },
      async deferUpdate() {
        await component().deferUpdate();
      },
      async editReply(content) {
        return seen(await interaction.editReply({ content }));
      },
      async followUp(message) {
        return seen(
          await interaction.followUp({
            content: message.content,
            flags: message.ephemeral ? MessageFlags.Ephemeral : undefined,
            ...rows(message),
          }),
        );
      },
    });
  });
  return {
    received,
    autocompletes,
    formLabels: true,
    formSubmitsAwaited: awaited,
    async setGuildCommands(guildId, commands) {
      const guild = await client.guilds.fetch(guildId);
      return [...(await guild.commands.set(commands.map(builder))).values()].map(registered);
    },
  };
}
