import {
  type APIActionRowComponent,
  type APIApplicationCommand,
  type APIApplicationCommandOption,
  type APIComponentInMessageActionRow,
  type APIInteraction,
  type APIMessage,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ButtonStyle,
  type Client,
  ComponentType,
  GatewayDispatchEvents,
  InteractionType,
  MessageFlags,
} from "@discordjs/core";
import {
  type BotInteractions,
  type InteractionMessage,
  type ReceivedAutocomplete,
  type ReceivedInteraction,
  type SeenAttachment,
  type SeenCommandOption,
  type SeenInteraction,
  WaitableLog,
} from "../bot-interactions";
import type { SeenMessage } from "../bot-library";
import { rawForm, rawFormFields } from "./raw-forms";

function seenOption(option: APIApplicationCommandOption): SeenCommandOption {
  return {
    type: option.type,
    name: option.name,
    required: option.required ?? false,
    choices: "choices" in option ? (option.choices ?? []).map((c) => c.value) : [],
    options: "options" in option ? (option.options ?? []).map(seenOption) : [],
  };
}

function registered(command: APIApplicationCommand) {
  return {
    id: command.id,
    applicationId: command.application_id,
    type: command.type,
    name: command.name,
    options: (command.options ?? []).map(seenOption),
  };
}

/** Components as @discordjs/core takes them: the raw API shapes. */
function components(message: InteractionMessage): {
  components?: APIActionRowComponent<APIComponentInMessageActionRow>[];
} {
  const rows: APIActionRowComponent<APIComponentInMessageActionRow>[] = [];
  if (message.buttons) {
    rows.push({
      type: ComponentType.ActionRow,
      components: message.buttons.map((b) => ({
        type: ComponentType.Button,
        style: b.style === "primary" ? ButtonStyle.Primary : ButtonStyle.Secondary,
        custom_id: b.customId,
        label: b.label,
      })),
    });
  }
  if (message.select) {
    const { customId, placeholder, minValues, maxValues, options } = message.select;
    rows.push({
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.StringSelect,
          custom_id: customId,
          placeholder,
          min_values: minValues,
          max_values: maxValues,
          options,
        },
      ],
    });
  }
  return rows.length > 0 ? { components: rows } : {};
}

const flags = (message: { ephemeral?: boolean }) => (message.ephemeral ? MessageFlags.Ephemeral : undefined);

/** @discordjs/core hands over the raw payload: the bot reads the options and `resolved` itself. */
function see(interaction: APIInteraction): SeenInteraction | null {
  const base = {
    id: interaction.id,
    applicationId: interaction.application_id,
    guildId: interaction.guild_id ?? "",
    channelId: interaction.channel?.id ?? "",
    userId: interaction.member?.user.id ?? interaction.user?.id ?? "",
  };
  if (interaction.type === InteractionType.ApplicationCommand) {
    const { data } = interaction;
    const command = { commandId: data.id, commandName: data.name };
    if (data.type === ApplicationCommandType.ChatInput) {
      const top = data.options ?? [];
      const sub = top.find((o) => o.type === ApplicationCommandOptionType.Subcommand);
      const leaves = sub?.type === ApplicationCommandOptionType.Subcommand ? (sub.options ?? []) : top;
      const options: Record<string, string | number | boolean> = {};
      const users: Record<string, string> = {};
      const attachments: Record<string, SeenAttachment> = {};
      for (const leaf of leaves) {
        if (!("value" in leaf)) continue;
        options[leaf.name] = leaf.value;
        const user = leaf.type === ApplicationCommandOptionType.User ? data.resolved?.users?.[leaf.value] : undefined;
        if (user) users[user.id] = user.username;
        const file =
          leaf.type === ApplicationCommandOptionType.Attachment ? data.resolved?.attachments?.[leaf.value] : undefined;
        if (file)
          attachments[file.id] = {
            filename: file.filename,
            size: file.size,
            contentType: file.content_type ?? null,
            url: file.url,
          };
      }
      return {
        ...base,
        ...command,
        kind: "slash",
        subcommand: sub?.name ?? null,
        options,
        users,
        ...(Object.keys(attachments).length > 0 ? { attachments } : {}),
      };
    }
    if (data.type === ApplicationCommandType.User) {
      const target = data.resolved.users[data.target_id];
      return {
        ...base,
        ...command,
        kind: "user",
        targetId: data.target_id,
        users: target ? { [target.id]: target.username } : {},
      };
    }
    if (data.type === ApplicationCommandType.Message) {
      return {
        ...base,
        ...command,
        kind: "message",
        targetId: data.target_id,
        targetContent: data.resolved.messages[data.target_id]?.content,
      };
    }
    return null;
  }
  if (interaction.type === InteractionType.MessageComponent) {
    const { data, message } = interaction;
    if (data.component_type === ComponentType.Button)
      return { ...base, kind: "button", customId: data.custom_id, messageId: message.id };
    if (data.component_type === ComponentType.StringSelect)
      return { ...base, kind: "select", customId: data.custom_id, messageId: message.id, values: data.values };
  }
  if (interaction.type === InteractionType.ModalSubmit) {
    return {
      ...base,
      kind: "form",
      customId: interaction.data.custom_id,
      ...(interaction.message ? { messageId: interaction.message.id } : {}),
      fields: rawFormFields(interaction.data),
    };
  }
  return null;
}

