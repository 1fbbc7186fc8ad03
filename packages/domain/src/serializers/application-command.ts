import {
  type APIApplicationCommand,
  type APIApplicationCommandOption,
  type ApplicationCommandType,
  ApplicationIntegrationType,
  InteractionContextType,
  type LocalizationMap,
} from "discord-api-types/v10";

export interface ApplicationCommandRow {
  id: bigint;
  applicationId: bigint;
  guildId: bigint | null;
  type: number;
  name: string;
  nameLocalizations: unknown;
  description: string;
  descriptionLocalizations: unknown;
  /** Stored as checked on write: only the fields that mean something for each option's type. */
  options: unknown;
  defaultMemberPermissions: bigint | null;
  nsfw: boolean;
  version: bigint;
}

/**
 * An application command. `guild_id` only for guild commands. Commands are guild-installed
 * and usable in guilds only (spec: "Commands appear in guild text channels ..."), so
 * `contexts` and `integration_types` are always `[0]` whatever was sent, and a global
 * command's `dm_permission` is false. `options` is left out when there are none.
 */
export function serializeApplicationCommand(row: ApplicationCommandRow) {
  const options = (row.options ?? []) as APIApplicationCommandOption[];
  return {
    id: row.id.toString(),
    type: row.type as ApplicationCommandType,
    application_id: row.applicationId.toString(),
    ...(row.guildId !== null ? { guild_id: row.guildId.toString() } : { dm_permission: false }),
    name: row.name,
    name_localizations: (row.nameLocalizations ?? null) as LocalizationMap | null,
    description: row.description,
    description_localizations: (row.descriptionLocalizations ?? null) as LocalizationMap | null,
    ...(options.length > 0 ? { options } : {}),
    default_member_permissions: row.defaultMemberPermissions?.toString() ?? null,
    nsfw: row.nsfw,
    contexts: [InteractionContextType.Guild],
    integration_types: [ApplicationIntegrationType.GuildInstall],
    version: row.version.toString(),
  } satisfies APIApplicationCommand;
}