/** @discordjs/core 2's interactions: api.interactions.* with the raw API shapes, commands through api.applicationCommands. */
export function discordJsCoreInteractions(
  client: Client,
  applicationId: () => string,
  seen: (message: APIMessage) => SeenMessage,
  problems: string[],
): BotInteractions {
  const received = new WaitableLog<ReceivedInteraction>("interaction");
  const autocompletes = new WaitableLog<ReceivedAutocomplete>("autocomplete interaction");
  client.on(GatewayDispatchEvents.InteractionCreate, ({ data: interaction, api }) => {
    if (interaction.type === InteractionType.ApplicationCommandAutocomplete) {
      // The raw payload: the bot finds the focused option itself.
      const leaves = (interaction.data.options ?? []).filter((o) => "value" in o);
      const focused = leaves.find((o) => "focused" in o && o.focused);
      const others = leaves.filter((o) => o !== focused);
      autocompletes.push({
        seen: {
          id: interaction.id,
          commandName: interaction.data.name,
          userId: interaction.member?.user.id ?? "",
          focused: {
            name: focused?.name ?? "(none)",
            value: focused && "value" in focused ? (focused.value as string | number) : "",
          },
          options: Object.fromEntries(others.map((o) => [o.name, (o as { value: string | number | boolean }).value])),
        },
        respond: (choices) =>
          api.interactions.createAutocompleteResponse(interaction.id, interaction.token, { choices }),
      });
      return;
    }
    const parsed = see(interaction);
    if (parsed === null) {
      problems.push(`unexpected interaction of type ${interaction.type}`);
      return;
    }
    const { id, token, application_id } = interaction;
    received.push({
      seen: parsed,
      async reply(message) {
        const response = await api.interactions.reply(id, token, {
          content: message.content,
          flags: flags(message),
          ...components(message),
          with_response: true,
        });
        if (!response.resource?.message) throw new Error("no message in the callback's answer");
        return seen(response.resource.message);
      },
      async defer(options) {
        await api.interactions.defer(id, token, { flags: flags(options) });
      },
      async showForm(form) {
        await api.interactions.createModal(id, token, rawForm(form));
      },
      async update(message) {
        await api.interactions.updateMessage(id, token, { content: message.content, ...components(message) });
      },
      async deferUpdate() {
        await api.interactions.deferMessageUpdate(id, token);
      },
      async editReply(content) {
        return seen(await api.interactions.editReply(application_id, token, { content }));
      },
      async followUp(message) {
        return seen(
          await api.interactions.followUp(application_id, token, {
            content: message.content,
            flags: flags(message),
            ...components(message),
          }),
        );
      },
    });
  });
  return {
    received,
    autocompletes,
    formLabels: true,
    async setGuildCommands(guildId, commands) {
      return (await client.api.applicationCommands.bulkOverwriteGuildCommands(applicationId(), guildId, commands)).map(
        registered,
      );
    },
  };
}
